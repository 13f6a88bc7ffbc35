import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cmsIncludes, cmsPages, searchRedirects } from '../../commerce-api/db/schema'
import { paymentMethodRows, shippingMethodRows } from '../../commerce-api/db/seed/checkout'
import { seedDatabase } from '../../commerce-api/db/seed/seed'
import { call, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 100 })
})
afterAll(async () => {
  await api?.close()
})

const LOCALES = ['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO']
const CONTENT_SLOT = 'app_sf_base_cm:slot.staticPage.content.pagelet2-Slot'

type TreeElement = {
  type: string
  name: string
  page: { itemId: string; title: string }
  path?: { itemId: string; title: string }[]
  parent?: { itemId: string }
  elements?: TreeElement[]
}

describe('cms/pages', () => {
  it('answers a page as PageletEntryPointRO in the locale of the call', async () => {
    const en = await call(api.url('cms/pages/shipping'))
    const de = await call(api.url('cms/pages/shipping', ';loc=de_DE;cur=EUR'))
    expect(en.status).toBe(200)
    expect(en.json).toMatchObject({
      id: 'shipping',
      displayName: 'Shipping and delivery',
      pageletIDs: ['shipping-layout'],
      seoAttributes: { metaTitle: 'Shipping and delivery' },
    })
    expect(de.json.displayName).toBe('Versand und Lieferung')

    // The layout holds the navigation settings; the text sits in its content slot.
    const [layout] = en.json.pagelets
    expect(layout.definitionQualifiedName).toBe(
      'app_sf_base_cm:component.shopping.staticPage.pagelet2-Component',
    )
    expect(layout.configurationParameters.NavigationRoot).toEqual({
      definitionQualifiedName:
        'app_sf_base_cm:component.shopping.staticPage.pagelet2-Component-NavigationRoot',
      type: 'bc_pmc:types.pagelet2-PageRef',
      value: 'service',
    })
    // ICM keys slots by their qualified name (an object, never a list).
    expect(Object.keys(layout.slots)).toEqual([CONTENT_SLOT])
    expect(layout.slots[CONTENT_SLOT]).toMatchObject({
      definitionQualifiedName: CONTENT_SLOT,
      displayName: 'Content',
    })
    const text = (response: typeof en) =>
      response.json.pagelets[0].slots[CONTENT_SLOT].pagelets[0].configurationParameters.HTMLText
        .value as string
    expect(text(en)).toContain('<td>Standard delivery</td><td>3–5 working days</td><td>$5.35, free from')
    expect(text(de)).toContain(
      '<td>Standardversand</td><td>3–5 Werktage</td><td>4,95\u00a0€, versandkostenfrei',
    )

    // The meta description is the page's first paragraph, without markup.
    expect(en.json.seoAttributes.metaDescription).toBe(
      'We ship from our warehouse in Brandenburg. Orders placed on working days before 2 pm leave the warehouse the same day.',
    )
    expect(de.json.seoAttributes.metaDescription).toMatch(/^Wir versenden aus unserem Lager/)
  })

  it('has every page and its text in all five locales', async () => {
    const rows = await api.database.db.select().from(cmsPages)
    expect(rows.map((r) => r.id).sort()).toEqual(
      [
        'about-us',
        'imprint',
        'legal',
        'payment-methods',
        'privacy',
        'returns',
        'service',
        'shipping',
        'terms',
      ].sort(),
    )
    for (const row of rows) {
      expect(Object.keys(row.displayNames).sort()).toEqual([...LOCALES].sort())
      const body = row.pagelets[1]!.configurationParameters.HTMLText!.value as Record<string, string>
      expect(Object.keys(body).sort()).toEqual([...LOCALES].sort())
      // Real translations: no two locales share a text.
      expect(new Set(Object.values(body)).size).toBe(LOCALES.length)
    }
  })

  it('answers an unknown page with a 404 ICM error', async () => {
    const response = await call(api.url('cms/pages/nope'))
    expect(response.status).toBe(404)
    expect(response.headers.get('error-key')).toBe('cms.page.not_found')
    expect(response.json.errors[0]).toMatchObject({ status: '404', code: 'cms.page.not_found' })
  })
})

