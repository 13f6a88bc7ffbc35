/**
 * Recurring orders (spec §6, §7; ADR 0020): whose the shopper may read (an account admin all of the
 * customer's, other business users their own, private customers theirs through their own endpoint), a page of
 * them, one with its template, switching one on or off (a PATCH only when that changes it, spec §4), deleting
 * one, and the basket's recurrence set or removed at checkout. Personal: never cached.
 */
import { z } from 'zod'
import { API_CODES } from '~/models/api-codes'
import {
  ADMIN_CONTEXT,
  mapRecurringOrder,
  mapRecurringOrderList,
  RecurringOrderEnvelopeSchema,
  RecurringOrderListSchema,
  type Recurrence,
  type RecurringOrder,
  type RecurringOrderContext,
  type RecurringOrderPage,
  type RecurringOrderScope,
} from '~/models/recurring-order'
import { hasPermission } from './guards.server'
import { notFound } from './http.server'
import { product } from './products.server'
import { icmCall, IcmError, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

/** Who may read all of the customer's recurring orders (the customer endpoint, spec §6 "ADMIN role"). */
export const MANAGE_PERMISSION = 'APP_B2B_MANAGE_USERS'

export const isRecurringOrderAdmin = (user: SessionUser) =>
  user.customerType === 'SMBCustomer' && hasPermission(user, MANAGE_PERMISSION)

/**
 * Which endpoint a page reads: a private customer's own; a business admin's list (and a page reached from it,
 * `context=admin`) the customer's; any other business user's own.
 */
export function recurringOrderScopeOf(
  user: SessionUser,
  context: RecurringOrderContext,
): RecurringOrderScope {
  if (user.customerType !== 'SMBCustomer') return 'private'
  return context === ADMIN_CONTEXT && isRecurringOrderAdmin(user) ? 'customer' : 'user'
}

const BASES: Record<RecurringOrderScope, string> = {
  customer: 'customers/-/recurringorders',
  user: 'customers/-/users/-/recurringorders',
  private: 'privatecustomers/-/recurringorders',
}

/** ICM answers recurring orders in this version of its format (icm-contract.md), as the PWA asks for them. */
export const RECURRING_ORDER_V2 = 'application/vnd.intershop.recurringorder.v2+json'

const one = (scope: RecurringOrderScope, id: string) => `${BASES[scope]}/${encodeURIComponent(id)}`

/** A page of recurring orders (`limit`, `offset`; ICM answers `info.total`). */
export async function listRecurringOrders(
  icm: IcmScope,
  scope: RecurringOrderScope,
  { limit, offset }: { limit: number; offset: number },
): Promise<RecurringOrderPage> {
  return mapRecurringOrderList(
    await icmCall(icm, {
      path: BASES[scope],
      query: { limit: String(limit), offset: String(offset) },
      schema: RecurringOrderListSchema,
      accept: RECURRING_ORDER_V2,
      cache: 'none',
    }),
  )
}

/** Unknown, foreign (404), refused (403) or malformed ids are a 404 page. */
function orNotFound(error: unknown): never {
  if (error instanceof IcmError && [400, 403, 404].includes(error.status)) throw notFound()
  throw error
}

/** One recurring order with its template; its lines named from the catalogue where ICM names none. */
export async function getRecurringOrder(
  icm: IcmScope,
  scope: RecurringOrderScope,
  id: string,
): Promise<RecurringOrder> {
  if (!id || id.length > 100) throw notFound()
  const found = await icmCall(icm, {
    path: one(scope, id),
    query: { include: 'discounts,lineItems_discounts' },
    schema: RecurringOrderEnvelopeSchema,
    accept: RECURRING_ORDER_V2,
    cache: 'none',
  })
    .then(mapRecurringOrder)
    .catch(orNotFound)
  // ICM's template lines carry the SKU only: the product's name comes from the catalogue (or stays the SKU).
  const names = await Promise.all(
    found.order.lines.map((line) =>
      line.name === line.sku
        ? product(icm, line.sku).then(
            (p) => p.name,
            () => line.name,
          )
        : line.name,
    ),
  )
  return {
    ...found,
    order: {
      ...found.order,
      lines: found.order.lines.map((line, i) => ({ ...line, name: names[i] ?? line.name })),
    },
  }
}

/**
 * Switches a recurring order on or off (spec §4: a PATCH only when it changes): reads it first; `changed`
 * says whether anything was sent.
 */
export async function setRecurringOrderActive(
  icm: IcmScope,
  scope: RecurringOrderScope,
  id: string,
  active: boolean,
): Promise<{ changed: boolean; number: string; expired?: true }> {
  if (!id || id.length > 100) throw notFound()
  const current = await icmCall(icm, {
    path: one(scope, id),
    schema: RecurringOrderEnvelopeSchema,
    accept: RECURRING_ORDER_V2,
    cache: 'none',
  }).catch(orNotFound)
  const number = current.data.number ?? id
  if (current.data.active === active) return { changed: false, number }
  // An order whose schedule ended cannot be switched on again (ICM refuses with recurringorder.expired.error,
  // also when it ended between the page and the post).
  if (active && current.data.expired) return { changed: false, number, expired: true }
  try {
    await icmCall(icm, {
      method: 'PATCH',
      path: one(scope, id),
      json: { active },
      schema: z.unknown(),
      accept: RECURRING_ORDER_V2,
      cache: 'none',
    })
  } catch (error) {
    if (isExpiredRefusal(error)) return { changed: false, number, expired: true }
    orNotFound(error)
  }
  return { changed: true, number }
}

const isExpiredRefusal = (error: unknown) =>
  error instanceof IcmError &&
  [error.code, ...error.causes.map((cause) => cause.code)].includes(API_CODES.recurringOrderExpired)

export async function deleteRecurringOrder(icm: IcmScope, scope: RecurringOrderScope, id: string) {
  if (!id || id.length > 100) throw notFound()
  await icmCall(icm, {
    method: 'DELETE',
    path: one(scope, id),
    schema: z.unknown(),
    accept: RECURRING_ORDER_V2,
    cache: 'none',
  }).catch(orNotFound)
}

/** Sets the basket's recurrence (or removes it with null); the API's refusals (400, 422) come back. */
export function setBasketRecurrence(
  icm: IcmScope,
  basketId: string,
  recurrence: Recurrence | null,
): Promise<IcmResult> {
  return tryIcm(
    icmCall(icm, {
      method: 'PATCH',
      path: `baskets/${encodeURIComponent(basketId)}`,
      json: { recurrence },
      schema: z.unknown(),
      cache: 'none',
    }).then(() => undefined),
  )
}
