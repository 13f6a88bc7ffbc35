import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTokens, lineItems, productParts, products } from '../../commerce-api/db/schema'
import { call, startApi, tokenFor, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api?.close()
})

/** A sellable product with stock, no order-quantity restrictions, read from the database. */
async function plainProduct() {
  const rows = await api.database.db.select().from(products).where(eq(products.kind, 'product'))
  for (const row of rows) {
    const inv = await call(api.url(`inventories?sku=${row.sku}`))
    if (row.minOrderQuantity === 1 && row.stepQuantity === 1 && inv.json.data[0]?.availableStock > 10)
      return row
  }
  throw new Error('no plain product in the seed')
}

describe('token', () => {
  it('issues anonymous tokens, password tokens for e-mail and login names, and refreshes them', async () => {
    const anonymous = await tokenFor(api, { grant_type: 'anonymous' })
    expect(anonymous.status).toBe(200)
    expect(anonymous.json.access_token).toEqual(expect.any(String))
    expect(anonymous.headers.get('authentication-token')).toBe(anonymous.json.access_token)
    expect(anonymous.json.expires_in).toBe(3600)

    const byEmail = await tokenFor(api, {
      grant_type: 'password',
      username: 'PATRICIA@ironbridge.test',
      password: 'Demo!2026',
    })
    expect(byEmail.status).toBe(200)
    const byLogin = await tokenFor(api, { grant_type: 'password', username: 'jlink', password: 'Demo!2026' })
    expect(byLogin.status).toBe(200)

    const refreshed = await tokenFor(api, {
      grant_type: 'refresh_token',
      refresh_token: byLogin.json.refresh_token,
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.json).toMatchObject({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    })
    expect(refreshed.json.access_token).not.toBe(byLogin.json.access_token)
    // As in ICM, the presented pair is not revoked: requests still under way with it keep working.
    expect((await call(api.url('customers/-'), { token: byLogin.json.access_token })).status).toBe(200)
    expect((await call(api.url('customers/-'), { token: refreshed.json.access_token })).json.customerNo).toBe(
      'BC-200001',
    )
    // Unknown and empty refresh tokens are refused.
    const unknown = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: 'no-such-token' })
    expect(unknown.status).toBe(401)
    expect(unknown.json.errors[0].code).toBe('invalid_grant')
    expect((await tokenFor(api, { grant_type: 'refresh_token', refresh_token: '' })).status).toBe(400)
  })

  it('refreshes with the access token as refresh_token, as ICM storefronts do on a full page load', async () => {
    const login = await tokenFor(api, { grant_type: 'password', username: 'jlink', password: 'Demo!2026' })
    const byAccessToken = await tokenFor(api, {
      grant_type: 'refresh_token',
      refresh_token: login.json.access_token,
    })
    expect(byAccessToken.status).toBe(200)
    expect(byAccessToken.headers.get('authentication-token')).toBe(byAccessToken.json.access_token)
    // The new token is the same user's; the presented one still works.
    const customer = await call(api.url('customers/-'), { token: byAccessToken.json.access_token })
    expect(customer.json).toMatchObject({ customerNo: 'BC-200001', customerType: 'SMBCustomer' })
    expect((await call(api.url('customers/-'), { token: login.json.access_token })).status).toBe(200)
    // Refreshing again with the same access token works too (a second tab, a second page load).
    const again = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: login.json.access_token })
    expect(again.status).toBe(200)

    // A guest keeps their basket through such a refresh.
    const guest = await tokenFor(api, { grant_type: 'anonymous' })
    const basket = await call(api.url('baskets'), { method: 'POST', token: guest.json.access_token })
    const guestRefreshed = await tokenFor(api, {
      grant_type: 'refresh_token',
      refresh_token: guest.json.access_token,
    })
    const current = await call(api.url('baskets/current'), { token: guestRefreshed.json.access_token })
    expect(current.json.data.id).toBe(basket.json.data.id)
  })

  it('refuses an expired or logged-out access token as refresh_token', async () => {
    const { json } = await tokenFor(api, { grant_type: 'anonymous' })
    await api.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.token, json.access_token))
    const expired = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: json.access_token })
    expect(expired.status).toBe(401)
    expect(expired.json.errors[0].code).toBe('invalid_grant')

    const user = await tokenFor(api, { grant_type: 'password', username: 'bbuyer', password: 'Demo!2026' })
    await call(api.url('token/logout'), { method: 'PUT', token: user.json.access_token })
    for (const presented of [user.json.access_token, user.json.refresh_token])
      expect((await tokenFor(api, { grant_type: 'refresh_token', refresh_token: presented })).status).toBe(
        401,
      )
  })

  it('rejects wrong passwords with 401 and malformed requests with 400', async () => {
    const wrong = await tokenFor(api, { grant_type: 'password', username: 'jlink', password: 'nope' })
    expect(wrong.status).toBe(401)
    expect(wrong.json.errors[0].code).toBe('invalid_grant')
    const malformed = await tokenFor(api, { grant_type: 'password', username: 'jlink' })
    expect(malformed.status).toBe(400)
    expect(malformed.json.errors[0].causes[0].paths).toEqual(['password'])
    expect((await tokenFor(api, { grant_type: 'magic' })).status).toBe(400)
  })

  it('answers an expired token with 401 naming the AuthenticationToken', async () => {
    const { json } = await tokenFor(api, { grant_type: 'anonymous' })
    await api.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.token, json.access_token))
    const expired = await call(api.url('baskets/current'), { token: json.access_token })
    expect(expired.status).toBe(401)
    expect(expired.json.errors[0].message).toBe('AuthenticationToken is expired.')
    // Its refresh token still works and keeps the shopper's identity.
    const refreshed = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: json.refresh_token })
    expect(refreshed.status).toBe(200)
  })

  it('logs out: the token and every token refreshed from it stop working', async () => {
    const { json } = await tokenFor(api, {
      grant_type: 'password',
      username: 'bbuyer',
      password: 'Demo!2026',
    })
    expect((await call(api.url('customers/-'), { token: json.access_token })).status).toBe(200)
    const refreshed = (await tokenFor(api, { grant_type: 'refresh_token', refresh_token: json.access_token }))
      .json
    const logout = await call(api.url('token/logout'), { method: 'PUT', token: refreshed.access_token })
    expect(logout.status).toBe(204)
    for (const token of [refreshed.access_token, json.access_token]) {
      const after = await call(api.url('customers/-'), { token })
      expect(after.status).toBe(401)
      expect(after.json.errors[0].message).toMatch(/Unable to decode token/)
    }
    expect(
      (await tokenFor(api, { grant_type: 'refresh_token', refresh_token: refreshed.refresh_token })).status,
    ).toBe(401)
    // Another shopper's token is untouched.
    const other = await tokenFor(api, { grant_type: 'password', username: 'jlink', password: 'Demo!2026' })
    await call(api.url('token/logout'), {
      method: 'PUT',
      token: (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token,
    })
    expect((await call(api.url('customers/-'), { token: other.json.access_token })).status).toBe(200)
  })
})

