import { describe, expect, it } from 'vitest'
import { classifyContentLink, rewriteContentLinks } from '~/models/cms'
import {
  cssProperties,
  cssPropertiesStyle,
  DEFAULT_EXTRA_SETTINGS,
  extraSettingsOf,
  isSafeCssProperty,
  MAX_CSS_PROPERTIES,
  parseExtraSettings,
  safeAssetUrl,
} from '~/models/extra-settings'
import { localeByLang } from '~/models/locale'
import { INITIAL_BACK_TO_TOP, isSticky, nextBackToTop, type BackToTopState } from '~/models/scroll-widgets'

const en = localeByLang('en')!
const de = localeByLang('de')!

describe('content link forms (spec §2.3)', () => {
  const rewrite = (html: string, logs: string[] = []) =>
    rewriteContentLinks(html, en, new Map([['shipping', '/en/service/shipping-pgshipping']]), (m) =>
      logs.push(m),
    )

  it('turns ICM forms into shop paths under the locale', () => {
    expect(rewrite('<a href="product://1000042@ironbridge-Site">x</a>')).toBe(
      '<a href="/en/product/1000042">x</a>',
    )
    expect(rewrite("<a href='category://Power-Tools.Drills@cat'>x</a>")).toBe(
      '<a href="/en/categoryref/Power-Tools.Drills%40cat">x</a>',
    )
    expect(rewrite('<a href="page://returns">x</a>')).toBe('<a href="/en/page/returns">x</a>')
    expect(rewrite('<a href="page://shipping">x</a>')).toBe('<a href="/en/service/shipping-pgshipping">x</a>')
    expect(rewrite('<a href="route://quick-order?x=1">x</a>')).toBe('<a href="/en/quick-order?x=1">x</a>')
    // A route stays a path of the shop, never another host.
    expect(rewrite('<a href="route:////evil.example/x">x</a>')).toBe('<a href="/en/evil.example/x">x</a>')
    expect(rewriteContentLinks('<a href="route://home">x</a>', de)).toBe('<a href="/de/home">x</a>')
  })

  it('lets http, https, mail, phone, paths and anchors pass unchanged', () => {
    for (const html of [
      '<a href="https://example.com/a?b=1">x</a>',
      '<a href="http://example.com">x</a>',
      '<a href="mailto:shop@ironbridge.test">x</a>',
      '<a href="tel:+49301234">x</a>',
      '<a href="/en/home">x</a>',
      '<a href="#part">x</a>',
    ]) {
      expect(rewrite(html)).toBe(html)
    }
  })

  it('never lets a script link into an href, however it is written', () => {
    const logs: string[] = []
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x61;script:alert(1)',
      'jav&#97;script&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const out = rewrite(`<a href="${href}">x</a>`, logs)
      expect(out, href).not.toMatch(/\shref\s*=/i)
      expect(classifyContentLink(href).kind, href).toBe('unsafe')
    }
    expect(rewrite('<a href=javascript:alert(1)>x</a>')).not.toMatch(/\shref\s*=/i)
    expect(rewrite("<a HREF='javascript:alert(1)'>x</a>")).not.toMatch(/\shref\s*=/i)
    expect(logs.length).toBeGreaterThan(0)
  })

  it('logs an unknown link type and drops its href', () => {
    const logs: string[] = []
    expect(rewrite('<a href="ftp://files.example/x">x</a>', logs)).toBe('<a data-removed-href="">x</a>')
    expect(logs).toEqual([expect.stringContaining("unknown link type 'ftp'")])
  })

  it('escapes what a link form would put into the attribute', () => {
    expect(rewrite('<a href="route://a&quot;b">x</a>')).toBe('<a href="/en/a&amp;quot;b">x</a>')
  })
})

describe('CSS custom properties of the theme', () => {
  it('takes name:value lines (the PWA format), with or without --', () => {
    expect(
      cssProperties('corporate-primary:#068000\r\n--logo-height: 50px\r\n\r\nfont:Roboto Slab\r\n'),
    ).toEqual([
      { name: 'corporate-primary', value: '#068000' },
      { name: 'logo-height', value: '50px' },
      { name: 'font', value: 'Roboto Slab' },
    ])
    expect(cssPropertiesStyle(cssProperties('brand:#1f4e79'))).toEqual({ '--brand': '#1f4e79' })
  })

  it('drops anything that could leave the declaration or load from elsewhere', () => {
    for (const [name, value] of [
      ['brand', 'red;} body{display:none'],
      ['brand', 'red</style><script>alert(1)</script>'],
      ['brand', 'url(https://evil.example/x.png)'],
      ['brand', 'url(//evil.example/x.png)'],
      ['brand', 'expression(alert(1))'],
      ['brand', 'red /* comment */'],
      ['brand', "'unclosed"],
      ['brand', 'calc(1px'],
      ['brand', 'a\\62 c'],
      ['Brand Name', 'red'],
      ['x'.repeat(61), 'red'],
      ['brand', 'x'.repeat(121)],
      ['brand', ''],
    ]) {
      expect(isSafeCssProperty(name!, value!), `${name}: ${value}`).toBe(false)
    }
    for (const [name, value] of [
      ['brand', 'rgb(31, 78, 121)'],
      ['logo', 'url(/logo.svg)'],
      ['font-family', "'Roboto Slab', sans-serif"],
      ['gap', 'calc(1rem + 2px)'],
    ]) {
      expect(isSafeCssProperty(name!, value!), `${name}: ${value}`).toBe(true)
    }
  })

  it('keeps at most MAX_CSS_PROPERTIES properties, a repeated name with its last value', () => {
    const many = Array.from({ length: 100 }, (_, i) => `p${i}:${i}px`).join('\n')
    expect(cssProperties(many)).toHaveLength(MAX_CSS_PROPERTIES)
    expect(cssProperties('a:1px\na:2px')).toEqual([{ name: 'a', value: '2px' }])
    expect(cssProperties(42)).toEqual([])
  })
})

