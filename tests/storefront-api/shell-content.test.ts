import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cmsIncludes } from '../../commerce-api/db/schema'
import { configurationInclude, DEMO_PREVIEW_CONTEXT } from '../../commerce-api/db/seed/shell-content'
import { loader as rootLoader } from '~/root'
import { loader as catalogLoader } from '~/routes/$lang._shop.$'
import { loader as loadingLoader } from '~/routes/$lang._shop.loading'
import { clearIcmCache } from '~/services/icm.server'
import { api } from './setup'
import { Browser } from './shop'

/** The canonical category page of `uniqueId` as `browser` sees it (the short form answers 301 to it). */
async function categoryPage(browser: Browser, uniqueId: string) {
  const short = `/${browser.lang}/category/${uniqueId}`
  const moved = await browser.call(catalogLoader, short, { params: { '*': `category/${uniqueId}` } })
  expect(moved.response.status).toBe(301)
  const canonical = moved.response.headers.get('Location')!
  return browser.load(catalogLoader, canonical, { '*': canonical.replace(`/${browser.lang}/`, '') })
}

const htmlOf = (pagelets: { params: Record<string, unknown> }[]) =>
  pagelets.map((p) => String(p.params.HTML ?? p.params.HTMLText)).join('\n')

describe('category pages show the content of their view contexts', () => {
  it('shows the top and bottom content of Power Tools with shop links, in the page language', async () => {
    const en = await categoryPage(new Browser('en'), 'Power-Tools')
    const top = htmlOf(en.category.content.top)
    expect(top).toContain('Cordless in every class')
    expect(top).toMatch(/href="\/en\/categoryref\/Power-Tools\.Drilling-And-Screwdriving"/)
    // page:// becomes the page's canonical URL, not the short form.
    expect(top).toMatch(/href="\/en\/[^"]*shipping[^"]*-pgshipping"/)
    expect(htmlOf(en.category.content.bottom)).toContain('href="/en/quick-order"')
    // The unpublished note is not shown outside a preview.
    expect(top).not.toContain('Spring campaign')

    const de = await categoryPage(new Browser('de'), 'Power-Tools')
    expect(htmlOf(de.category.content.top)).toContain('Akku in jeder Klasse')
  })

  it('shows none for a category without content', async () => {
    const page = await categoryPage(new Browser('en'), 'Hand-Tools')
    expect(page.category.content).toEqual({ top: [], bottom: [] })
  })

  it('shows the unpublished content in a design preview, which ends with an empty parameter', async () => {
    const browser = new Browser('en')
    const start = await browser.call(rootLoader, `/en/home?PreviewContextID=${DEMO_PREVIEW_CONTEXT}`)
    expect(start.response.status).toBe(303)
    expect(start.response.headers.get('Location')).toBe('/en/home')
    const root = await browser.load(rootLoader, '/en/home')
    expect(root.shell.theme.preview).toEqual({ id: DEMO_PREVIEW_CONTEXT, designView: false })
    expect(htmlOf((await categoryPage(browser, 'Power-Tools')).category.content.top)).toContain(
      'Spring campaign',
    )

    await browser.call(rootLoader, '/en/home?PreviewContextID=')
    expect((await browser.load(rootLoader, '/en/home')).shell.theme.preview).toBeNull()
    expect(htmlOf((await categoryPage(browser, 'Power-Tools')).category.content.top)).not.toContain('Spring')
  })
})

describe('extra settings of the configuration include', () => {
  const setParameters = async (parameters: Record<string, { type: string; value: unknown }>) => {
    const include = configurationInclude()
    include.pagelets[0]!.configurationParameters = {
      ...include.pagelets[0]!.configurationParameters,
      ...parameters,
    }
    await api.database.db
      .update(cmsIncludes)
      .set({ pagelets: include.pagelets })
      .where(eq(cmsIncludes.id, include.id))
    clearIcmCache()
  }

  it('applies the seeded settings before the page renders', async () => {
    const root = await new Browser('en').load(rootLoader, '/en/home')
    expect(root.shell.theme).toMatchObject({
      navigationColumns: 4,
      navLevel2Icon: 'arrow',
      headerUtilityStyle: 'icons-text',
      favicon: '/favicon.svg',
      cssProperties: { '--brand': '#1f4e79', '--brand-dark': '#163a5a', '--accent': '#e07a1f' },
      stickyHeader: false,
      trustbadge: null,
    })
  })

  it('follows an editor’s change: columns, marks, header style; unsafe values are dropped', async () => {
    try {
      await setParameters({
        navigationColumns: { type: 'bc_pmc:types.pagelet2-Integer', value: 3 },
        NavLevel2Icon: { type: 'bc_pmc:types.pagelet2-Text', value: 'icon' },
        HeaderUtilityStyle: { type: 'bc_pmc:types.pagelet2-Text', value: 'text' },
        CSSProperties: {
          type: 'bc_pmc:types.pagelet2-Text',
          value: 'brand:#003366\nbad:red;}body{display:none',
        },
        Logo: { type: 'bc_pmc:types.pagelet2-ImageFileRef', value: 'javascript:alert(1)' },
      })
      const root = await new Browser('en').load(rootLoader, '/en/home')
      expect(root.shell.theme).toMatchObject({
        navigationColumns: 3,
        navLevel2Icon: 'icon',
        headerUtilityStyle: 'text',
        cssProperties: { '--brand': '#003366' },
        logo: null,
      })
    } finally {
      await setParameters({})
    }
  })
})

describe('/loading', () => {
  it('is a page in the page language', async () => {
    expect(await new Browser('de').load(loadingLoader, '/de/loading')).toEqual({ title: 'Wird geladen' })
  })
})
