import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lineItems, productLinks } from '../../commerce-api/db/schema'
import { generateCatalog } from '../../commerce-api/db/seed/generate'
import {
  MANDATORY_LINK_TYPES,
  mandatoryDemo,
  type MandatoryDemo,
} from '../../commerce-api/db/seed/mandatory-links'
import { productExtras } from '../../commerce-api/db/seed/product-extras'
import { seedDatabase } from '../../commerce-api/db/seed/seed'
import { call, startApi, tokenFor, type Api } from './harness'

const PRODUCTS = 400
let api: Api
let demo: MandatoryDemo
beforeAll(async () => {
  api = await startApi({ products: PRODUCTS })
  const catalog = generateCatalog({ productCount: PRODUCTS })
  demo = mandatoryDemo(catalog, productExtras(catalog))!
})
afterAll(async () => {
  await api?.close()
})

const anonymousToken = async () =>
  (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token as string

type Item = { sku: string; quantity?: number; parent?: string }
const itemJson = (i: Item) => ({
  product: i.sku,
  quantity: { value: i.quantity ?? 1 },
  ...(i.parent !== undefined ? { mandatorySelectionItemOf: i.parent } : {}),
})

async function newBasket(token?: string) {
  const owner = token ?? (await anonymousToken())
  const created = await call(api.url('baskets'), { method: 'POST', token: owner })
  expect(created.status).toBe(201)
  const id = created.json.data.id as string
  const add = (items: Item[]) =>
    call(api.url(`baskets/${id}/items`), { method: 'POST', token: owner, json: items.map(itemJson) })
  const get = async () => (await call(api.url(`baskets/${id}?include=lineItems`), { token: owner })).json
  const rows = () => api.database.db.select().from(lineItems).where(eq(lineItems.basketId, id))
  const validate = async () =>
    (
      await call(api.url(`baskets/${id}/validations`), {
        method: 'POST',
        token: owner,
        json: { adjustmentsAllowed: true, scopes: ['Products'] },
      })
    ).json.data.results
  return { id, token: owner, add, get, rows, validate }
}

/** Adds one item and answers its line id. */
async function addOne(basket: Awaited<ReturnType<typeof newBasket>>, item: Item) {
  const added = await basket.add([item])
  expect(added.status, JSON.stringify(added.json)).toBe(201)
  return added.json.data[0].id as string
}

describe('seeded mandatory links', () => {
  it('are left out of a catalog too small for them, which seeds all the same', () => {
    const small = generateCatalog({ productCount: 100 })
    expect(mandatoryDemo(small, productExtras(small))).toBeNull()
    expect(demo.both.selections).toHaveLength(3)
  })

  it('are deterministic, stored, and shown by the product links resource', async () => {
    const catalog = generateCatalog({ productCount: PRODUCTS })
    expect(mandatoryDemo(catalog, productExtras(catalog))).toEqual(demo)
    const stored = await api.database.db
      .select()
      .from(productLinks)
      .where(inArray(productLinks.linkType, [...MANDATORY_LINK_TYPES]))
    expect(stored.map((r) => `${r.sku}>${r.linkType}>${r.targetSku}`).sort()).toEqual(
      demo.links.map((r) => `${r.sku}>${r.linkType}>${r.targetSku}`).sort(),
    )
    const links = await call(api.url(`products/${demo.both.sku}/links`))
    expect(links.status).toBe(200)
    const skusOf = (type: string) =>
      links.json.elements
        .find((l: { linkType: string }) => l.linkType === type)
        .productLinks.map((p: { uri: string }) => p.uri.split('/').pop())
    expect(skusOf('mandatoryselection')).toEqual(demo.both.selections)
    expect(skusOf('mandatoryaccessory')).toEqual(demo.both.accessories)
  })
})

describe('adding mandatory items', () => {
  it('shows a line its open selection and accessories, and which are satisfied once added for it', async () => {
    const basket = await newBasket()
    const added = await basket.add([{ sku: demo.both.sku }])
    expect(added.status).toBe(201)
    const parent = added.json.data[0]
    expect(parent.mandatorySelectionLinks).toEqual(
      demo.both.selections.map((product) => ({ product, satisfied: false })),
    )
    expect(parent.mandatoryAccessoryLinks).toEqual([{ product: demo.both.accessories[0], satisfied: false }])
    expect(parent.mandatoryLinksSatisfied).toBe(false)
    expect(parent.mandatorySelectionItemOf).toBeUndefined()

    const chosen = demo.both.selections[1]!
    const child = await basket.add([{ sku: chosen, quantity: 2, parent: parent.id }])
    expect(child.status).toBe(201)
    expect(child.json.data[0]).toMatchObject({ product: chosen, mandatorySelectionItemOf: parent.id })
    const childId = child.json.data[0].id as string

    // The same product added on its own is a line of its own; adding for the parent again adds up.
    await addOne(basket, { sku: chosen })
    expect(await addOne(basket, { sku: chosen, parent: parent.id })).toBe(childId)
    const rows = await basket.rows()
    expect(rows.find((r) => r.id === childId)).toMatchObject({
      quantity: 3,
      mandatorySelectionItemOf: parent.id,
    })
    expect(rows.filter((r) => r.sku === chosen && r.mandatorySelectionItemOf === null)).toHaveLength(1)

    const lines = (await basket.get()).included.lineItems
    expect(lines[parent.id].mandatorySelectionLinks).toEqual(
      demo.both.selections.map((product) =>
        product === chosen ? { product, satisfied: true, lineItem: childId } : { product, satisfied: true },
      ),
    )
    expect(lines[parent.id].mandatoryLinksSatisfied).toBe(false)

    const accessory = await addOne(basket, { sku: demo.both.accessories[0]!, parent: parent.id })
    const after = (await basket.get()).included.lineItems[parent.id]
    expect(after.mandatoryAccessoryLinks).toEqual([
      { product: demo.both.accessories[0], satisfied: true, lineItem: accessory },
    ])
    expect(after.mandatoryLinksSatisfied).toBe(true)
  })

  it('refuses an unknown parent line and a product the parent does not ask for, writing nothing', async () => {
    const basket = await newBasket()
    const parent = await addOne(basket, { sku: demo.selectionOnly.sku })
    const before = await basket.rows()

    for (const unknown of ['5d1c7f3e-0000-4000-8000-000000000000', 'not-a-line']) {
      const refused = await basket.add([
        { sku: demo.selectionOnly.selections[0]! },
        { sku: demo.selectionOnly.selections[1]!, parent: unknown },
      ])
      expect(refused.status).toBe(422)
      expect(refused.json.errors[0].causes).toEqual([
        expect.objectContaining({
          code: 'basket.line_item.mandatory_parent.not_found.error',
          paths: ['[1].mandatorySelectionItemOf'],
        }),
      ])
    }

    // An accessory of another product is not one of this line's choices.
    const notLinked = await basket.add([{ sku: demo.both.accessories[0]!, parent }])
    expect(notLinked.status).toBe(422)
    expect(notLinked.json.errors[0].causes[0]).toMatchObject({
      code: 'basket.line_item.mandatory_item.not_linked.error',
      paths: ['[0].mandatorySelectionItemOf'],
    })

    // A line of another basket is unknown here.
    const other = await newBasket()
    const foreign = await addOne(other, { sku: demo.selectionOnly.sku })
    const cross = await basket.add([{ sku: demo.selectionOnly.selections[0]!, parent: foreign }])
    expect(cross.status).toBe(422)
    expect(cross.json.errors[0].causes[0].code).toBe('basket.line_item.mandatory_parent.not_found.error')

    const empty = await basket.add([{ sku: demo.selectionOnly.selections[0]!, parent: '' }])
    expect(empty.status).toBe(400)
    expect(await basket.rows()).toEqual(before)
  })
})

describe('removing a line with mandatory items', () => {
  it('removes its selections and accessories with it, by delete and by quantity 0, and nothing else', async () => {
    const basket = await newBasket()
    const parent = await addOne(basket, { sku: demo.both.sku })
    await addOne(basket, { sku: demo.both.selections[0]!, parent })
    await addOne(basket, { sku: demo.both.accessories[0]!, parent })
    const standalone = await addOne(basket, { sku: demo.both.selections[0]! })
    expect(await basket.rows()).toHaveLength(4)

    const deleted = await call(api.url(`baskets/${basket.id}/items/${parent}`), {
      method: 'DELETE',
      token: basket.token,
    })
    expect(deleted.status).toBe(204)
    expect((await basket.rows()).map((r) => r.id)).toEqual([standalone])
    expect((await basket.get()).data.lineItems).toEqual([standalone])

    const second = await addOne(basket, { sku: demo.accessoriesOnly.sku })
    await addOne(basket, { sku: demo.accessoriesOnly.accessories[1]!, parent: second })
    const zero = await call(api.url(`baskets/${basket.id}/items/${second}`), {
      method: 'PATCH',
      token: basket.token,
      json: { quantity: { value: 0 } },
    })
    expect(zero.status).toBe(200)
    expect((await basket.rows()).map((r) => r.id)).toEqual([standalone])
  })
})

describe('validation', () => {
  it('names a missing selection before missing accessories, and passes once both are there', async () => {
    const basket = await newBasket()
    const parent = await addOne(basket, { sku: demo.both.sku })
    const open = await basket.validate()
    expect(open.valid).toBe(false)
    expect(open.errors.map((e: any) => [e.code, e.parameters.lineItemId])).toEqual([
      ['basket.line_item.mandatory_selection.missing.error', parent],
      ['basket.line_item.mandatory_accessory.missing.error', parent],
    ])
    expect(open.errors[0].parameters).toMatchObject({ scopes: ['Products'], productSku: demo.both.sku })
    // Adjustments cannot choose for the buyer: the lines stay as they are.
    expect(await basket.rows()).toHaveLength(1)

    await addOne(basket, { sku: demo.both.selections[2]!, parent })
    expect((await basket.validate()).errors.map((e: any) => e.code)).toEqual([
      'basket.line_item.mandatory_accessory.missing.error',
    ])
    await addOne(basket, { sku: demo.both.accessories[0]!, parent })
    expect(await basket.validate()).toMatchObject({ valid: true, errors: [] })

    const accessoriesOnly = await newBasket()
    const line = await addOne(accessoriesOnly, { sku: demo.accessoriesOnly.sku })
    await addOne(accessoriesOnly, { sku: demo.accessoriesOnly.accessories[0]!, parent: line })
    const missing = await accessoriesOnly.validate()
    expect(missing.errors).toHaveLength(1)
    expect(missing.errors[0].code).toBe('basket.line_item.mandatory_accessory.missing.error')
    expect(missing.errors[0].message).toContain(demo.accessoriesOnly.accessories[1])
  })
})

describe('merging at login', () => {
  it('keeps each selection with its parent line in the user basket', async () => {
    const source = await newBasket()
    const parent = await addOne(source, { sku: demo.selectionOnly.sku })
    await addOne(source, { sku: demo.selectionOnly.selections[1]!, parent })
    const user = (await tokenFor(api, { grant_type: 'password', username: 'bbuyer', password: 'Demo!2026' }))
      .json.access_token as string
    const target = await newBasket(user)
    // The user already has the selection as a line of its own: it stays apart.
    const own = await addOne(target, { sku: demo.selectionOnly.selections[1]! })
    const merged = await call(api.url(`baskets/${target.id}/merges?include=targetBasket_lineItems`), {
      method: 'POST',
      token: user,
      json: { sourceBasket: source.id, sourceAuthenticationToken: source.token },
    })
    expect(merged.status).toBe(200)
    const rows = await target.rows()
    expect(rows).toHaveLength(3)
    const newParent = rows.find((r) => r.sku === demo.selectionOnly.sku)!
    const child = rows.find((r) => r.mandatorySelectionItemOf !== null)!
    expect(child).toMatchObject({
      sku: demo.selectionOnly.selections[1],
      mandatorySelectionItemOf: newParent.id,
    })
    expect(rows.find((r) => r.id === own)).toMatchObject({ quantity: 1, mandatorySelectionItemOf: null })
    expect(merged.json.included.targetBasket_lineItems[newParent.id].mandatoryLinksSatisfied).toBe(true)
    expect((await target.validate()).valid).toBe(true)
  })
})

describe('a database seeded before mandatory items existed', () => {
  it('gets the demo links on the next start, once', async () => {
    const db = api.database.db
    const mandatoryRows = () =>
      db
        .select()
        .from(productLinks)
        .where(inArray(productLinks.linkType, [...MANDATORY_LINK_TYPES]))
    await db.delete(productLinks).where(inArray(productLinks.linkType, [...MANDATORY_LINK_TYPES]))
    expect(await mandatoryRows()).toHaveLength(0)
    expect((await seedDatabase(db, { products: PRODUCTS })).seeded).toBe(false)
    expect(await mandatoryRows()).toHaveLength(demo.links.length)
    // A second start adds nothing twice.
    await seedDatabase(db, { products: PRODUCTS })
    expect(await mandatoryRows()).toHaveLength(demo.links.length)
  })
})
