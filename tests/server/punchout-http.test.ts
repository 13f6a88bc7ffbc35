import type { Server } from 'node:http'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { FORM_TARGET_HEADER as APP_FORM_TARGET_HEADER } from '~/services/headers'
import { createApp } from '../../server/app.mjs'
import { withFormTarget } from '../../server/remix-handler.mjs'
import { allowFormTarget, FORM_TARGET_HEADER } from '../../server/security.mjs'
import { serverSettings } from '../../server/settings.mjs'
import { send } from './helpers'

/**
 * The HTTP layer's part in punchout (issue 34): procurement systems post to the entry from their own pages,
 * and a page whose form goes back to them (a hook or return URL) gets that origin in its CSP's form-action.
 */
type Handler = (req: ExpressRequest, res: ExpressResponse) => void

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function shop(handler: Handler) {
  const reached: string[] = []
  const app = createApp({
    build: undefined,
    settings: serverSettings({ PAGE_CACHE_SECONDS: '0', PUBLIC_URL: 'https://shop.example' }),
    handler: (req: ExpressRequest, res: ExpressResponse) => {
      reached.push(`${req.method} ${req.path}`)
      handler(req, res)
    },
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as { port: number }
  return { origin: `http://127.0.0.1:${port}`, reached }
}

const plain: Handler = (_req, res) => {
  res.type('text/plain').send('app')
}

const formAction = (csp: unknown) => /form-action ([^;]*)/.exec(String(csp))?.[1]

describe('the punchout entry', () => {
  it('takes posts from other sites, in every language; other paths still refuse them', async () => {
    const { origin, reached } = await shop(plain)
    const post = (path: string) =>
      send(origin, path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'https://srm.example.com',
          'Sec-Fetch-Site': 'cross-site',
        },
        body: 'HOOK_URL=https%3A%2F%2Fsrm.example.com%2Fhook&USERNAME=u&PASSWORD=p',
      })
    for (const path of ['/en/punchout', '/de/punchout', '/fr/punchout?returntarget=_top'])
      expect((await post(path)).status, path).toBe(200)
    for (const path of ['/en/punchout/x', '/en/punchoutx', '/en/basket/transfer', '/punchout'])
      expect((await post(path)).status, path).toBe(403)
    expect(reached).toEqual(['POST /en/punchout', 'POST /de/punchout', 'POST /fr/punchout'])
  })
})

describe('a form to another site', () => {
  it('adds the origin a page names to its CSP form-action, and nothing that is no http(s) origin', async () => {
    let named = ''
    const { origin } = await shop((_req, res) => {
      allowFormTarget(res, named)
      res.type('text/plain').send('page')
    })
    const policy = async (target: string) => {
      named = target
      return formAction((await send(origin, '/en/basket/transfer')).headers['content-security-policy'])
    }
    const own = "'self' http://127.0.0.1:4100"
    expect(await policy('https://srm.example.com:8443')).toBe(`${own} https://srm.example.com:8443`)
    expect(await policy('http://sap.intern')).toBe(`${own} http://sap.intern`)
    for (const target of [
      'https://srm.example.com/hook',
      'javascript:alert(1)',
      "https://a.example; script-src 'unsafe-inline'",
      '*',
      '',
    ])
      expect(await policy(target), target).toBe(own)
  })

  it('is named by the app in a header the HTTP layer takes out of the answer', async () => {
    expect(FORM_TARGET_HEADER).toBe(APP_FORM_TARGET_HEADER)
    let sent: Response | undefined
    const { origin } = await shop((_req, res) => {
      sent = withFormTarget(
        res,
        new Response('page', {
          status: 200,
          headers: { [FORM_TARGET_HEADER]: 'https://ariba.example', 'X-Other': '1' },
        }),
      )
      res.type('text/plain').send('page')
    })
    const answer = await send(origin, '/en/basket/transfer')
    expect(formAction(answer.headers['content-security-policy'])).toContain('https://ariba.example')
    expect(sent!.headers.has(FORM_TARGET_HEADER)).toBe(false)
    expect(sent!.headers.get('X-Other')).toBe('1')
    expect(await sent!.text()).toBe('page')
  })
})