describe('customers and configuration', () => {
  it('answers configurations without locale and currency', async () => {
    const { status, json } = await call(api.url('configurations', ''))
    expect(status).toBe(200)
    expect(json.data.general.locales).toEqual(['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO'])
    expect(json.data.general).toMatchObject({ defaultLocale: 'de_DE', defaultCurrency: 'EUR' })
    expect(json.data.general.currencies).toEqual(['EUR', 'USD', 'PLN', 'RON'])
    expect(json.data.basket.maxItemQuantity).toBe(100)
  })

  it('returns the logged-in private customer and the business user, and 401 without a token', async () => {
    expect((await call(api.url('customers/-'))).status).toBe(401)
    const anonymous = await tokenFor(api, { grant_type: 'anonymous' })
    expect((await call(api.url('customers/-'), { token: anonymous.json.access_token })).status).toBe(401)

    const patricia = (
      await tokenFor(api, {
        grant_type: 'password',
        username: 'patricia@ironbridge.test',
        password: 'Demo!2026',
      })
    ).json
    const customer = await call(api.url('customers/-'), { token: patricia.access_token })
    // ICM names the kind of customer in customerType: PRIVATE, so a client reads privatecustomers/- next.
    expect(customer.json).toMatchObject({
      customerNo: 'PC-100001',
      type: 'PrivateCustomer',
      customerType: 'PRIVATE',
    })
    const privateCustomer = await call(api.url('privatecustomers/-'), { token: patricia.access_token })
    expect(privateCustomer.json).toMatchObject({
      firstName: 'Patricia',
      lastName: 'Miller',
      email: 'patricia@ironbridge.test',
    })
    expect((await call(api.url('personalization'), { token: patricia.access_token })).json.pgid).toBe(
      'pg-PC-100001',
    )

    const jack = (await tokenFor(api, { grant_type: 'password', username: 'jlink', password: 'Demo!2026' }))
      .json
    const user = await call(api.url('customers/-/users/-'), { token: jack.access_token })
    expect(user.json).toMatchObject({ login: 'jlink', firstName: 'Jack' })
    expect((await call(api.url('customers/-'), { token: jack.access_token })).json).toMatchObject({
      type: 'SMBCustomer',
      customerType: 'SMBCustomer',
      companyName: 'Brightline Construction GmbH',
    })
  })
})

