/**
 * cXML order intake without HTTP (issue 34): a procurement system's purchase order for a transferred punchout
 * basket becomes the shop's order, in the purchase order's lines and quantities, at the shop's prices, with
 * its addresses and number; a purchase order that does not match leaves the basket as it was; the same one
 * sent again answers the same order.
 */
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { addresses, baskets, lineItems, orderLineItems, orders, prices } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase } from '../db/test-database'
import { orderSnapshotOf } from '../icm/orders'
import { addItems, type BasketRow } from './basket'
import { plainSkus } from './basket-test-fixtures'
import { openCxmlSession } from './punchout-sessions'
import {
  addressInputOf,
  placePunchoutOrder,
  type PunchoutOrderAddress,
  type PunchoutOrderRequest,
} from './punchout-orders'
import { punchoutTransferBasket } from './punchout-transfer'
import { punchoutPrincipal, type UserPrincipal } from './punchout-users'
import { refusal } from './test-refusal'
import type { TransferBasket } from '../punchout/transfer-basket'

let database: Database
let skus: string[] = []

beforeAll(async () => {
  database = await seededTestDatabase()
  skus = await plainSkus(database.db, 3)
  // One price whatever the quantity, so that a purchase order may change quantities at the transfer's prices.
  await database.db.update(prices).set({ scaled: [] }).where(inArray(prices.sku, skus))
})
afterAll(async () => {
  await database?.close()
})

const site: PunchoutOrderAddress = {
  name: 'Brightline Construction GmbH',
  deliverTo: ['Clara Punchout'],
  street: ['Baustelle Nord', 'Hafenstraße 12'],
  city: 'Hamburg',
  postalCode: '20457',
  countryCode: 'DE',
  email: 'site@brightline.test',
}

/** A session's basket of the cXML user with three lines, and what a transfer of it sends. */
async function transferred(login = 'brightline-cxml'): Promise<{
  basket: BasketRow
  transfer: TransferBasket
  principal: UserPrincipal
}> {
  const db = database.db
  const opened = await openCxmlSession(
    db,
    {
      senderIdentity: login,
      sharedSecret: DEMO_PASSWORD,
      operation: 'create',
      buyerCookie: 'cookie',
      browserFormPostUrl: 'https://procurement.example.test/return',
    },
    { currency: 'EUR', locale: 'en_US' },
  )
  const principal = await punchoutPrincipal(db, opened.user)
  const [basket] = await db.select().from(baskets).where(eq(baskets.id, opened.session.basketId))
  await addItems(db, basket!, 'en_US', [
    { sku: skus[0]!, quantity: 2 },
    { sku: skus[1]!, quantity: 5 },
    { sku: skus[2]!, quantity: 1 },
  ])
  return {
    basket: basket!,
    transfer: await punchoutTransferBasket(db, basket!.id, principal, 'en_US'),
    principal,
  }
}

/** The purchase order a procurement system sends for a transfer: every line as transferred. */
const orderRequestOf = (
  transfer: TransferBasket,
  overrides: Partial<PunchoutOrderRequest> = {},
): PunchoutOrderRequest => ({
  senderIdentity: 'brightline-cxml',
  sharedSecret: DEMO_PASSWORD,
  orderId: 'PO-2026-0042',
  total: transfer.subtotal,
  billTo: site,
  shipTo: site,
  items: transfer.lines.map((line) => ({
    sku: line.sku,
    lineId: line.lineId,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
  })),
  comments: 'Deliver to gate 3',
  ...overrides,
})

