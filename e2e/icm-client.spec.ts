import { createServer, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { ICM_CLIENT_PORT, ICM_REST } from '../playwright.config'

/**
 * A browser-side ICM client on another origin (as an Intershop PWA served from its own host): its page calls
 * the commerce API directly, with preflighted JSON requests and the `authentication-token` header, as ICM
 * clients do. The API allows this origin through ICM_CORS_ORIGINS (playwright.config.ts).
 */
const CLIENT = `http://127.0.0.1:${ICM_CLIENT_PORT}`

/** The client's script: every step records what the browser let it read, or why it could not. */
function clientScript(rest: string) {
  return `
const rest = ${JSON.stringify(rest)}
const log = (step, value) => { window.steps = { ...(window.steps ?? {}), [step]: value } }
async function run() {
  const form = (fields) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  const login = await fetch(rest + '/token', form({ grant_type: 'password', username: 'tkestrel', password: 'Demo!2026' }))
  const session = await login.json()
  log('login', { status: login.status, hasToken: typeof session.access_token === 'string' })

  // A JSON body and the token header make this a preflighted request.
  const created = await fetch(rest + '/baskets', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'authentication-token': session.access_token },
    body: '{}',
  })
  const basket = await created.json()
  log('basket', { status: created.status, id: basket.data?.id })

  // As ICM storefronts do, the client kept only the access token and refreshes with it.
  const refresh = await fetch(rest + '/token', form({ grant_type: 'refresh_token', refresh_token: session.access_token }))
  const refreshed = await refresh.json()
  log('refresh', { status: refresh.status, changed: refreshed.access_token !== undefined && refreshed.access_token !== session.access_token })

  const list = await fetch(rest + '/baskets', { headers: { accept: 'application/json', 'authentication-token': refreshed.access_token } })
  const baskets = await list.json()
  log('baskets', { status: list.status, ids: (baskets.data ?? []).map((b) => b.id) })

  const old = await fetch(rest + '/customers/-', { headers: { 'authentication-token': session.access_token } })
  const customer = await old.json()
  log('customer', { status: old.status, customerType: customer.customerType, errorKey: old.headers.get('error-key') })

  const refused = await fetch(rest + '/baskets/not-a-basket', { headers: { 'authentication-token': refreshed.access_token } })
  log('refused', { status: refused.status, errorKey: refused.headers.get('error-key') })
}
run().then(() => log('done', true), (error) => log('done', String(error)))
`
}

let server: Server
test.beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(clientScript(ICM_REST))
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      '<!doctype html><html lang="en"><title>ICM client</title><script src="/client.js"></script></html>',
    )
  })
  await new Promise<void>((resolve) => server.listen(ICM_CLIENT_PORT, '127.0.0.1', resolve))
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test('a browser-side ICM client on another origin logs in, refreshes with its access token and lists its baskets @js-only', async ({
  page,
}) => {
  // The basket call has a JSON body and the token header: the browser sends it only after a preflight the API
  // allowed, else fetch throws and \`done\` holds the error.
  await page.goto(`${CLIENT}/`)
  await expect
    .poll(() => page.evaluate(() => (window as { steps?: { done?: unknown } }).steps?.done))
    .toBe(true)
  const steps = await page.evaluate(() => (window as unknown as { steps: Record<string, any> }).steps)

  expect(steps.login).toEqual({ status: 200, hasToken: true })
  expect(steps.basket.status).toBe(201)
  expect(steps.refresh).toEqual({ status: 200, changed: true })
  expect(steps.baskets.status).toBe(200)
  expect(steps.baskets.ids).toContain(steps.basket.id)
  // ICM does not revoke the token a refresh was asked with.
  expect(steps.customer).toMatchObject({ status: 200, customerType: 'SMBCustomer' })
  // Refusals are readable too, with the error key ICM clients map.
  expect(steps.refused.status).toBe(404)
  expect(steps.refused.errorKey).toBeTruthy()
})
