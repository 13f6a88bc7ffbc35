import { z } from 'zod'
import { AddItemsResultSchema, BasketSchema, mapBasket, type Basket } from '~/models/basket'
import { clearToken, ensureToken } from './auth.server'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import type { ShopSession } from './session.server'

const INCLUDE = 'lineItems'

/** The shopper's current basket, or null when there is no token or no basket yet. */
export async function currentBasket(scope: IcmScope): Promise<Basket | null> {
  if (!scope.token) return null
  try {
    const data = await icmCall(scope, {
      path: 'baskets/current',
      query: { include: INCLUDE },
      schema: BasketSchema,
      cache: 'none',
    })
    return mapBasket(data)
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 401)) return null
    throw error
  }
}

async function createBasket(scope: IcmScope): Promise<Basket> {
  const data = await icmCall(scope, {
    method: 'POST',
    path: 'baskets',
    query: { include: INCLUDE },
    schema: BasketSchema,
    cache: 'none',
  })
  return mapBasket(data)
}

export type AddResult =
  | { ok: true; infos: { code: string; message?: string }[] }
  | { ok: false; errors: { code: string; message: string }[] }

/**
 * Adds items: obtains an anonymous token and creates the basket first when needed (spec §4 "Adding to
 * basket"). The session may change (new token) and must be committed by the caller.
 */
/** One item to add; `warranty` is the id of a warranty the product is offered with. */
export type BasketItem = { sku: string; quantity: number; warranty?: string }

export async function addToBasket(
  scope: IcmScope,
  session: ShopSession,
  items: BasketItem[],
): Promise<AddResult> {
  try {
    return await addWithToken(scope, session, items)
  } catch (error) {
    // The stored token is no longer known to ICM (expired, revoked, ICM reset): start over once with a new one.
    if (!(error instanceof IcmError && error.status === 401) && !scope.tokenRejected) throw error
    clearToken(session)
    scope.token = undefined
    scope.tokenRejected = false
    return addWithToken(scope, session, items)
  }
}

async function addWithToken(scope: IcmScope, session: ShopSession, items: BasketItem[]): Promise<AddResult> {
  await ensureToken(scope, session)
  const current = await currentBasket(scope)
  if (scope.tokenRejected)
    throw new IcmError(401, 'authentication.token.invalid', 'The stored token was rejected.')
  const basket = current ?? (await createBasket(scope))
  try {
    const result = await icmCall(scope, {
      method: 'POST',
      path: `baskets/${basket.id}/items`,
      json: items.map((item) => ({
        product: item.sku,
        quantity: { value: item.quantity },
        ...(item.warranty ? { warranty: item.warranty } : {}),
      })),
      schema: AddItemsResultSchema,
      cache: 'none',
    })
    return { ok: true, infos: result.infos }
  } catch (error) {
    return refusal(error)
  }
}

/** An ICM refusal (400, 404, 422) as the errors to show; anything else is thrown on. */
export function refusal(error: unknown): { ok: false; errors: { code: string; message: string }[] } {
  if (error instanceof IcmError && (error.status === 422 || error.status === 400 || error.status === 404)) {
    const errors = error.causes.length
      ? error.causes
      : [{ code: error.code ?? 'basket.error', message: error.message }]
    return { ok: false, errors }
  }
  throw error
}

export type ChangeResult = { ok: true } | { ok: false; errors: { code: string; message: string }[] }

const Anything = z.unknown()

/** One change of the shopper's basket; ICM's refusal comes back as errors, nothing is half-done. */
async function change(
  scope: IcmScope,
  call: { method: 'PATCH' | 'DELETE' | 'POST'; path: string; json?: unknown },
): Promise<ChangeResult> {
  try {
    await icmCall(scope, { ...call, schema: Anything, cache: 'none' })
    return { ok: true }
  } catch (error) {
    return refusal(error)
  }
}

const line = (basketId: string, lineId: string) =>
  `baskets/${encodeURIComponent(basketId)}/items/${encodeURIComponent(lineId)}`

/** A new quantity (0 deletes the line, spec §5) and/or desired delivery date (yyyy-mm-dd, null clears). */
export const updateLineItem = (
  scope: IcmScope,
  basketId: string,
  lineId: string,
  update: { quantity?: number; desiredDelivery?: string | null },
) =>
  change(scope, {
    method: 'PATCH',
    path: line(basketId, lineId),
    json: {
      ...(update.quantity !== undefined ? { quantity: { value: update.quantity } } : {}),
      ...(update.desiredDelivery !== undefined ? { desiredDelivery: update.desiredDelivery } : {}),
    },
  })

export const deleteLineItem = (scope: IcmScope, basketId: string, lineId: string) =>
  change(scope, { method: 'DELETE', path: line(basketId, lineId) })

/** Message to merchant and external order reference; an empty text clears the field (spec §3 Basket). */
export const updateBasketFields = (
  scope: IcmScope,
  basketId: string,
  fields: { messageToMerchant?: string; externalOrderReference?: string },
) =>
  change(scope, {
    method: 'PATCH',
    path: `baskets/${encodeURIComponent(basketId)}`,
    json: {
      ...(fields.messageToMerchant !== undefined
        ? { messageToMerchant: fields.messageToMerchant || null }
        : {}),
      ...(fields.externalOrderReference !== undefined
        ? { externalOrderReference: fields.externalOrderReference || null }
        : {}),
    },
  })

export const addPromotionCode = (scope: IcmScope, basketId: string, code: string) =>
  change(scope, {
    method: 'POST',
    path: `baskets/${encodeURIComponent(basketId)}/promotioncodes`,
    json: { code },
  })

export const removePromotionCode = (scope: IcmScope, basketId: string, code: string) =>
  change(scope, {
    method: 'DELETE',
    path: `baskets/${encodeURIComponent(basketId)}/promotioncodes/${encodeURIComponent(code)}`,
  })
