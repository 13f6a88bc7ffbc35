import { z } from 'zod'
import {
  AddItemsResultSchema,
  BasketMergeSchema,
  BasketSchema,
  mandatoryOf,
  mapBasket,
  visibleInfos,
  type Basket,
} from '~/models/basket'
import { ensureToken } from './auth.server'
import { product } from './products.server'
import { icmCall, IcmError, refusalOf, tryIcm, type IcmResult, type IcmScope, tokenOf } from './icm.server'
import { oncePerRequest, type RequestArgs } from './request-memo.server'
import { clearToken, type ShopSession } from './session.server'
import { trackBasketChange } from './tracking.server'
import { API_CODES } from '~/models/api-codes'

/** The lines and the rebates the basket's `discounts` name. */
const INCLUDE = 'lineItems,discounts'

/**
 * Where the shopper's basket is: `baskets/current`, or a punchout's own basket (issue 34: a cXML setup's,
 * or the one made for this OCI or IDS session, so that punchouts of one user in parallel keep theirs apart).
 */
export function basketPathOf(scope: IcmScope): string {
  const id = scope.session?.get('punchout')?.basketId
  return id ? `baskets/${encodeURIComponent(id)}` : 'baskets/current'
}

/** The shopper's current basket, or null when there is no token or no basket yet. */
export async function currentBasket(scope: IcmScope): Promise<Basket | null> {
  if (!tokenOf(scope)) return null
  let basket: Basket
  try {
    const data = await icmCall(scope, {
      path: basketPathOf(scope),
      query: { include: INCLUDE },
      schema: BasketSchema,
      cache: 'none',
    })
    basket = mapBasket(data)
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 401)) return null
    throw error
  }
  // Bought in another currency (the shopper switched language): recalculated in the current one (spec §4).
  return basket.currency && basket.currency !== scope.locale.currency
    ? recalculateBasket(scope, basket)
    : basket
}

/** The current basket, read once per page request however many loaders show it (mini basket, basket page). */
export const currentBasketOnce = (args: RequestArgs, scope: IcmScope) =>
  oncePerRequest(args, 'basket', () => currentBasket(scope))

/** Recalculations under way per request (its session): the mini basket and a checkout step both ask for one. */
const recalculations = new WeakMap<object, Map<string, Promise<Basket>>>()

/**
 * `PATCH baskets/{id} {calculated:true}` in the current currency, once per request and basket however
 * many loaders find it in another currency; ICM's infos name the lines it removed.
 */
export function recalculateBasket(scope: IcmScope, basket: Basket): Promise<Basket> {
  if (!scope.session) return recalculate(scope, basket)
  let running = recalculations.get(scope.session)
  if (!running) recalculations.set(scope.session, (running = new Map()))
  const key = `${basket.id};${scope.locale.currency}`
  let result = running.get(key)
  if (!result) running.set(key, (result = recalculate(scope, basket)))
  return result
}

async function recalculate(scope: IcmScope, basket: Basket): Promise<Basket> {
  try {
    const data = await icmCall(scope, {
      method: 'PATCH',
      path: `baskets/${encodeURIComponent(basket.id)}`,
      query: { include: INCLUDE },
      json: { calculated: true },
      schema: BasketSchema,
      cache: 'none',
    })
    return mapBasket(data)
  } catch (error) {
    // A refused recalculation leaves the basket as it was; it is shown in its own currency.
    if (error instanceof IcmError && error.status < 500) return basket
    throw error
  }
}

/** A new basket of the shopper's; in a punchout it becomes the punchout's basket. */
export async function createBasket(scope: IcmScope): Promise<Basket> {
  const data = await icmCall(scope, {
    method: 'POST',
    path: 'baskets',
    query: { include: INCLUDE },
    schema: BasketSchema,
    cache: 'none',
  })
  const basket = mapBasket(data)
  const punchout = scope.session?.get('punchout')
  if (punchout) scope.session!.set('punchout', { ...punchout, basketId: basket.id })
  return basket
}

/**
 * One item to add; `warranty` is the id of a warranty the product is offered with, `customFields` travel
 * with the line (e.g. `pcode` from the add-items link, spec §5).
 */
export type BasketItem = {
  sku: string
  quantity: number
  warranty?: string
  customFields?: { name: string; value: string }[]
  /** The id of the line this item is a mandatory selection or accessory of (ADR 0011). */
  mandatorySelectionItemOf?: string
}

export type Problem = { code: string; message: string }

/** What an add did: the items the basket took (and their lines), the items it refused with ICM's causes. */
export type AddResult = {
  added: BasketItem[]
  /** The added products' names by SKU, as ICM's answered lines name them (it may not). */
  names: Record<string, string>
  /** Ids of the lines the added items went into, for the mini basket's highlight. */
  lineIds: string[]
  /** Lines the add touched whose product still asks for mandatory selections or accessories (ADR 0011). */
  mandatoryLineIds: string[]
  refused: { item: BasketItem; errors: Problem[] }[]
  /** Refusals that name no single item (e.g. the basket itself); nothing was added then. */
  errors: Problem[]
  infos: { code: string; message?: string }[]
  /** Items whose quantity ICM fitted to the product's rules (only when adjustments were allowed). */
  adjusted: { item: BasketItem; quantity: number; message: string }[]
}

