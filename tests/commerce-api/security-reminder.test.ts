/**
 * ICM's `POST security/reminder` (issue 33): a solved captcha in the `Authorization: CAPTCHA …` header, then
 * the same 204 whether or not the name belongs to an account; an account's user gets a mail (read from the
 * local mailbox) whose link sets a password once, until it expires; limits per client address and per
 * account answer 429; a mail that cannot be queued answers 500 and leaves nothing behind.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { passwordTokens, users } from '../../commerce-api/db/schema'
import { subscribe } from '../../commerce-api/domain/events'
import { secretHash } from '../../commerce-api/domain/password-tokens'
import { REMINDER_ANSWER_FLOOR_MS } from '../../commerce-api/domain/password-reminder'
import { call, startApi, tokenFor, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

const TOO_MANY = 'account.forgotdata.too_many_requests.error'

let api: Api

beforeAll(async () => {
  api = await startApi({
    products: 20,
    protection: {
      limits: {
        remindersPerAccount: { points: 2, seconds: 600 },
        remindersPerIp: { points: 5, seconds: 600 },
        challenges: { points: 1000, seconds: 600 },
      },
    },
  })
})
afterEach(() => assertWireFaithful())
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db
let addresses = 0
/** A shopper address of its own for each test, so the per-address limit of one test never meets another. */
const newAddress = () => `198.51.100.${++addresses}`

/** A solved captcha: a new challenge and its right answer (or a wrong one). */
async function captcha(ip: string, { wrong = false } = {}) {
  const answer = await call(api.url('challenges'), { method: 'POST', headers: { 'x-forwarded-for': ip } })
  expect(answer.status).toBe(201)
  const [a, b] = answer.json.question.operands as [number, number]
  return { id: answer.json.id as string, answer: a + b + (wrong ? 1 : 0) }
}

type Solved = { id: string; answer: number }

async function remind(
  body: unknown,
  { ip, solved, locale = 'en_US' }: { ip: string; solved?: Solved | null; locale?: string },
) {
  const proof = solved === undefined ? await captcha(ip) : solved
  const headers: Record<string, string> = { 'x-forwarded-for': ip }
  if (proof) headers.authorization = `CAPTCHA challenge=${proof.id} answer=${proof.answer}`
  return call(api.url('security/reminder', `;loc=${locale};cur=EUR`), { method: 'POST', json: body, headers })
}

async function mailsTo(email: string) {
  const mailbox = await call(`${api.origin}/mailbox.json?to=${encodeURIComponent(email)}`)
  expect(mailbox.status).toBe(200)
  return mailbox.json.elements as { kind: string; locale: string; subject: string; links: string[] }[]
}

async function userOf(login: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  return user!
}

/** The link of the newest reminder to the address: its uid and Hash. */
async function reminderLink(email: string) {
  const [mail] = (await mailsTo(email)).filter((m) => m.kind === 'user.password.reminder')
  const url = new URL(mail!.links[0]!)
  return { url, userID: url.searchParams.get('uid')!, secureCode: url.searchParams.get('Hash')! }
}

const setPassword = (json: unknown) => call(api.url('security/password'), { method: 'POST', json })
const login = (username: string, password: string) =>
  tokenFor(api, { grant_type: 'password', username, password })
/** What an answer shows a caller: status, body and every header except the date. */
const visible = (answer: Awaited<ReturnType<typeof call>>) => ({
  status: answer.status,
  json: answer.json,
  headers: [...answer.headers.entries()].filter(([name]) => name !== 'date'),
})

