import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/$lang.main-navigation'
import { loader as shopLayoutLoader } from '~/routes/$lang._shop'
import { get, icm, icmPath, localizedTree, shellHandlers } from './icm-mock'
import { answer, args } from './loader-args'
import './setup'

/** `/{lang}/main-navigation`: the list a page's data names (ADR 0055), as a browser fetches it. */
describe('the main navigation’s list', () => {
  it('is the HTML of the shopper’s tree in the language of the URL, under the key a page names', async () => {
    icm.use(get('categories', localizedTree), ...shellHandlers())
    const response = (await loader(args('/de/main-navigation?v=x'))) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=300')
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex')
    const html = await response.text()
    expect(html).toMatch(/^<li><details name="main-nav-flyout">/)
    expect(html).toContain('href="/de/')
    const page = await answer(shopLayoutLoader, args('/de/home'))
    expect(response.headers.get('X-Navigation-Key')).toBe(page.data.navigation.key)
  })

  it('answers 503 when ICM is unreachable, so the browser keeps the list it shows', async () => {
    icm.use(http.get(icmPath('categories'), () => HttpResponse.error()))
    const response = (await loader(args('/en/main-navigation'))) as Response
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('10')
  })

  it('is not found for a path without a shop language', async () => {
    await expect(loader(args('/xx/main-navigation'))).rejects.toMatchObject({ status: 404 })
  })
})