describe('a purchase order for a transferred basket', () => {
  it('becomes an order of the cXML user, paid by invoice, with its addresses, number and comments', async () => {
    const db = database.db
    const { basket, transfer } = await transferred()
    const result = await placePunchoutOrder(db, orderRequestOf(transfer), 'en_US', orderSnapshotOf)
    expect(result.created).toBe(true)
    expect(result.order.order).toMatchObject({
      basketId: basket.id,
      userId: basket.userId,
      customerNo: 'BC-200001',
      statusCode: 'NEW',
      paymentMethodId: 'INVOICE',
      currency: 'EUR',
    })
    expect(result.order.lines.map((l) => [l.sku, l.quantity])).toEqual(
      transfer.lines.map((l) => [l.sku, l.quantity]),
    )
    const [row] = await db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row).toMatchObject({
      status: 'submitted',
      externalOrderReference: 'PO-2026-0042',
      messageToMerchant: 'Deliver to gate 3',
      shippingMethodId: 'STD_GROUND',
    })
    // The purchase order's address is the basket's own, once for both uses, not one of the address book.
    const kept = await db.select().from(addresses).where(eq(addresses.basketId, basket.id))
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({
      companyName1: 'Brightline Construction GmbH',
      firstName: 'Clara',
      lastName: 'Punchout',
      addressLine1: 'Baustelle Nord',
      addressLine2: 'Hafenstraße 12',
      customerNo: null,
    })
    expect(row!.invoiceToAddressId).toBe(kept[0]!.id)
    expect(row!.commonShipToAddressId).toBe(kept[0]!.id)

    // The same purchase order again (a retry): the same order, nothing new.
    const again = await placePunchoutOrder(db, orderRequestOf(transfer), 'en_US', orderSnapshotOf)
    expect(again).toMatchObject({ created: false })
    expect(again.order.order.id).toBe(result.order.order.id)
    // Another purchase order for the ordered basket is refused.
    expect(
      await refusal(
        placePunchoutOrder(db, orderRequestOf(transfer, { orderId: 'PO-OTHER' }), 'en_US', orderSnapshotOf),
      ),
    ).toBe('conflict:punchout.order.already_ordered')
  })

  it('orders only the lines it names, in its quantities, finding lines by SKU without their ids', async () => {
    const db = database.db
    const { transfer } = await transferred()
    const [first, second] = transfer.lines
    const result = await placePunchoutOrder(
      db,
      orderRequestOf(transfer, {
        orderId: 'PO-PARTIAL',
        items: [
          { sku: first!.sku, lineId: first!.lineId, quantity: first!.quantity, unitPrice: first!.unitPrice },
          { sku: second!.sku, quantity: 3, unitPrice: second!.unitPrice },
        ],
      }),
      'en_US',
      orderSnapshotOf,
    )
    const lines = await db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, result.order.order.id))
    expect(lines.map((l) => [l.sku, l.quantity]).sort()).toEqual(
      [
        [first!.sku, first!.quantity],
        [second!.sku, 3],
      ].sort(),
    )
  })

  it('that does not match is refused, naming each item, and leaves the basket as it was', async () => {
    const db = database.db
    const { basket, transfer } = await transferred()
    const [first, second, third] = transfer.lines
    const before = await db.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    const tryOrder = (request: PunchoutOrderRequest) =>
      placePunchoutOrder(db, request, 'en_US', orderSnapshotOf).then(
        () => [] as string[],
        (error) =>
          (error.causes as { code: string; paths: string[] }[]).map((c) => `${c.code}@${c.paths.join(',')}`),
      )
    // A price that is not the shop's: refused, and nothing changed (the third line was not even named).
    expect(
      await tryOrder(
        orderRequestOf(transfer, {
          items: [
            { sku: first!.sku, lineId: first!.lineId, quantity: 1, unitPrice: first!.unitPrice },
            {
              sku: second!.sku,
              lineId: second!.lineId,
              quantity: 5,
              unitPrice: { amount: 1, currency: 'EUR' },
            },
          ],
        }),
      ),
    ).toEqual(['punchout.order.price.changed@items.1.unitPrice'])
    expect(
      await tryOrder(
        orderRequestOf(transfer, {
          items: [
            { sku: 'NOT-IN-BASKET', quantity: 1, unitPrice: first!.unitPrice },
            { sku: third!.sku, lineId: third!.lineId, quantity: 0.5, unitPrice: third!.unitPrice },
            { sku: third!.sku, lineId: third!.lineId, quantity: 1, unitPrice: third!.unitPrice },
          ],
        }),
      ),
    ).toEqual([
      'punchout.order.item.unknown@items.0',
      'punchout.order.quantity.invalid@items.1.quantity',
      'punchout.order.item.unknown@items.2',
    ])
    expect(
      await tryOrder(
        orderRequestOf(transfer, { total: { amount: transfer.subtotal.amount, currency: 'USD' } }),
      ),
    ).toEqual(['punchout.order.currency.mismatch@total'])
    const after = await db.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    expect(after).toEqual(before)
    expect(await db.select().from(addresses).where(eq(addresses.basketId, basket.id))).toEqual([])
    expect(await db.select().from(orders).where(eq(orders.basketId, basket.id))).toEqual([])
  })

  it('is refused with wrong credentials, and for a basket of another punchout user', async () => {
    const db = database.db
    const { transfer } = await transferred()
    expect(
      await refusal(
        placePunchoutOrder(db, orderRequestOf(transfer, { sharedSecret: 'guess' }), 'en_US', orderSnapshotOf),
      ),
    ).toBe('unauthenticated:punchout.login.invalid')
    const foreign = await transferred('kestrel-cxml')
    expect(
      await refusal(placePunchoutOrder(db, orderRequestOf(foreign.transfer), 'en_US', orderSnapshotOf)),
    ).toBe('not-found:punchout.order.basket.not_found')
    expect(
      await refusal(
        placePunchoutOrder(
          db,
          orderRequestOf(transfer, { basketId: foreign.basket.id }),
          'en_US',
          orderSnapshotOf,
        ),
      ),
    ).toBe('not-found:punchout.order.basket.not_found')
  })
})

describe('a purchase order’s address', () => {
  it('names the person of DeliverTo, else the address’s name', () => {
    expect(addressInputOf(site)).toMatchObject({
      firstName: 'Clara',
      lastName: 'Punchout',
      companyName1: site.name,
    })
    expect(addressInputOf({ ...site, deliverTo: undefined, name: 'Warehouse' })).toMatchObject({
      firstName: 'Warehouse',
      lastName: 'Warehouse',
    })
  })
})