const nothingAdded = (): AddResult => ({
  added: [],
  names: {},
  lineIds: [],
  mandatoryLineIds: [],
  refused: [],
  errors: [],
  infos: [],
  adjusted: [],
})

/** How an add may go: `adjustmentsAllowed` lets ICM fit quantities to the rules instead of refusing them. */
export type AddOptions = { adjustmentsAllowed?: boolean }

/** True when the basket took every item. */
export const addedAll = (result: AddResult) => result.refused.length === 0 && result.errors.length === 0

/**
 * Adds items in one call: obtains an anonymous token and creates the basket first when needed (spec §4
 * "Adding to basket"). ICM refuses a call as a whole and names the refused items in its causes' paths
 * (`[2].quantity.value`); those are reported and the call is repeated without them, so nothing valid is
 * dropped. A new token goes into the request's session.
 */
export async function addToBasket(
  scope: IcmScope,
  session: ShopSession,
  items: BasketItem[],
  options: AddOptions = {},
): Promise<AddResult> {
  if (items.length === 0) return nothingAdded()
  let result: AddResult
  try {
    result = await addWithToken(scope, session, items, options)
  } catch (error) {
    // The stored token is no longer known to ICM (expired, revoked, ICM reset): start over once with a new one.
    if (!(error instanceof IcmError && error.status === 401)) throw error
    clearToken(session)
    result = await addWithToken(scope, session, items, options)
  }
  // Every way of adding ends here: the tracked `add_to_cart` (with the shopper's consent only, ADR 0035).
  const fitted = new Map(result.adjusted.map(({ item, quantity }) => [item, quantity]))
  await trackBasketChange(
    scope,
    session,
    'add_to_cart',
    result.added.map((item) => ({ sku: item.sku, quantity: fitted.get(item) ?? item.quantity })),
  )
  return result
}

const itemJson = (item: BasketItem) => ({
  product: item.sku,
  quantity: { value: item.quantity },
  ...(item.warranty ? { warranty: item.warranty } : {}),
  ...(item.mandatorySelectionItemOf ? { mandatorySelectionItemOf: item.mandatorySelectionItemOf } : {}),
  ...(item.customFields?.length
    ? { customFields: item.customFields.map((f) => ({ ...f, type: 'String' })) }
    : {}),
})

/** The index of the item an ICM cause is about (`[3].product` → 3), if it names one. */
const causeIndex = (paths: string[] | undefined) => {
  const match = /^\[(\d+)\]/.exec(paths?.[0] ?? '')
  return match ? Number(match[1]) : undefined
}

/** ICM's causes per item index; undefined when a cause names no item of the call. */
function itemProblems(causes: (Problem & { paths?: string[] })[], count: number) {
  const byIndex = new Map<number, Problem[]>()
  for (const cause of causes) {
    const index = causeIndex(cause.paths)
    if (index === undefined || index >= count) return undefined
    byIndex.set(index, [...(byIndex.get(index) ?? []), problem(cause)])
  }
  return byIndex
}

/** The quantities ICM fitted, per item of the call (its infos' causes name the item and the quantity added). */
function adjustments(infos: z.infer<typeof AddItemsResultSchema>['infos'], items: BasketItem[]) {
  return infos.flatMap((info) =>
    info.causes.flatMap((cause) => {
      const index = causeIndex(cause.paths)
      const quantity = Number(cause.parameters?.adjusted)
      const item = index === undefined ? undefined : items[index]
      return item && Number.isFinite(quantity) ? [{ item, quantity, message: cause.message }] : []
    }),
  )
}

