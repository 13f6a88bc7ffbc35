/**
 * Order templates on the storefront against the real commerce API (issue 36, ADR 0041): an order saved as a
 * template, edited, and put into the basket in one add with the quantities fitted to today's rules and a
 * product no longer sold named in the toast; the basket saved as a template; a product added from its page;
 * a colleague of the same company sees none of it; a private customer and the feature switched off are sent
 * to the error page.
 */
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { baskets, lineItems, orderTemplateItems, products, users } from '../../commerce-api/db/schema'
import { setRules } from '../../commerce-api/domain/basket-test-fixtures'
import { sellableSkus, userToken } from '../commerce-api/checkout-fixtures'
import { businessOrder } from '../commerce-api/order-fixtures'
import type * as FeaturesModule from '~/services/features.server'
import { loader as rootLoader } from '~/root'
import { loader as shopLoader } from '~/routes/$lang._shop'
import {
  action as listAction,
  loader as listLoader,
} from '~/routes/$lang._shop.account.order-templates._index'
import {
  action as detailAction,
  loader as detailLoader,
} from '~/routes/$lang._shop.account.order-templates.$templateId'
import { action as newAction } from '~/routes/$lang._shop.account.order-templates.new'
import { action as addAction, loader as addLoader } from '~/routes/$lang._shop.account.order-templates.add'
import { Browser } from './shop'
import { api } from './setup'

const features = vi.hoisted(() => ({ orderTemplates: true }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'orderTemplates' ? features.orderTemplates : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.orderTemplates = true
})

const TEMPLATES = '/en/account/order-templates'
const db = () => api.database.db

/** The products of the user's basket that holds `marker` (the shopper's current one), by SKU. */
async function basketLinesOf(login: string, marker: string) {
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.login, login))
  const rows = await db()
    .select({ sku: lineItems.sku, quantity: lineItems.quantity, basket: baskets.id })
    .from(lineItems)
    .innerJoin(baskets, eq(baskets.id, lineItems.basketId))
    .where(eq(baskets.userId, user!.id))
  const current = rows.find((row) => row.sku === marker)?.basket
  return new Map(rows.filter((row) => row.basket === current).map((row) => [row.sku, row.quantity]))
}

let restore: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const undo of restore.reverse()) await undo()
  restore = []
})