describe('catalog', () => {
  it('serves the category tree to the requested depth in the requested locale', async () => {
    const { json } = await call(
      api.url('categories?view=tree&limit=3&omitHasOnlineProducts=true', ';loc=de_DE;cur=EUR'),
    )
    expect(json.elements).toHaveLength(6)
    const top = json.elements[0]
    expect(top.name).toBe('Elektrowerkzeuge')
    expect(top.subCategories).toHaveLength(3)
    expect(top.subCategories[0].subCategories).toHaveLength(3)
    expect(top.subCategories[0].subCategories[0].subCategories).toBeUndefined()
    const leaf = top.subCategories[0].subCategories[0]
    expect(leaf.categoryPath.map((p: { id: string }) => p.id)).toHaveLength(3)
    expect(leaf.hasOnlineProducts).toBe(true)
    // ICM sends ShowInMenu as a string attribute.
    expect(top.attributes).toContainEqual({ name: 'ShowInMenu', type: 'String', value: '1' })
  })

  it('answers categories without view=tree in the same envelope', async () => {
    const { json } = await call(api.url('categories'))
    expect(json.elements.length).toBeGreaterThan(0)
    expect(json.elements[0].subCategories).toBeUndefined()
    expect(json.elements[0].categoryPath).toEqual([
      expect.objectContaining({ id: json.elements[0].id, uri: expect.any(String) }),
    ])
  })

  it('serves a category by path with its products, paged', async () => {
    const tree = (await call(api.url('categories?view=tree&limit=3'))).json.elements
    const leafPath = tree[0].subCategories[0].subCategories[0].categoryPath
      .map((p: { id: string }) => p.id)
      .join('/')
    const category = await call(api.url(`categories/${leafPath}`))
    expect(category.status).toBe(200)
    const page1 = await call(
      api.url(`categories/${leafPath}/products?amount=3&offset=0&attrs=sku,inStock,image`),
    )
    expect(page1.json.type).toBe('ResourceCollection')
    expect(page1.json.elements).toHaveLength(3)
    expect(page1.json.total).toBeGreaterThan(3)
    const names = page1.json.elements[0].attributes.map((a: { name: string }) => a.name)
    expect(names.sort()).toEqual(['image', 'inStock', 'sku'])
    const page2 = await call(api.url(`categories/${leafPath}/products?amount=3&offset=3`))
    expect(page2.json.elements[0].title).not.toBe(page1.json.elements[0].title)
    expect((await call(api.url('categories/Nope/Never'))).status).toBe(404)
    expect((await call(api.url(`categories/${leafPath}/products?amount=-1`))).status).toBe(400)
  })

  it('sorts a category listing by name or price and rejects unknown sort keys', async () => {
    const tree = (await call(api.url('categories?view=tree&limit=3'))).json.elements
    const leafPath = tree[1].subCategories[0].subCategories[0].categoryPath
      .map((p: { id: string }) => p.id)
      .join('/')
    const listing = async (sortKey: string) =>
      (await call(api.url(`categories/${leafPath}/products?amount=50&attrs=sku&sortKey=${sortKey}`))).json
    const byPrice = (await listing('price-asc')).elements.map((e: any) => e.attributes[0].value)
    const priced = (await call(api.url(`productprices?${byPrice.map((s: string) => `sku=${s}`).join('&')}`)))
      .json.data
    const values = byPrice.map(
      (sku: string) => priced.find((p: any) => p.sku === sku)?.prices.SalePrice[0].net.value,
    )
    expect(values.length).toBeGreaterThan(2)
    expect([...values].sort((a, b) => a - b)).toEqual(values)
    // Collations differ between servers in punctuation and spaces, not in the order of initial letters.
    const initials = (await listing('name-desc')).elements.map((e: any) =>
      e.title.toLowerCase().charCodeAt(0),
    )
    expect([...initials].sort((a, b) => b - a)).toEqual(initials)
    const bad = await call(api.url(`categories/${leafPath}/products?sortKey=cheapest`))
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].message).toContain('price-asc')
  })

  it('answers an unknown SKU with 404 and an ICM error body', async () => {
    const { status, json, headers } = await call(api.url('products/NOPE-123'))
    expect(status).toBe(404)
    expect(headers.get('error-key')).toBe('product.not_found')
    expect(json.errors[0]).toMatchObject({ status: '404', code: 'product.not_found' })
    expect((await call(api.url('products/NOPE-123/variations'))).status).toBe(404)
  })

  it('serves product details, variations, bundle parts, retail sets and links', async () => {
    const db = api.database.db
    const [master] = await db.select().from(products).where(eq(products.kind, 'master')).limit(1)
    const detail = await call(api.url(`products/${master!.sku}?allImages=true&extended=true`))
    expect(detail.json).toMatchObject({
      sku: master!.sku,
      productMaster: true,
      type: 'VariationProductMaster',
    })
    // A master lists the values its variations take as ICM's variationAttributeValuesExtended.
    const choice = detail.json.variationAttributeValuesExtended[0]
    expect(choice.values.length).toBeGreaterThan(1)
    expect(choice.values[0].value).toEqual({ name: expect.any(String), value: expect.any(String) })
    // Measured values (with a unit or numeric) form the technical data group, named in the locale.
    const grouped = detail.json.attributeGroups.PRODUCT_DETAIL_ATTRIBUTES
    expect(grouped.name).toBe('Technical data')
    const withUnit = master!.attributes.filter((a) => a.unit)
    expect(withUnit.length).toBeGreaterThan(0)
    expect(grouped.attributes.map((a: { key: string }) => a.key)).toEqual(
      expect.arrayContaining(withUnit.map((a) => a.key)),
    )
    const textual = master!.attributes.filter((a) => !a.unit && a.type === 'String')
    for (const a of textual)
      expect(grouped.attributes.some((g: { key: string }) => g.key === a.key)).toBe(false)
    const variations = await call(api.url(`products/${master!.sku}/variations`))
    expect(variations.json.total).toBe(choice.values.length)
    const first = variations.json.elements[0]
    expect(first.variableVariationAttributeValuesExtended[0]).toEqual({
      variationAttributeId: choice.variationAttributeId,
      name: choice.name,
      value: { name: expect.any(String), value: expect.any(String) },
    })
    const variationSku = first.uri.split('/products/')[1]
    const variation = await call(api.url(`products/${variationSku}`))
    expect(variation.json).toMatchObject({ mastered: true, productMasterSKU: master!.sku })
    expect(variation.json.variationAttributeValuesExtended).toEqual(
      first.variableVariationAttributeValuesExtended,
    )

    const [bundle] = await db.select().from(products).where(eq(products.kind, 'bundle')).limit(1)
    const parts = await call(api.url(`products/${bundle!.sku}/bundles`))
    expect(parts.json.elements.length).toBeGreaterThanOrEqual(2)
    const [set] = await db.select().from(products).where(eq(products.kind, 'retailset')).limit(1)
    // As in ICM, partOfRetailSet answers the parts of a retail set; bundles only those of a bundle.
    const setParts = await call(api.url(`products/${set!.sku}/partOfRetailSet`))
    const stored = await db.select().from(productParts).where(eq(productParts.ownerSku, set!.sku))
    expect(setParts.json.elements.map((s: { uri: string }) => s.uri.split('/products/')[1]).sort()).toEqual(
      stored.map((p) => encodeURIComponent(p.partSku)).sort(),
    )
    expect(setParts.json.elements.length).toBeGreaterThanOrEqual(2)
    expect((await call(api.url(`products/${set!.sku}/bundles`))).json.elements).toEqual([])
    expect((await call(api.url(`products/${bundle!.sku}/partOfRetailSet`))).json.elements).toEqual([])
    // ICM's bundle quantity is a Quantity: {value}.
    const storedBundle = await db.select().from(productParts).where(eq(productParts.ownerSku, bundle!.sku))
    const firstPart = parts.json.elements[0]
    const firstStored = storedBundle.find((p) => firstPart.uri.endsWith(`/${encodeURIComponent(p.partSku)}`))
    expect(firstPart.attributes).toContainEqual({
      name: 'quantity',
      type: 'Quantity',
      value: { value: firstStored!.quantity },
    })
    const links = await call(api.url(`products/${bundle!.sku}/links`))
    expect(links.status).toBe(200)
    expect(Array.isArray(links.json.elements)).toBe(true)
  })

  it('prices products per currency with net, gross and scaled tiers, and checks the sku list', async () => {
    const product = await plainProduct()
    const usd = (await call(api.url(`productprices?sku=${product.sku}`))).json.data[0]
    const eur = (await call(api.url(`productprices?sku=${product.sku}`, ';loc=de_DE;cur=EUR'))).json.data[0]
    expect(usd.prices.SalePrice[0].net.currency).toBe('USD')
    expect(eur.prices.SalePrice[0].gross.currency).toBe('EUR')
    // EUR prices carry 19 % tax.
    const { net, gross } = eur.prices.ListPrice[0]
    expect(Math.abs(gross.value - Math.round(net.value * 119) / 100)).toBeLessThanOrEqual(0.01)
    expect((await call(api.url('productprices'))).status).toBe(400)
    expect((await call(api.url('productprices?sku=NOPE'))).json.data).toEqual([])
    expect((await call(api.url('inventories'))).status).toBe(400)
  })

  it('serves CMS includes in the requested locale', async () => {
    const en = await call(api.url('cms/includes/include.homepage.content.pagelet2-Include'))
    const de = await call(
      api.url('cms/includes/include.homepage.content.pagelet2-Include', ';loc=de_DE;cur=EUR;pgid=x'),
    )
    expect(en.json.pagelets[0].configurationParameters.HTML.value).toContain('Everything for the job site')
    expect(de.json.pagelets[0].configurationParameters.HTML.value).toContain('Alles für die Baustelle')
    expect(de.json.pagelets[0].configurationParameters.HTML).toMatchObject({
      definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle.pagelet2-Component-HTML',
      type: 'bc_pmc:types.pagelet2-HTML',
    })
    expect((await call(api.url('cms/includes/nope'))).status).toBe(404)
  })

  it('rejects unknown locales, currencies and sites with 400/404', async () => {
    expect((await call(api.url('categories', ';loc=xx_XX;cur=USD'))).status).toBe(400)
    expect((await call(api.url('categories', ';loc=en_US;cur=XXX'))).status).toBe(400)
    const other = api.url('categories').replace('ironbridge-Site', 'other-Site')
    expect((await call(other)).status).toBe(404)
  })
})

