/**
 * Personal data requests over HTTP (issue 33): `POST gdpr-requests`, the mailed link read from the local
 * mailbox, `PUT gdpr-requests/{id}/confirmations` with every outcome of spec §8 (info codes, 404, 422, 400),
 * the copy for its owner alone, and a deletion that ends the caller's session and login.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { personalDataRequests, users } from '../../commerce-api/db/schema'
import { call, startApi, tokenFor, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

let api: Api

beforeAll(async () => {
  api = await startApi({ products: 20 })
})
afterEach(() => assertWireFaithful())
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db

async function tokenOf(login: string) {
  const answer = await tokenFor(api, { grant_type: 'password', username: login, password: 'Demo!2026' })
  expect(answer.status).toBe(200)
  return answer.json.access_token as string
}

async function emailOf(login: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  return user!.email
}

const ask = (token: string | undefined, json: unknown) =>
  call(api.url('gdpr-requests'), { method: 'POST', token, json })

const confirm = (id: string, json: unknown, token?: string) =>
  call(api.url(`gdpr-requests/${id}/confirmations`), {
    method: 'PUT',
    token,
    json,
    headers: { accept: 'application/vnd.intershop.gdpr.v1+json' },
  })

/** The newest request link mailed to the user: its request id and hash. */
async function mailedLink(login: string) {
  const email = await emailOf(login)
  const mailbox = await call(`${api.origin}/mailbox.json?to=${encodeURIComponent(email)}`)
  const link = (mailbox.json.elements as { links: string[] }[])
    .flatMap((mail) => mail.links)
    .find((l) => l.includes('/gdpr-requests?'))!
  const url = new URL(link)
  return { id: url.searchParams.get('PersonalDataRequestID')!, hash: url.searchParams.get('Hash')!, url }
}

const infoCode = (answer: { json: any }) => answer.json.infos[0].causes[0].code

describe('asking', () => {
  it('needs a logged-in user and a known type', async () => {
    expect((await ask(undefined, { type: 'copy' })).status).toBe(401)
    const anonymous = await tokenFor(api, { grant_type: 'anonymous' })
    expect((await ask(anonymous.json.access_token, { type: 'copy' })).status).toBe(401)
    const token = await tokenOf('patricia@ironbridge.test')
    expect((await ask(token, { type: 'everything' })).status).toBe(400)
    expect((await ask(token, {})).status).toBe(400)
  })

  it('is refused to the last administrator of a company with other users (422)', async () => {
    const answer = await ask(await tokenOf('mkestrel'), { type: 'deletion' })
    expect(answer.status).toBe(422)
    expect(answer.headers.get('error-key')).toBe('customer.user.last_account_owner')
  })
})

describe('a copy', () => {
  it('is confirmed by the mailed link once, and only its owner downloads it', async () => {
    const token = await tokenOf('patricia@ironbridge.test')
    const asked = await ask(token, { type: 'copy' })
    expect(asked.status).toBe(201)
    expect(asked.json.data).toMatchObject({ type: 'copy', status: 'PENDING', copyAvailable: false })
    const link = await mailedLink('patricia@ironbridge.test')
    expect(link.id).toBe(asked.json.data.id)
    expect(link.url.pathname).toBe('/en/gdpr-requests')

    // No body, or no hash: 400 (spec §5); a wrong hash: the link is not valid (404).
    expect((await confirm(link.id, undefined)).status).toBe(400)
    expect((await confirm(link.id, { hash: '' })).status).toBe(400)
    expect((await confirm(link.id, { hash: 'x'.repeat(129) })).status).toBe(400)
    const wrong = await confirm(link.id, { hash: `${link.hash}x` })
    expect(wrong.status).toBe(404)
    expect(wrong.headers.get('error-key')).toBe('personal.data.request.confirmation_link_expired.error')

    const first = await confirm(link.id, { hash: link.hash })
    expect(first.status).toBe(200)
    expect(infoCode(first)).toBe('gdpr_request.confirmed.info')
    expect(first.json.data).toMatchObject({ type: 'copy', loggedOut: false })
    const again = await confirm(link.id, { hash: link.hash })
    expect(again.status).toBe(200)
    expect(infoCode(again)).toBe('gdpr_request.already_confirmed.info')

    const listed = await call(api.url('gdpr-requests'), { token })
    expect(listed.json.data[0]).toMatchObject({ id: link.id, status: 'CONFIRMED', copyAvailable: true })
    const copy = await call(api.url(`gdpr-requests/${link.id}/copy`), { token })
    expect(copy.status).toBe(200)
    expect(copy.json.user.email).toBe('patricia@ironbridge.test')

    // A foreign customer's token sees neither the copy nor the request.
    const pierre = await tokenOf('pierre@ironbridge.test')
    expect((await call(api.url(`gdpr-requests/${link.id}/copy`), { token: pierre })).status).toBe(404)
    const theirs = await call(api.url('gdpr-requests'), { token: pierre })
    expect(theirs.json.data.map((r: { id: string }) => r.id)).not.toContain(link.id)
  })

  it('cannot be confirmed after its link expired (404) or once its user is disabled (422)', async () => {
    const token = await tokenOf('rkestrel')
    await ask(token, { type: 'copy' })
    const link = await mailedLink('rkestrel')
    await db()
      .update(personalDataRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalDataRequests.id, link.id))
    const expired = await confirm(link.id, { hash: link.hash })
    expect(expired.status).toBe(404)
    expect(expired.headers.get('error-key')).toBe('personal.data.request.confirmation_link_expired.error')

    await ask(token, { type: 'copy' })
    const fresh = await mailedLink('rkestrel')
    await db().update(users).set({ active: false }).where(eq(users.login, 'rkestrel'))
    const refused = await confirm(fresh.id, { hash: fresh.hash })
    expect(refused.status).toBe(422)
    expect(refused.headers.get('error-key')).toBe('personal.data.request.unprocessable.error')
    await db().update(users).set({ active: true }).where(eq(users.login, 'rkestrel'))
  })

  it('of an unknown request is a 404', async () => {
    const answer = await confirm('00000000-0000-4000-8000-000000000000', { hash: 'abc' })
    expect(answer.status).toBe(404)
    expect((await confirm('not-a-request', { hash: 'abc' })).status).toBe(404)
  })
})

describe('a deletion', () => {
  it('confirmed by the user ends their session and their login', async () => {
    const token = await tokenOf('tkestrel')
    expect((await ask(token, { type: 'deletion' })).status).toBe(201)
    const link = await mailedLink('tkestrel')
    const confirmed = await confirm(link.id, { hash: link.hash }, token)
    expect(confirmed.status).toBe(200)
    expect(infoCode(confirmed)).toBe('gdpr_request.confirmed.info')
    expect(confirmed.json.data).toMatchObject({ type: 'deletion', loggedOut: true })
    expect((await call(api.url('gdpr-requests'), { token })).status).toBe(401)
    const login = await tokenFor(api, { grant_type: 'password', username: 'tkestrel', password: 'Demo!2026' })
    expect(login.status).toBe(401)
  })
})