async function addWithToken(
  scope: IcmScope,
  session: ShopSession,
  items: BasketItem[],
  { adjustmentsAllowed = false }: AddOptions,
): Promise<AddResult> {
  const token = await ensureToken(scope, session)
  const current = await currentBasket(scope)
  // ICM refused the stored token: the ICM client dropped it from the session; start over with a new one.
  if (session.get('apiToken') !== token)
    throw new IcmError(401, API_CODES.tokenInvalid, 'The stored token was rejected.')
  const basket = current ?? (await createBasket(scope))
  let remaining = items
  const refused: AddResult['refused'] = []
  // Each round drops the items ICM named; a round that names none (or all) ends it.
  while (remaining.length > 0) {
    try {
      const result = await icmCall(scope, {
        method: 'POST',
        path: `baskets/${encodeURIComponent(basket.id)}/items`,
        ...(adjustmentsAllowed ? { query: { adjustmentsAllowed: 'true' } } : {}),
        json: remaining.map(itemJson),
        schema: AddItemsResultSchema,
        cache: 'none',
      })
      // An ICM that takes some items answers 2xx and names the others in `errors` (their causes' paths).
      const partial = result.errors.flatMap((error) => (error.causes.length ? error.causes : [error]))
      const byIndex = itemProblems(partial, remaining.length)
      for (const [index, errors] of byIndex ?? []) refused.push({ item: remaining[index]!, errors })
      return {
        added: byIndex ? remaining.filter((_, index) => !byIndex.has(index)) : remaining,
        names: Object.fromEntries(
          result.data.flatMap((line) => (line.name ? [[line.product, line.name]] : [])),
        ),
        lineIds: result.data.map((line) => line.id),
        mandatoryLineIds: result.data
          .filter((line) => mandatoryOf(line)?.satisfied === false)
          .map((l) => l.id),
        refused,
        errors: byIndex ? [] : partial.map(problem),
        infos: result.infos.map(({ code, message }) => ({ code, message })),
        adjusted: adjustments(result.infos, remaining),
      }
    } catch (error) {
      const causes = refusalCauses(error)
      const byIndex = itemProblems(causes, remaining.length)
      if (!byIndex) return { ...nothingAdded(), refused, errors: causes.map(problem) }
      for (const [index, errors] of byIndex) refused.push({ item: remaining[index]!, errors })
      remaining = remaining.filter((_, index) => !byIndex.has(index))
    }
  }
  return { ...nothingAdded(), refused }
}

const problem = (cause: Problem): Problem => ({ code: cause.code, message: cause.message })

/** ICM's causes of a refusal (400, 404, 409, 422), or the error itself as one; anything else is thrown on. */
const refusalCauses = (error: unknown): (Problem & { paths?: string[] })[] => refusalOf(error)

/** An ICM refusal as the errors to show (older callers; new code uses `tryIcm`). */
export const refusal = (error: unknown): { ok: false; errors: Problem[] } => ({
  ok: false,
  errors: refusalCauses(error).map(problem),
})

export type ChangeResult = IcmResult

const Anything = z.unknown()

/** One change of the shopper's basket; ICM's refusal comes back as errors, nothing is half-done. */
const change = (
  scope: IcmScope,
  call: { method: 'PATCH' | 'DELETE' | 'POST'; path: string; json?: unknown },
): Promise<ChangeResult> => tryIcm(icmCall(scope, { ...call, schema: Anything, cache: 'none' }))

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

/**
 * The mini basket's lines: name (from the cached catalog data), quantity and line total, newest first. A
 * product that cannot be loaded shows its SKU.
 */
export async function miniBasketLines(scope: IcmScope, basket: Basket) {
  const lines = [...basket.lines].sort((a, b) => b.position - a.position)
  const anonymous: IcmScope = { locale: scope.locale, pgid: scope.pgid }
  const names = await Promise.all(
    lines.map((line) =>
      product(anonymous, line.sku).then(
        (p) => p.name,
        () => line.sku,
      ),
    ),
  )
  return lines.map((line, i) => ({
    id: line.id,
    sku: line.sku,
    name: names[i]!,
    quantity: line.quantity,
    total: line.total,
  }))
}

/** An anonymous shopper's basket worth keeping at login: its id and the token that owns it. */
export type AnonymousBasket = { id: string; token: string }

/** The basket of an anonymous shopper, when it has lines (an empty one is not worth merging). */
export async function anonymousBasket(
  scope: IcmScope,
  session: ShopSession,
): Promise<AnonymousBasket | null> {
  const token = session.get('apiToken')
  if (!token || session.get('isAnonymous') === false || session.get('user')) return null
  const basket = await currentBasket({ ...scope, token })
  return basket && basket.lines.length > 0 ? { id: basket.id, token } : null
}

/**
 * After login (spec §4 "Basket loading and merging"): the anonymous basket is merged into the user's current
 * basket, or into a new one when the user has none (`POST baskets/{target}/merges`). ICM's infos (e.g. a
 * quantity held at the maximum) come back for the shopper; a refusal leaves both baskets as they were.
 */
export async function mergeIntoUserBasket(
  scope: IcmScope,
  source: AnonymousBasket,
  /** The user's saved basket, found as ICM clients find it (`GET baskets`, the newest; auth.server.ts). */
  savedBasketId?: string | null,
): Promise<{ ok: true; infos: { code: string; message?: string }[] } | { ok: false; errors: Problem[] }> {
  try {
    const target = savedBasketId
      ? { id: savedBasketId }
      : ((await currentBasket(scope)) ?? (await createBasket(scope)))
    // The answer names both baskets; the merged basket is read anew by the page the shopper lands on.
    const merged = await icmCall(scope, {
      method: 'POST',
      path: `baskets/${encodeURIComponent(target.id)}/merges`,
      json: { sourceBasket: source.id, sourceAuthenticationToken: source.token },
      schema: BasketMergeSchema,
      cache: 'none',
    })
    return { ok: true, infos: visibleInfos(merged.infos) }
  } catch (error) {
    return refusal(error)
  }
}