describe('POST security/reminder', () => {
  it('answers a known and an unknown name alike; the known one’s mail has a link that works once', async () => {
    const ip = newAddress()
    const known = await remind({ email: 'mfoster@brightline.test' }, { ip, locale: 'de_DE' })
    const unknown = await remind({ email: 'nobody-here@brightline.test' }, { ip, locale: 'de_DE' })
    expect(known.status).toBe(204)
    expect(visible(unknown)).toEqual(visible(known))
    expect(await mailsTo('nobody-here@brightline.test')).toEqual([])

    const link = await reminderLink('mfoster@brightline.test')
    expect(link.url.pathname).toBe('/de/forgotPassword/updatePassword')
    expect(link.userID).toBe((await userOf('mfoster')).id)
    expect((await setPassword({ ...link, url: undefined, password: 'Remind2026x' })).status).toBe(204)
    expect((await login('mfoster', 'Remind2026x')).status).toBe(200)
    const again = await setPassword({
      userID: link.userID,
      secureCode: link.secureCode,
      password: 'Again2026x',
    })
    expect(again.status).toBe(400)
    expect(again.headers.get('error-invalid-attributes')).toBe('secureCode')
    expect((await login('mfoster', 'Remind2026x')).status).toBe(200)
  })

  it('takes the login as well, and a newer reminder makes the older link useless', async () => {
    const ip = newAddress()
    expect((await remind({ login: 'lnowak' }, { ip })).status).toBe(204)
    const older = await reminderLink('lnowak@brightline.test')
    expect((await remind({ email: 'LNowak' }, { ip })).status).toBe(204)
    const newer = await reminderLink('lnowak@brightline.test')
    expect(newer.secureCode).not.toBe(older.secureCode)
    const refused = await setPassword({
      userID: older.userID,
      secureCode: older.secureCode,
      password: 'Old2026xx',
    })
    expect(refused.status).toBe(400)
    expect(refused.json.errors[0].code).toBe('account.forgotdata.consumer_invalid_hash.error')
    expect(
      (await setPassword({ userID: newer.userID, secureCode: newer.secureCode, password: 'New2026xx' }))
        .status,
    ).toBe(204)
  })

  it('refuses a link whose two hours are over, without naming an attribute', async () => {
    const ip = newAddress()
    expect((await remind({ email: 'adumitru@brightline.test' }, { ip })).status).toBe(204)
    const link = await reminderLink('adumitru@brightline.test')
    await db()
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.hash, secretHash(link.secureCode)))
    const answer = await setPassword({
      userID: link.userID,
      secureCode: link.secureCode,
      password: 'Late2026x',
    })
    expect(answer.status).toBe(422)
    expect(answer.headers.get('error-invalid-attributes')).toBeNull()
    expect(answer.json.errors[0].code).toBe('account.forgotdata.consumer_password_timeout.error')
  })

  it('refuses a missing, wrong or reused captcha with 401 captcha.incorrect and sends nothing', async () => {
    const ip = newAddress()
    const solved = await captcha(ip)
    const wrong = await captcha(ip, { wrong: true })
    const cases = [
      await remind({ email: 'cmartin@brightline.test' }, { ip, solved: null }),
      await remind({ email: 'cmartin@brightline.test' }, { ip, solved: wrong }),
      await remind({ email: 'cmartin@brightline.test' }, { ip, solved: { id: 'forged.1.x', answer: 3 } }),
    ]
    for (const answer of cases) {
      expect(answer.status).toBe(401)
      expect(answer.headers.get('error-key')).toBe('captcha.incorrect')
    }
    expect(await mailsTo('cmartin@brightline.test')).toEqual([])
    // A solved captcha works once.
    expect((await remind({ email: 'cmartin@brightline.test' }, { ip, solved })).status).toBe(204)
    expect((await remind({ email: 'cmartin@brightline.test' }, { ip, solved })).status).toBe(401)
    expect(await mailsTo('cmartin@brightline.test')).toHaveLength(1)
  })

  it('refuses a request without a name or with oversized values (400), naming the attribute', async () => {
    const ip = newAddress()
    for (const [body, header, attribute] of [
      [{}, 'error-missing-attributes', 'email'],
      [{ email: '   ' }, 'error-missing-attributes', 'email'],
      [{ email: `${'a'.repeat(250)}@x.test` }, 'error-invalid-attributes', 'email'],
      [{ email: 'jlink', firstName: 'x'.repeat(129) }, 'error-invalid-attributes', 'firstName'],
      [{ login: 42 }, 'error-invalid-attributes', 'login'],
    ] as const) {
      const answer = await remind(body, { ip, solved: null })
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(answer.headers.get(header)).toBe(attribute)
      expect(answer.json.errors[0].code).toBe('ede.account.forgotdata.email.invalid_login_or_name.error')
    }
  })

  it('limits reminders per account, a known and an unknown one alike (429 with Retry-After)', async () => {
    for (const names of [
      ['omanager', 'omanager@brightline.test', 'OManager'],
      ['ghost', 'ghost', 'GHOST'],
    ]) {
      const statuses = []
      for (const name of names) statuses.push((await remind({ email: name }, { ip: newAddress() })).status)
      expect(statuses, names[0]).toEqual([204, 204, 429])
    }
    const refused = await remind({ email: 'omanager' }, { ip: newAddress() })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('error-key')).toBe(TOO_MANY)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500)
    expect(
      (await mailsTo('omanager@brightline.test')).filter((m) => m.kind === 'user.password.reminder'),
    ).toHaveLength(2)
  })

  it('limits reminders per client address across accounts, and only that address', async () => {
    const ip = newAddress()
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await remind({ email: `nobody${i}@x.test` }, { ip })).status)
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429])
    // Refused before the captcha is looked at, so even a wrong one gets the 429.
    const refused = await remind({ email: 'nobody@x.test' }, { ip, solved: null })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('error-key')).toBe(TOO_MANY)
    expect((await remind({ email: 'nobody6@x.test' }, { ip: newAddress() })).status).toBe(204)
  })

  it('answers 500 when the mail cannot be queued, and keeps no token of it', async () => {
    const user = await userOf('hweber')
    const stop = subscribe(async (_t, event) => {
      if (event.type === 'user.password.reminded') throw new Error('mail server unavailable')
    })
    try {
      const answer = await remind({ email: 'hweber' }, { ip: newAddress() })
      expect(answer.status).toBe(500)
    } finally {
      stop()
    }
    expect(await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user.id))).toEqual([])
    expect(await mailsTo(user.email)).toEqual([])
  })

  it('takes about as long for a known name as for an unknown one, never less than the floor', async () => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] }
    for (let round = 0; round < 4; round++) {
      for (const [kind, email] of [
        ['known', round % 2 ? 'nbauer@brightline.test' : 'tschulz@brightline.test'],
        ['unknown', `nobody-${round}@brightline.test`],
      ] as const) {
        const ip = newAddress()
        const solved = await captcha(ip)
        const started = performance.now()
        expect((await remind({ email }, { ip, solved })).status).toBe(204)
        times[kind].push(performance.now() - started)
      }
    }
    for (const kind of ['known', 'unknown'] as const)
      expect(Math.min(...times[kind])).toBeGreaterThanOrEqual(REMINDER_ANSWER_FLOOR_MS - 1)
    const ratio = median(times.unknown) / median(times.known)
    expect(ratio).toBeGreaterThan(0.6)
    expect(ratio).toBeLessThan(1.6)
  })
})