describe('order templates on the storefront', () => {
  it('an order becomes a template; edited, it goes into the basket fitted to today’s rules, a refusal named', async () => {
    const [plain, stepped, gone, extra] = (await sellableSkus(api, 4)) as [string, string, string, string]
    const order = await businessOrder(api, await userToken(api, 'jlink'), [
      { sku: plain, quantity: 3 },
      { sku: stepped, quantity: 7 },
      { sku: gone, quantity: 2 },
    ])
    const jlink = new Browser('en')
    await jlink.login('jlink')
    expect((await jlink.load(shopLoader, '/en/home')).orderTemplates).toBe(true)

    // "Save as order template" on the order's page.
    const saved = await jlink.post(newAction, `${TEMPLATES}/new`, {
      source: 'order',
      orderId: order.id,
      title: 'Site restock',
      returnUrl: `/en/account/orders/${order.id}`,
    })
    const id = saved.split('/').pop()!
    expect(saved).toBe(`${TEMPLATES}/${id}`)
    expect((await jlink.load(rootLoader, saved)).shell.toast.text).toBe(
      'The order was saved as the order template “Site restock” with 3 products.',
    )
    const detail = await jlink.load(detailLoader, saved, { templateId: id })
    expect(detail.lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity])).toEqual([
      [plain, 3],
      [stepped, 7],
      [gone, 2],
    ])
    expect(detail.lines[0].name).toBeTruthy()

    // Edit a quantity, remove nothing yet; the list counts the products.
    const post = (form: Record<string, string>) => jlink.post(detailAction, saved, form, { templateId: id })
    expect(await post({ intent: 'quantity', sku: plain, quantity: '4' })).toBe(saved)
    const stored = await db().select().from(orderTemplateItems).where(eq(orderTemplateItems.templateId, id))
    expect(stored.find((item) => item.sku === plain)?.quantity).toBe(4)
    const bad = await jlink.call(detailAction, saved, {
      form: { intent: 'quantity', sku: plain, quantity: '0' },
      params: { templateId: id },
    })
    expect(bad.response.headers.get('Location')).toBe(saved)
    expect((await jlink.load(rootLoader, saved)).shell.toast.type).toBe('error')
    const { templates } = await jlink.load(listLoader, TEMPLATES)
    expect(templates).toContainEqual({ id, title: 'Site restock', itemsCount: 3 })

    // Today's rules differ: steps of 5 for one product, another is no longer sold.
    await setRules(db(), stepped, { min: 5, step: 5, max: null })
    await db().update(products).set({ online: false }).where(eq(products.sku, gone))
    restore.push(
      () => setRules(db(), stepped, { min: 1, step: 1, max: null }),
      () => db().update(products).set({ online: true }).where(eq(products.sku, gone)),
    )
    await jlink.add(extra, 1)
    const before = await basketLinesOf('jlink', extra)

    expect(await post({ intent: 'basket' })).toBe('/en/basket')
    const after = await basketLinesOf('jlink', extra)
    expect(after.get(plain)).toBe((before.get(plain) ?? 0) + 4)
    expect(after.get(stepped)).toBe(5)
    expect(after.has(gone)).toBe(false)
    expect(after.get(extra)).toBe(1)
    const toast = (await jlink.load(rootLoader, '/en/basket')).shell.toast
    expect(toast.type).toBe('info')
    expect(toast.text).toBe('2 products of the template “Site restock” are in your basket.')
    expect(toast.details).toEqual([
      expect.stringMatching(/: 5 instead of 7, as the product is sold today\.$/),
      expect.stringMatching(/ was not added: /),
    ])
    // The template keeps what the user wanted.
    const kept = await db().select().from(orderTemplateItems).where(eq(orderTemplateItems.templateId, id))
    expect(kept.find((item) => item.sku === stepped)?.quantity).toBe(7)

    // A colleague of the same company sees none of it.
    const bbuyer = new Browser('en')
    await bbuyer.login('bbuyer')
    expect(
      (await bbuyer.load(listLoader, TEMPLATES)).templates.map((t: { id: string }) => t.id),
    ).not.toContain(id)
    const foreign = await bbuyer.call(detailLoader, saved, { params: { templateId: id } })
    expect(foreign.response.status).toBe(404)
    const foreignPost = await bbuyer.call(detailAction, saved, {
      form: { intent: 'delete' },
      params: { templateId: id },
    })
    expect(foreignPost.response.status).toBe(404)

    // Rename, remove a line, delete.
    expect(await post({ intent: 'rename', title: 'Weekly' })).toBe(saved)
    expect(await post({ intent: 'remove', sku: gone })).toBe(saved)
    const renamed = await jlink.load(detailLoader, saved, { templateId: id })
    expect(renamed.template.title).toBe('Weekly')
    expect(renamed.lines).toHaveLength(2)
    expect(await post({ intent: 'delete' })).toBe(TEMPLATES)
    expect((await jlink.call(detailLoader, saved, { params: { templateId: id } })).response.status).toBe(404)
  })

  it('saves the basket as a template, adds a product from its page, and creates and lists templates', async () => {
    const [a, b] = (await sellableSkus(api, 2)) as [string, string]
    const buyer = new Browser('en')
    await buyer.login('ccowner')
    await buyer.add(a, 2)
    await buyer.add(b, 1)
    await buyer.add(a, 1)
    const saved = await buyer.post(newAction, `${TEMPLATES}/new`, {
      source: 'basket',
      title: 'From my basket',
      returnUrl: '/en/basket',
    })
    const id = saved.split('/').pop()!
    const lines = (await buyer.load(detailLoader, saved, { templateId: id })).lines
    expect(lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity])).toEqual([
      [a, 3],
      [b, 1],
    ])

    // An empty title goes back where it came from, with the reason.
    const blank = await buyer.post(newAction, `${TEMPLATES}/new`, {
      source: 'basket',
      title: ' ',
      returnUrl: '/en/basket',
    })
    expect(blank).toBe('/en/basket')
    expect((await buyer.load(rootLoader, '/en/basket')).shell.toast.text).toBe(
      'Please enter a name of 1 to 100 characters.',
    )

    // From a product page: the page offers the user's templates; a new one is made when none is chosen.
    const productPage = `/en/product/${b}`
    const page = await buyer.load(
      addLoader,
      `${TEMPLATES}/add?sku=${b}&returnUrl=${encodeURIComponent(productPage)}`,
    )
    expect(page.templates).toEqual([{ id, title: 'From my basket' }])
    expect(page.returnUrl).toBe(productPage)
    expect(
      await buyer.post(addAction, `${TEMPLATES}/add`, {
        sku: b,
        quantity: '4',
        template: id,
        returnUrl: productPage,
      }),
    ).toBe(productPage)
    const missingTitle = await buyer.call(addAction, `${TEMPLATES}/add`, {
      form: { sku: b, quantity: '1', template: '', returnUrl: productPage },
    })
    expect(missingTitle.response.status).toBe(400)
    expect(
      await buyer.post(addAction, `${TEMPLATES}/add`, {
        sku: a,
        quantity: '2',
        template: '',
        title: 'Spares',
        returnUrl: productPage,
      }),
    ).toBe(productPage)
    const { templates } = await buyer.load(listLoader, TEMPLATES)
    expect(templates).toEqual([
      { id, title: 'From my basket', itemsCount: 2 },
      { id: expect.any(String), title: 'Spares', itemsCount: 1 },
    ])
    const [updated] = (await buyer.load(detailLoader, saved, { templateId: id })).lines.filter(
      (line: { sku: string }) => line.sku === b,
    )
    expect(updated.quantity).toBe(5)

    // The list page's own forms: create, and a title too long is the form's error (400), not a 5xx.
    const created = await buyer.post(listAction, TEMPLATES, { intent: 'create', title: 'Empty one' })
    expect(created).toMatch(new RegExp(`^${TEMPLATES}/[0-9a-f-]{36}$`))
    const tooLong = await buyer.call(listAction, TEMPLATES, {
      form: { intent: 'create', title: 'x'.repeat(101) },
    })
    expect(tooLong.response.status).toBe(400)
  })

  it('are for business users who may purchase, and gone with the feature off', async () => {
    const patricia = new Browser('en')
    await patricia.login('patricia@ironbridge.test')
    const refused = await patricia.call(listLoader, TEMPLATES)
    expect(refused.response.headers.get('Location')).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_PURCHASE',
    )
    expect((await patricia.load(shopLoader, '/en/home')).orderTemplates).toBe(false)

    features.orderTemplates = false
    const jlink = new Browser('en')
    await jlink.login('jlink')
    const off = await jlink.call(listLoader, TEMPLATES)
    expect(off.response.headers.get('Location')).toBe(
      '/en/error?error=feature-deactivated&value=orderTemplates',
    )
    expect((await jlink.load(shopLoader, '/en/home')).orderTemplates).toBe(false)
  })
})
