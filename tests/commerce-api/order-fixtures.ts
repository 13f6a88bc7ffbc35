/**
 * What the tests of moving orders and of order mails share: orders placed over HTTP as a guest or a Brightline
 * user (paid by invoice), the back office called with the operator's token, and the mails queued for someone.
 */
import { and, asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { mailOutbox } from '../../commerce-api/db/schema'
import { renderDeferredMails } from '../../commerce-api/mail/deferred'
import { ALL_INCLUDES, guestAddress, readyBusinessBasket, readyGuestBasket } from './checkout-fixtures'
import { call, type Api } from './harness'

/** The operator's token the back-office tests start their API with. */
export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef'

async function placed(api: Api, basket: { id: string; token: string }, matrix: string) {
  const order = await call(api.url(`orders?include=${ALL_INCLUDES}`, matrix), {
    method: 'POST',
    token: basket.token,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })
  expect(order.status).toBe(201)
  return order.json.data as { id: string; documentNumber: string; lineItems: string[] }
}

/** A guest's order of `items`, paid by invoice, in the shop language and currency of `matrix`. */
export async function guestOrder(
  api: Api,
  items: { sku: string; quantity: number }[],
  { matrix = ';loc=en_US;cur=EUR', address = guestAddress() } = {},
) {
  const basket = await readyGuestBasket(api, items, { matrix, address })
  const tender = { method: 'PUT', token: basket.token, json: { paymentInstrument: 'INVOICE' } }
  expect((await call(basket.url('/payments/open-tender'), tender)).status).toBe(200)
  return placed(api, basket, matrix)
}

/** A Brightline user's order of `items` to the head office, paid by invoice (in EUR). */
export async function businessOrder(api: Api, token: string, items: { sku: string; quantity: number }[]) {
  const basket = await readyBusinessBasket(api, token, items)
  return placed(api, basket, ';loc=en_US;cur=EUR')
}

/** A call of the back office (`/backoffice/…`) with the operator's token, or the one given. */
export function backoffice(
  api: Api,
  path: string,
  {
    method = 'GET',
    json,
    token = OPERATOR_TOKEN,
  }: { method?: string; json?: unknown; token?: string | null } = {},
) {
  return call(`${api.origin}/backoffice/${path}`, {
    method,
    json,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  })
}

/**
 * The mails to `to` of one kind, oldest first; those the server renders right after a change's commit
 * (a requisition's decision, mail/deferred.ts) are rendered first if they were not yet.
 */
export const mailsTo = async (api: Api, to: string, kind: string) => {
  await renderDeferredMails(api.database.db)
  return api.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.createdAt))
}
