import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cmsPreviewContexts } from '../../commerce-api/db/schema'
import { CONFIGURATION_COMPONENT, DEMO_PREVIEW_CONTEXT } from '../../commerce-api/db/seed/shell-content'
import { call, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 100 })
})
afterAll(async () => {
  await api?.close()
})

const PREVIEW = `;loc=en_US;cur=USD;prectx=${DEMO_PREVIEW_CONTEXT}`
const TOP = 'viewcontext.include.category.base.top'

describe('cms/includes/include.configuration.pagelet2-Include', () => {
  it('answers the configuration component with the theme and extra settings in ICM parameter types', async () => {
    const response = await call(api.url('cms/includes/include.configuration.pagelet2-Include'))
    expect(response.status).toBe(200)
    const [component] = response.json.pagelets
    expect(component.definitionQualifiedName).toBe(CONFIGURATION_COMPONENT)
    expect(component.configurationParameters.CSSProperties).toMatchObject({
      type: 'bc_pmc:types.pagelet2-Text',
      definitionQualifiedName: `${CONFIGURATION_COMPONENT}-CSSProperties`,
    })
    expect(component.configurationParameters.navigationColumns.value).toBe(4)
    expect(JSON.parse(component.configurationParameters.ConfigurationJSON.value)).toEqual({
      noPriceCheckoutEnabled: true,
    })
  })
})

describe('cms/pagelets/{id}', () => {
  it('answers a placed pagelet as PageletRO in the locale of the call', async () => {
    const en = await call(api.url('cms/pagelets/home-hero'))
    const de = await call(api.url('cms/pagelets/home-hero', ';loc=de_DE;cur=EUR'))
    expect(en.status).toBe(200)
    expect(en.json).toMatchObject({
      id: 'home-hero',
      definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle.pagelet2-Component',
      domain: 'ironbridge-Site',
    })
    expect(en.json.configurationParameters.HTML.value).toContain('Everything for the job site')
    expect(de.json.configurationParameters.HTML.value).toContain('Alles für die Baustelle')
    // Pagelets of view contexts and pages are found too.
    expect((await call(api.url('cms/pagelets/vc-power-tools-top'))).status).toBe(200)
  })

  it('answers an unknown, malformed or missing id with 404', async () => {
    const unknown = await call(api.url('cms/pagelets/nope'))
    expect(unknown.status).toBe(404)
    expect(unknown.json.errors[0].code).toBe('cms.pagelet.not_found')
    // Malformed ids: 404 too, from the domain or refused earlier by the API's path checks.
    for (const id of [encodeURIComponent('a b'), 'x'.repeat(129), encodeURIComponent('<script>')]) {
      const response = await call(api.url(`cms/pagelets/${id}`))
      expect(response.status, id).toBe(404)
      expect(['cms.pagelet.not_found', 'resource.not_found'], id).toContain(response.json.errors[0].code)
    }
    expect((await call(api.url('cms/pagelets/'))).status).toBe(404)
    expect((await call(api.url('cms/pagelets'))).status).toBe(404)
  })

  it('shows a draft only in a valid preview context', async () => {
    const draft = 'cms/pagelets/vc-power-tools-spring'
    expect((await call(api.url(draft))).status).toBe(404)
    expect((await call(api.url(draft, ';loc=en_US;cur=USD;prectx=unknown-context'))).status).toBe(404)
    expect((await call(api.url(draft, ';loc=en_US;cur=USD;prectx=DESIGNVIEW'))).status).toBe(404)
    const preview = await call(api.url(draft, PREVIEW))
    expect(preview.status).toBe(200)
    expect(preview.json.configurationParameters.HTML.value).toContain('Spring campaign')

    // An expired preview context shows what is published only.
    await api.database.db
      .update(cmsPreviewContexts)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(cmsPreviewContexts.id, DEMO_PREVIEW_CONTEXT))
    try {
      expect((await call(api.url(draft, PREVIEW))).status).toBe(404)
    } finally {
      await api.database.db
        .update(cmsPreviewContexts)
        .set({ validUntil: null })
        .where(eq(cmsPreviewContexts.id, DEMO_PREVIEW_CONTEXT))
    }
  })
})

describe('cms/viewcontexts/{id}/entrypoint', () => {
  it('answers the content assigned to a category, its drafts only in a preview', async () => {
    const path = `cms/viewcontexts/${TOP}@app_sf_base_cm/entrypoint?Category=Power-Tools`
    const published = await call(api.url(path))
    expect(published.status).toBe(200)
    expect(published.json.pageletIDs).toEqual(['vc-power-tools-top'])
    expect(published.json.pagelets[0].configurationParameters.HTML.value).toContain('page://shipping')
    const preview = await call(api.url(path, PREVIEW))
    expect(preview.json.pageletIDs).toEqual(['vc-power-tools-top', 'vc-power-tools-spring'])

    // A categoryRef names the same category; the bottom view context has content of its own.
    const ref = await call(api.url(`cms/viewcontexts/${TOP}/entrypoint?Category=Power-Tools@ironbridge`))
    expect(ref.json.pageletIDs).toEqual(['vc-power-tools-top'])
    const bottom = await call(
      api.url('cms/viewcontexts/viewcontext.include.category.base.bottom/entrypoint?Category=Power-Tools'),
    )
    expect(bottom.json.pageletIDs).toEqual(['vc-power-tools-bottom'])
  })

  it('answers empty for a category without content, without a context, or with an overlong one', async () => {
    for (const query of ['?Category=Hand-Tools', '', `?Category=${'x'.repeat(300)}`, '?Other=Power-Tools']) {
      const response = await call(api.url(`cms/viewcontexts/${TOP}/entrypoint${query}`))
      expect(response.status, query).toBe(200)
      expect(response.json.pagelets, query).toEqual([])
    }
  })
})

describe('cms/pagetree/{id}?depth', () => {
  it('bounds the depth: below 0, above 100 or not a number is refused, 0 is the page alone', async () => {
    const none = await call(api.url('cms/pagetree/service?depth=0'))
    expect(none.status).toBe(200)
    expect(none.json.elements).toBeUndefined()
    const one = await call(api.url('cms/pagetree/service?depth=1'))
    expect(one.json.elements.length).toBeGreaterThan(0)
    for (const depth of ['-1', '101', 'deep']) {
      const response = await call(api.url(`cms/pagetree/service?depth=${depth}`))
      expect(response.status, depth).toBe(400)
    }
    expect((await call(api.url('cms/pagetree/nope'))).status).toBe(404)
  })
})