describe('baskets', () => {
  it('needs a token; creates a basket; adds items; computes totals exactly', async () => {
    expect((await call(api.url('baskets'), { method: 'POST' })).status).toBe(401)
    expect((await call(api.url('baskets'), { method: 'POST', token: 'forged' })).status).toBe(401)
    const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    expect((await call(api.url('baskets/current'), { token })).status).toBe(404)

    const created = await call(api.url('baskets'), { method: 'POST', token })
    expect(created.status).toBe(201)
    const id = created.json.data.id
    expect(created.json.data.totals.grandTotal.gross.value).toBe(0)

    const product = await plainProduct()
    const added = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: [{ product: product.sku, quantity: { value: 3, unit: '' } }],
    })
    expect(added.status).toBe(201)
    expect(added.json.data[0]).toMatchObject({ product: product.sku, quantity: { value: 3 } })

    // Adding the same product again raises the line's quantity.
    const again = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: [{ product: product.sku, quantity: { value: 1 } }],
    })
    expect(again.json.infos[0].code).toBe('basket.line_item.add_item_added_to_existing_line_item.info')

    const basket = (await call(api.url('baskets/current?include=lineItems'), { token })).json
    expect(basket.data.id).toBe(id)
    expect(basket.data.totalProductQuantity).toBe(4)
    const line = Object.values(basket.included.lineItems)[0] as any
    expect(line.quantity.value).toBe(4)
    const price = (await call(api.url(`productprices?sku=${product.sku}`))).json.data[0].prices.SalePrice
    const tier = [...price].reverse().find((t: any) => t.minQuantity.value <= 4)
    const expectedGross = Math.round(tier.gross.value * 100 * 4) / 100
    expect(basket.data.totals.grandTotal.gross.value).toBe(expectedGross)
    expect(basket.data.totals.itemTotal.gross.value).toBe(expectedGross)
    expect(basket.data.totals.isEstimated).toBe(true)
  })

  it('writes nothing when one item is invalid, and explains each problem', async () => {
    const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id
    const product = await plainProduct()
    const result = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: [
        { product: product.sku, quantity: { value: 1 } },
        { product: 'NOPE', quantity: { value: 1 } },
        { product: product.sku, quantity: { value: 500 } },
      ],
    })
    expect(result.status).toBe(422)
    expect(result.json.errors[0].causes.map((c: { code: string }) => c.code)).toEqual([
      'basket.line_item.product_not_found.error',
      'basket.line_item.quantity.max_order_quantity.error',
    ])
    const rows = await api.database.db.select().from(lineItems).where(eq(lineItems.basketId, id))
    expect(rows).toHaveLength(0)
  })

  it('fits quantities and adds what it can when adjustments are allowed (the quick order’s add)', async () => {
    const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id
    const product = await plainProduct()
    const most = Math.min(product.maxOrderQuantity ?? 100, 100)
    const items = [
      { product: product.sku, quantity: { value: 104 } },
      { product: 'NOPE', quantity: { value: 1 } },
    ]
    // Without the flag the add is all or nothing, as before.
    const strict = await call(api.url(`baskets/${id}/items`), { method: 'POST', token, json: items })
    expect(strict.status).toBe(422)
    const added = await call(api.url(`baskets/${id}/items?adjustmentsAllowed=true`), {
      method: 'POST',
      token,
      json: items,
    })
    expect(added.status).toBe(207)
    expect(added.json.data).toEqual([
      expect.objectContaining({ product: product.sku, quantity: expect.objectContaining({ value: most }) }),
    ])
    expect(added.json.infos).toEqual([
      {
        code: 'basket.line_item.quantity.adjusted.info',
        message: expect.stringContaining(`${most} of the 104 requested were added`),
        causes: [
          {
            code: 'basket.line_item.adjustment.cause.AddedToNewLineItemWithAdjustedQuantity',
            message: `The maximum order quantity of '${product.sku}' is ${most}.`,
            paths: ['[0].quantity.value'],
            parameters: {
              product: product.sku,
              requested: '104',
              adjusted: String(most),
              lineItemQuantity: String(most),
              reason: 'basket.line_item.quantity.max_order_quantity.error',
              lineItem: added.json.data[0].id,
            },
          },
        ],
      },
    ])
    expect(added.json.errors[0].causes).toEqual([
      {
        code: 'basket.line_item.product_not_found.error',
        message: expect.any(String),
        paths: ['[1].product'],
      },
    ])
    const rows = await api.database.db.select().from(lineItems).where(eq(lineItems.basketId, id))
    expect(rows.map((r) => r.quantity)).toEqual([most])
    const wrong = await call(api.url(`baskets/${id}/items?adjustmentsAllowed=maybe`), {
      method: 'POST',
      token,
      json: items,
    })
    expect(wrong.status).toBe(400)
  })

  it('tells the shopper when the address taxes at another rate than the prices were shown with', async () => {
    const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id
    const product = await plainProduct()
    await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: [{ product: product.sku, quantity: { value: 1 } }],
    })
    const price = (await call(api.url(`productprices?sku=${product.sku}`))).json.data[0].prices.SalePrice[0]
    const before = (await call(api.url(`baskets/${id}`), { token })).json
    // Before an address: the catalog's price, which is the price for the USD shop's destination (US).
    expect(before.data.totals.itemTotal.gross.value).toBe(price.gross.value)
    expect(before.infos).toEqual([])
    const address = await call(api.url(`baskets/${id}/addresses`), {
      method: 'POST',
      token,
      json: {
        firstName: 'Gina',
        lastName: 'Guest',
        addressLine1: 'Unter den Linden 1',
        postalCode: '10117',
        city: 'Berlin',
        countryCode: 'DE',
        email: 'gina@example.test',
      },
    })
    const urn = address.json.data.urn
    const berlin = await call(api.url(`baskets/${id}`), {
      method: 'PATCH',
      token,
      json: { invoiceToAddress: urn, commonShipToAddress: urn },
    })
    expect(berlin.json.data.totals.itemTotal.net.value).toBe(price.net.value)
    expect(berlin.json.data.totals.itemTotal.gross.value).toBe(Math.round(price.net.value * 119) / 100)
    expect(berlin.json.infos).toEqual([
      {
        code: 'basket.tax.destination_changed.info',
        message:
          'Prices include 19 % tax for Germany instead of the 0 % for United States they were shown with.',
        causes: [
          expect.objectContaining({
            parameters: { previousCountry: 'US', previousTaxRate: '0', country: 'DE', taxRate: '19' },
          }),
        ],
      },
    ])
  })

  // Needs line_items.custom_fields: without the column, lines keep no custom fields (see domain/basket.ts).
  it('keeps the custom fields of an added item (the add-items link’s pcode) on its line', async () => {
    const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id
    const product = await plainProduct()
    const pcode = { name: 'pcode', value: 'MY-CODE-7', type: 'String' }
    const added = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: [{ product: product.sku, quantity: { value: 1 }, customFields: [pcode] }],
    })
    expect(added.json.data[0].customFields).toEqual([pcode])
    const basket = (await call(api.url(`baskets/${id}?include=lineItems`), { token })).json
    expect((Object.values(basket.included.lineItems)[0] as any).customFields).toEqual([pcode])
  })

  it('refuses malformed custom fields', async () => {
    const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id
    const product = await plainProduct()
    const refused = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: [{ product: product.sku, quantity: { value: 1 }, customFields: [{ value: 'no name' }] }],
    })
    expect(refused.status).toBe(400)
    expect(refused.json.errors[0].causes[0].paths).toEqual(['0.customFields.0.name'])
  })

  it('answers malformed bodies with 400 and foreign baskets with 404', async () => {
    const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id
    const malformed = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: [{ product: 'x', quantity: { value: 1.5 } }],
    })
    expect(malformed.status).toBe(400)
    const broken = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    })
    expect(broken.status).toBe(400)
    const stranger = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    expect((await call(api.url(`baskets/${id}`), { token: stranger })).status).toBe(404)
    expect((await call(api.url('baskets/not-a-uuid'), { token })).status).toBe(404)
  })

  it('names the buyer of a registered user’s basket, as ICM does, and none of an anonymous one', async () => {
    const anonymous = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token
    const guest = await call(api.url('baskets'), { method: 'POST', token: anonymous })
    expect(guest.json.data).not.toHaveProperty('buyer')

    const token = (
      await tokenFor(api, {
        grant_type: 'password',
        username: 'patricia@ironbridge.test',
        password: 'Demo!2026',
      })
    ).json.access_token
    const created = await call(api.url('baskets'), { method: 'POST', token })
    expect(created.status).toBe(201)
    const buyer = {
      accountID: 'patricia@ironbridge.test',
      customerNo: 'PC-100001',
      email: 'patricia@ironbridge.test',
      title: 'Ms.',
      firstName: 'Patricia',
      lastName: 'Miller',
    }
    expect(created.json.data.buyer).toEqual(buyer)
    expect(created.json.data.customer).toBe('PC-100001')
    expect((await call(api.url('baskets/current'), { token })).json.data.buyer).toEqual(buyer)
  })
})
