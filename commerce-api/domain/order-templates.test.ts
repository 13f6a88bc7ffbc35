/**
 * Order templates without HTTP (issue 36, ADR 0041): a template is its user's alone and never a wishlist, its
 * lines add up and change by differences within their bounds, and — the fitting — a template goes into the
 * basket in one add with adjustments allowed: each quantity fitted to the product's rules of today (minimum,
 * steps, maximum, the channel's cap), products that cannot be ordered any more refused by name, the rest added,
 * the template itself left as it was.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { lineItems, orderTemplateItems, products, users, wishlists } from '../db/schema'
import { addItems, createBasket } from './basket'
import { basketTestBed, refusal, setRules, setStock } from './basket-test-fixtures'
import { MAX_ITEM_QUANTITY } from './channel'
import {
  addOrderTemplateItem,
  createOrderTemplate,
  deleteOrderTemplate,
  getOrderTemplate,
  listOrderTemplates,
  ORDER_TEMPLATE_LIMITS,
  orderTemplateBasketItems,
  removeOrderTemplateItem,
  renameOrderTemplate,
  type TemplateOwner,
} from './order-templates'
import type { Principal } from './tokens'
import { listWishlists } from './wishlists'

let db: Db
let caller: Principal & { anonymous: false }
let skus: string[]
let owner: TemplateOwner
let colleague: TemplateOwner

basketTestBed({ skus: 5, login: 'jlink' }, (bed) => {
  db = bed.db
  caller = bed.caller as Principal & { anonymous: false }
  skus = bed.skus
})

beforeAll(async () => {
  owner = { userId: caller.userId }
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'bbuyer'))
  colleague = { userId: row!.id }
})

const linesOf = (template: { items: { sku: string; quantity: number }[] }) =>
  template.items.map((item) => [item.sku, item.quantity])

describe('an order template', () => {
  it('adds up a product’s quantities, changes them by differences and keeps each line from 1 to the limit', async () => {
    const [a, b] = skus as [string, string]
    const template = await createOrderTemplate(db, owner, { title: '  Site A  ' })
    expect(template.title).toBe('Site A')
    await addOrderTemplateItem(db, owner, template.id, a, 3)
    await addOrderTemplateItem(db, owner, template.id, b, 1)
    expect(linesOf(await addOrderTemplateItem(db, owner, template.id, a, 4))).toEqual([
      [a, 7],
      [b, 1],
    ])
    expect(linesOf(await addOrderTemplateItem(db, owner, template.id, a, -6))).toEqual([
      [a, 1],
      [b, 1],
    ])
    const belowOne = await refusal(() => addOrderTemplateItem(db, owner, template.id, a, -1))
    expect(belowOne.code).toBe('order_template.quantity.invalid.error')
    const aboveLimit = await refusal(() =>
      addOrderTemplateItem(db, owner, template.id, b, ORDER_TEMPLATE_LIMITS.quantity),
    )
    expect(aboveLimit.code).toBe('order_template.quantity.invalid.error')
    expect((await refusal(() => addOrderTemplateItem(db, owner, template.id, a, 0))).kind).toBe('invalid')
    expect((await refusal(() => addOrderTemplateItem(db, owner, template.id, 'NOPE', 1))).kind).toBe(
      'not-found',
    )
    expect(linesOf(await getOrderTemplate(db, owner, template.id))).toEqual([
      [a, 1],
      [b, 1],
    ])
    expect(linesOf(await removeOrderTemplateItem(db, owner, template.id, a))).toEqual([[b, 1]])
    expect((await renameOrderTemplate(db, owner, template.id, { title: 'Site B' })).title).toBe('Site B')
    const blank = await refusal(() => renameOrderTemplate(db, owner, template.id, { title: ' ' }))
    expect(blank.code).toBe('order_template.title.invalid.error')
    await deleteOrderTemplate(db, owner, template.id)
    expect((await refusal(() => getOrderTemplate(db, owner, template.id))).kind).toBe('not-found')
  })

  it('is its user’s alone: a colleague of the same company neither lists, reads nor changes it', async () => {
    const template = await createOrderTemplate(db, owner, { title: 'Not for bbuyer' })
    expect((await listOrderTemplates(db, colleague)).map((t) => t.id)).not.toContain(template.id)
    for (const attempt of [
      () => getOrderTemplate(db, colleague, template.id),
      () => renameOrderTemplate(db, colleague, template.id, { title: 'Mine' }),
      () => addOrderTemplateItem(db, colleague, template.id, skus[0]!, 1),
      () => deleteOrderTemplate(db, colleague, template.id),
    ]) {
      const refused = await refusal(attempt)
      expect(refused.code).toBe('order_template.not_found.error')
    }
    expect((await getOrderTemplate(db, owner, template.id)).title).toBe('Not for bbuyer')
  })

  it('is never a wishlist', async () => {
    const template = await createOrderTemplate(db, owner, { title: 'Only a template' })
    expect((await listWishlists(db, owner)).map((list) => list.id)).not.toContain(template.id)
    expect(await db.select().from(wishlists).where(eq(wishlists.id, template.id))).toEqual([])
  })

  it('holds at most ORDER_TEMPLATE_LIMITS.items products', async () => {
    const template = await createOrderTemplate(db, owner, { title: 'Full' })
    // Filled to the limit directly (the seeded catalogue is smaller than the limit).
    await db.insert(orderTemplateItems).values(
      Array.from({ length: ORDER_TEMPLATE_LIMITS.items }, (_, i) => ({
        templateId: template.id,
        sku: `FILLER-${i}`,
        quantity: 1,
      })),
    )
    const over = await refusal(() => addOrderTemplateItem(db, owner, template.id, skus[0]!, 1))
    expect(over.code).toBe('order_template.items.limit.error')
    // A product already on it still changes.
    expect(
      (await addOrderTemplateItem(db, owner, template.id, 'FILLER-0', 2)).items.find(
        (i) => i.sku === 'FILLER-0',
      )?.quantity,
    ).toBe(3)
    await deleteOrderTemplate(db, owner, template.id)
  })
})

describe('putting a template into the basket (the fitting)', () => {
  it('fits each line to today’s rules in one add, names what cannot be ordered, and leaves the template as it was', async () => {
    const [plain, stepped, capped, offline, soldOut] = skus as [string, string, string, string, string]
    const template = await createOrderTemplate(db, owner, { title: 'Fitting' })
    for (const [sku, quantity] of [
      [plain, 3],
      [stepped, 7],
      [capped, MAX_ITEM_QUANTITY + 50],
      [offline, 2],
      [soldOut, 1],
    ] as const)
      await addOrderTemplateItem(db, owner, template.id, sku, quantity)
    // The rules change after the template was made.
    await setRules(db, stepped, { min: 5, step: 5, max: null })
    await db.update(products).set({ online: false }).where(eq(products.sku, offline))
    await setStock(db, soldOut, 0)

    const kept = await getOrderTemplate(db, owner, template.id)
    const basket = await createBasket(db, caller, 'EUR')
    const result = await addItems(db, basket, 'en_US', orderTemplateBasketItems(kept), {
      adjustmentsAllowed: true,
    })

    const lines = await db.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    expect(lines.map((line) => [line.sku, line.quantity]).sort()).toEqual(
      [
        [plain, 3],
        [stepped, 5],
        [capped, MAX_ITEM_QUANTITY],
      ].sort(),
    )
    expect(result.adjusted.map((a) => [a.sku, a.requested, a.lineQuantity, a.reason.code])).toEqual([
      [stepped, 7, 5, 'basket.line_item.quantity.step_quantity.error'],
      [
        capped,
        MAX_ITEM_QUANTITY + 50,
        MAX_ITEM_QUANTITY,
        'basket.line_item.quantity.max_order_quantity.error',
      ],
    ])
    expect(result.refused.map((r) => [r.paths?.[0], r.code])).toEqual([
      ['[3].product', 'basket.line_item.product_not_found.error'],
      ['[4].product', 'basket.line_item.product_out_of_stock.error'],
    ])
    // The template keeps what the user wanted.
    expect(linesOf(await getOrderTemplate(db, owner, template.id))).toEqual(linesOf(kept))

    await setRules(db, stepped, { min: 1, step: 1, max: null })
    await db.update(products).set({ online: true }).where(eq(products.sku, offline))
    await setStock(db, soldOut, 100)
  })
})