describe('extra settings of the configuration include', () => {
  it('reads parameters and ConfigurationJSON keys, the parameter first', () => {
    const settings = parseExtraSettings({
      navigationColumns: 3,
      NavLevel2Icon: 'icon',
      HeaderUtilityStyle: 'icons',
      Logo: 'file://logo.svg',
      LogoMobile: '/logo-mobile.svg',
      Favicon: 'javascript:alert(1)',
      Features: 'compare, quickorder,<script>',
      ConfigurationJSON:
        '{"noPriceCheckoutEnabled": true, "navigationColumns": 5, "trustbadgeId": "X0123456789ABCDEF0123456789ABCDEF", "sparque": {"enabled": true, "workspaceName": "ws"}}',
    })
    expect(settings).toMatchObject({
      noPriceCheckoutEnabled: true,
      navigationColumns: 3,
      navLevel2Icon: 'icon',
      headerUtilityStyle: 'icons',
      trustbadgeId: 'X0123456789ABCDEF0123456789ABCDEF',
      sparque: { enabled: true, workspaceName: 'ws', fallbackImage: null },
      theme: {
        logo: '/logo.svg',
        logoMobile: '/logo-mobile.svg',
        favicon: null,
        features: ['compare', 'quickorder'],
      },
    })
  })

  it('falls back to the defaults for values that do not fit', () => {
    const settings = parseExtraSettings({
      navigationColumns: '12',
      NavLevel2Icon: 'banner',
      HeaderUtilityStyle: 'fancy',
      noPriceCheckoutEnabled: 'yes',
      trustbadgeId: 'X1',
      ConfigurationJSON: '{not json',
    })
    expect(settings).toEqual(DEFAULT_EXTRA_SETTINGS)
    expect(parseExtraSettings({ navigationColumns: '2' }).navigationColumns).toBe(2)
    expect(extraSettingsOf({ pagelets: [] })).toEqual(DEFAULT_EXTRA_SETTINGS)
  })

  it('takes theme files from the shop only', () => {
    expect(safeAssetUrl('file://images/logo.svg')).toBe('/images/logo.svg')
    expect(safeAssetUrl('/favicon.svg')).toBe('/favicon.svg')
    for (const url of [
      'https://cdn.example/logo.svg',
      '//cdn.example/x',
      'data:image/svg+xml,<svg/>',
      '/a/../b',
      '/a b',
      5,
    ]) {
      expect(safeAssetUrl(url), String(url)).toBeNull()
    }
  })
})

describe('back to top (spec §2.7) and sticky header (§2.5)', () => {
  const scroll = (...positions: number[]) =>
    positions.reduce<BackToTopState>((state, y) => nextBackToTop(state, y), INITIAL_BACK_TO_TOP)

  it('appears after scrolling up by more than 50 px while at least 50 px from the top', () => {
    expect(scroll(600).visible).toBe(false)
    expect(scroll(600, 560).visible).toBe(false)
    expect(scroll(600, 560, 549).visible).toBe(true)
    expect(scroll(600, 550).visible).toBe(false)
    expect(scroll(600, 549).visible).toBe(true)
    // Up by more than 50 px, but ending nearer the top than 50 px: at the top, hidden.
    expect(scroll(80, 20).visible).toBe(false)
    expect(scroll(120, 50).visible).toBe(true)
  })

  it('hides at the top or when scrolling down, and measures each upward scroll anew', () => {
    expect(scroll(600, 500, 501).visible).toBe(false)
    expect(scroll(600, 500, 0).visible).toBe(false)
    expect(scroll(600, 500, 530, 500).visible).toBe(false)
    expect(scroll(600, 500, 530, 479).visible).toBe(true)
    expect(scroll(600, 500, 500).visible).toBe(true)
  })

  it('sticks the header from 170 px on, only with the feature', () => {
    expect(isSticky(true, 169)).toBe(false)
    expect(isSticky(true, 170)).toBe(true)
    expect(isSticky(false, 1000)).toBe(false)
  })
})