describe('what the content promises', () => {
  const bodies = async () => {
    const pages = await api.database.db.select().from(cmsPages)
    const includes = await api.database.db.select().from(cmsIncludes)
    return [...pages, ...includes].flatMap((row) =>
      row.pagelets.flatMap((pagelet) =>
        Object.values(pagelet.configurationParameters).flatMap((parameter) =>
          typeof parameter.value === 'object' && parameter.value !== null && !Array.isArray(parameter.value)
            ? Object.entries(parameter.value as Record<string, string>).map(([locale, html]) => ({
                where: `${row.id} ${pagelet.id} ${locale}`,
                html,
              }))
            : [],
        ),
      ),
    )
  }

  it('names no cost centers, approvals or punchout, which the shop does not have, in any language', async () => {
    const absent =
      /cost cent|Kostenstelle|Freigabe|centres? de co[uû]ts|validations? de commande|centr(a|um|ami) koszt|akceptacj|centre(le)? de cost|aprob[aă]r|approval|punch-?out/i
    const texts = await bodies()
    expect(texts.length).toBeGreaterThan(40)
    for (const { where, html } of texts) expect(html, where).not.toMatch(absent)
  })

  it('describes the one cookie the shop sets, and no others', async () => {
    const privacy = await call(api.url('cms/pages/privacy', ';loc=de_DE;cur=EUR'))
    const html = privacy.json.pagelets[0].slots[CONTENT_SLOT].pagelets[0].configurationParameters.HTMLText
      .value as string
    expect(html).toContain('apiToken')
    expect(html).not.toMatch(/cookieConsent|preferredLocale/)
    for (const { where, html: text } of await bodies())
      expect(text, where).not.toMatch(/cookieConsent|preferredLocale/)
  })

  it('lists exactly the shipping and payment methods checkout offers, in every language', async () => {
    const rows = await api.database.db.select().from(cmsPages)
    const body = (id: string) =>
      rows.find((r) => r.id === id)!.pagelets[1]!.configurationParameters.HTMLText!.value as Record<
        string,
        string
      >
    for (const locale of LOCALES) {
      const shipping = body('shipping')[locale]!
      const cells = [...shipping.matchAll(/<tr><td>([^<]+)<\/td>/g)].map((m) => m[1])
      expect(cells, locale).toEqual(shippingMethodRows.map((m) => m.names[locale]))
      const payment = body('payment-methods')[locale]!
      const methods = [...payment.matchAll(/<li><strong>([^<]+)<\/strong>/g)].map((m) => m[1])
      expect(methods, locale).toEqual(paymentMethodRows.map((m) => m.names[locale]))
    }
    // The invoice's fee and limit as checkout charges them, net.
    expect(body('payment-methods').de_DE).toContain(
      'Unter einem Netto-Warenwert von 100,00\u00a0€ berechnen wir 2,50\u00a0€ zzgl. MwSt. Möglich bis zu einem Netto-Warenwert von 5.000,00\u00a0€.',
    )
    expect(body('shipping').en_US).toContain(
      '<td>Express delivery</td><td>1–2 working days</td><td>$13.93</td>',
    )
  })
})

describe('cms/pagetree', () => {
  it('returns the tree below a root to the requested depth', async () => {
    const deep = await call(api.url('cms/pagetree/service?depth=1'))
    expect(deep.status).toBe(200)
    const root: TreeElement = deep.json
    expect(root).toMatchObject({ type: 'PageTreeRO', name: 'Service', page: { itemId: 'service' } })
    expect(root.path).toBeUndefined()
    expect(root.elements!.map((e) => e.page.itemId)).toEqual([
      'about-us',
      'shipping',
      'returns',
      'payment-methods',
    ])
    const shipping = root.elements![1]!
    expect(shipping.page.title).toBe('Shipping and delivery')
    expect(shipping.path!.map((p) => p.itemId)).toEqual(['service'])
    expect(shipping.parent!.itemId).toBe('service')

    const shallow = await call(api.url('cms/pagetree/service?depth=0'))
    expect(shallow.json.elements).toBeUndefined()
    const full = await call(api.url('cms/pagetree/service'))
    expect(full.json.elements).toHaveLength(4)
  })

  it('names a page with its ancestors in the locale of the call', async () => {
    const imprint = await call(api.url('cms/pagetree/imprint?depth=0', ';loc=fr_FR;cur=EUR'))
    expect(imprint.json.name).toBe('Mentions légales')
    expect(imprint.json.path).toEqual([
      expect.objectContaining({ itemId: 'legal', title: 'Informations légales' }),
    ])
  })

  it('answers an unknown root with 404 and a bad depth with 400', async () => {
    expect((await call(api.url('cms/pagetree/nope'))).status).toBe(404)
    expect((await call(api.url('cms/pagetree/service?depth=deep'))).status).toBe(400)
  })
})

