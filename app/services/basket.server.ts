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
    if (error instanceof IcmError && (error.status === 422 || error.status === 400 || error.status === 404)) {
      const errors = error.causes.length
        ? error.causes
        : [{ code: error.code ?? 'basket.error', message: error.message }]
      return { ok: false, errors }
    }
    throw error
  }
}