describe('footer and search redirects', () => {
  it('serves the footer under the id ICM clients ask for, linking content pages in the page:// form', async () => {
    const footer = await call(
      api.url('cms/includes/include.footer.content.pagelet2-Include', ';loc=pl_PL;cur=PLN'),
    )
    expect(footer.json).toMatchObject({
      id: 'include.footer.content.pagelet2-Include',
      definitionQualifiedName: 'app_sf_base_cm:include.footer.content.pagelet2-Include',
    })
    const html = footer.json.pagelets[0].configurationParameters.HTML.value as string
    expect(html).toContain('<a href="page://shipping">Wysyłka i dostawa</a>')
    expect(html).toContain('<a href="page://terms">Regulamin</a>')
  })

  it('moves a footer stored under the id the shop used before to the id ICM clients ask for', async () => {
    const { db } = api.database
    const icmId = 'include.footer.content.pagelet2-Include'
    const earlierId = 'include.footer.pagelet2-Include'
    await db.update(cmsIncludes).set({ id: earlierId }).where(eq(cmsIncludes.id, icmId))
    expect((await call(api.url(`cms/includes/${icmId}`))).json.pagelets).toEqual([])
    await seedDatabase(db)
    const footer = await call(api.url(`cms/includes/${icmId}`))
    expect(footer.json.pagelets.length).toBeGreaterThan(0)
    expect(footer.json.definitionQualifiedName).toBe(`app_sf_base_cm:${icmId}`)
    // The earlier id is an include the shop placed nothing in, as any other of the footer.
    expect((await call(api.url(`cms/includes/${earlierId}`))).json.pagelets).toEqual([])
  })

  it('sends content search terms of every language to their page', async () => {
    const url = async (term: string) =>
      (await api.database.db.select().from(searchRedirects).where(eq(searchRedirects.term, term)))[0]?.url
    expect(await url('returns')).toBe('/page/returns')
    expect(await url('versandkosten')).toBe('/page/shipping')
    expect(await url('mentions légales')).toBe('/page/imprint')
    expect(await url('agb')).toBe('/page/terms')
    const rows = await api.database.db.select().from(searchRedirects)
    for (const row of rows) {
      expect(row.term).toBe(row.term.toLowerCase())
      expect((await call(api.url(`cms/pages/${row.url.replace('/page/', '')}`))).status).toBe(200)
    }
  })
})

describe('cms includes and view contexts as ICM answers them', () => {
  it('names components with the .pagelet2-Component suffix and qualifies their parameters', async () => {
    const home = await call(api.url('cms/includes/include.homepage.content.pagelet2-Include'))
    expect(home.status).toBe(200)
    expect(home.json).toMatchObject({
      id: 'include.homepage.content.pagelet2-Include',
      definitionQualifiedName: 'app_sf_base_cm:include.homepage.content.pagelet2-Include',
      displayName: 'Home page content',
    })
    const [hero] = home.json.pagelets
    expect(hero.definitionQualifiedName).toBe('app_sf_base_cm:component.common.freeStyle.pagelet2-Component')
    expect(hero.configurationParameters.HTML.definitionQualifiedName).toBe(
      'app_sf_base_cm:component.common.freeStyle.pagelet2-Component-HTML',
    )
    // A component without slots has no `slots` key at all (ICM sends no empty list).
    for (const pagelet of home.json.pagelets) expect(pagelet).not.toHaveProperty('slots')
  })

  it.each([
    'include.header.navigation.pagelet2-Include',
    'include.dialog.privacyPolicy.pagelet2-Include',
    'include.registration.content.top.pagelet2-Include',
    'include.account.navigation.pagelet2-Include',
    'include.searchnoresult.content.pagelet2-Include',
    'include.basket.content.top.pagelet2-Include',
    'include.basket.ordersummary.pagelet2-Include',
    'include.searchresult.content.top.pagelet2-Include',
  ])('answers the standard include %s, empty where the shop placed no content', async (id) => {
    const response = await call(api.url(`cms/includes/${id}`))
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      id,
      definitionQualifiedName: `app_sf_base_cm:${id}`,
      pageletIDs: [],
      pagelets: [],
    })
    expect(response.json).not.toHaveProperty('configurationParameters')
  })

  it('still answers an include nobody defined with a 404 ICM error', async () => {
    const response = await call(api.url('cms/includes/include.nope.pagelet2-Include'))
    expect(response.status).toBe(404)
    expect(response.json.errors[0]).toMatchObject({ status: '404', code: 'cms.include.not_found' })
  })

  it('answers a view context entry point with its context as free query parameters', async () => {
    const id = 'viewcontext.include.product.base.top@app_sf_base_cm'
    const response = await call(
      api.url(
        `cms/viewcontexts/${encodeURIComponent(id)}/entrypoint?Product=1000042&Category=Tools`,
        ';loc=de_DE;cur=EUR;pgid=x',
      ),
    )
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      id,
      definitionQualifiedName: 'app_sf_base_cm:viewcontext.include.product.base.top.pagelet2-ViewContext',
      displayName: id,
      pageletIDs: [],
      pagelets: [],
    })
    const plain = await call(api.url('cms/viewcontexts/viewcontext.include.category.navigation/entrypoint'))
    expect(plain.status).toBe(200)
    expect(plain.json.id).toBe('viewcontext.include.category.navigation')
  })

  it('answers a view context id ICM could not define with a 404 ICM error', async () => {
    for (const id of ['nope', 'viewcontext.', `viewcontext.${'x'.repeat(41)}`, 'viewcontext.a@b@c']) {
      const response = await call(api.url(`cms/viewcontexts/${encodeURIComponent(id)}/entrypoint`))
      expect(response.status, id).toBe(404)
      expect(response.json.errors[0].code, id).toBe('cms.viewcontext.not_found')
    }
  })
})
