/**
 * Outgoing mail (issue 17): the outbox row commits with the business change or not at all, the delivery loop
 * sends it over a nodemailer transport with retries and backoff, welcome mails come in the recipient's
 * language with HTML and text parts, and the local mailbox shows them (HTML pages with a strict policy, JSON
 * for the e2e tests) only while no SMTP_URL is set.
 */
import { eq, inArray } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadApiConfig } from '../../commerce-api/config'
import { LOCALES } from '../../commerce-api/domain/channel'
import { mailOutbox, passwordTokens, users } from '../../commerce-api/db/schema'
import { secretHash } from '../../commerce-api/domain/password-tokens'
import { startMailDelivery, smtpSender } from '../../commerce-api/mail/delivery'
import {
  deliverDueMails,
  MAX_ATTEMPTS,
  queueMail,
  retryDelaySeconds,
  type MailSender,
} from '../../commerce-api/mail/outbox'
import { renderMail } from '../../commerce-api/mail/render'
import { configureMail, mailSettings } from '../../commerce-api/mail/settings'
import { MAIL_TEXTS } from '../../commerce-api/mail/texts'
import { queueWelcomeMail } from '../../commerce-api/mail/welcome'
import { buildServer } from '../../commerce-api/server'
import { call, SITE, startApi, type Api } from './harness'
import { assertWireFaithful } from './wire-check'
import { isLoopback } from '../../commerce-api/routes/mailbox'

let api: Api
let origin: string

beforeAll(async () => {
  api = await startApi({ products: 20 })
  origin = new URL(api.url('')).origin
})
afterEach(() => {
  configureMail({})
  assertWireFaithful()
})
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db

async function userOf(login: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  return user!
}

const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, to))

function sampleMail(to: string) {
  return {
    ...renderMail({ locale: 'en_US', subject: 'Test', name: 'T', blocks: [] }),
    kind: 'test',
    to,
    locale: 'en_US' as const,
  }
}

describe('the outbox', () => {
  it('writes the mail in the caller’s transaction: rolled back with it, committed with it', async () => {
    await db()
      .transaction(async (tx) => {
        await queueMail(tx, sampleMail('rollback@example.test'))
        throw new Error('the business change failed')
      })
      .catch(() => undefined)
    expect(await mailsTo('rollback@example.test')).toEqual([])
    await db().transaction((tx) => queueMail(tx, sampleMail('commit@example.test')))
    const [row] = await mailsTo('commit@example.test')
    // Without SMTP_URL the local mailbox is the destination: delivered at once.
    expect(row).toMatchObject({ kind: 'test', subject: 'Test', attempts: 0 })
    expect(row!.sentAt).toBeInstanceOf(Date)
  })

  it('queues for the delivery loop when SMTP is configured, which sends HTML and text parts', async () => {
    configureMail({ smtpUrl: 'smtp://mail.invalid:2525', from: 'Shop <shop@example.test>' })
    await db().transaction((tx) => queueMail(tx, sampleMail('smtp@example.test')))
    const [queued] = await mailsTo('smtp@example.test')
    expect(queued!.sentAt).toBeNull()
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })
    const messages: string[] = []
    const send: MailSender = async (mail) => {
      const info = await transport.sendMail({ from: 'Shop <shop@example.test>', ...mail })
      messages.push(String(info.message))
    }
    const result = await deliverDueMails(db(), send)
    expect(result.sent).toBeGreaterThanOrEqual(1)
    const [sent] = await mailsTo('smtp@example.test')
    expect(sent).toMatchObject({ attempts: 1, lastError: null })
    expect(sent!.sentAt).toBeInstanceOf(Date)
    const mime = messages.find((m) => m.includes('smtp@example.test'))!
    expect(mime).toMatch(/multipart\/alternative/)
    expect(mime).toMatch(/text\/plain/)
    expect(mime).toMatch(/text\/html/)
    // Sent once: a second run finds nothing due.
    expect((await deliverDueMails(db(), send)).sent).toBe(0)
  })

  it('retries a failed mail with growing delays, never throwing, and gives up after the last attempt', async () => {
    configureMail({ smtpUrl: 'smtp://mail.invalid:2525' })
    await db().transaction((tx) => queueMail(tx, sampleMail('flaky@example.test')))
    const failing: MailSender = async () => {
      throw new Error('connect ECONNREFUSED')
    }
    let now = new Date(Date.now() + 1000)
    const first = await deliverDueMails(db(), failing, { now })
    expect(first.failed).toBeGreaterThanOrEqual(1)
    let [row] = await mailsTo('flaky@example.test')
    expect(row).toMatchObject({ attempts: 1, lastError: 'connect ECONNREFUSED', sentAt: null })
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBe(retryDelaySeconds(1) * 1000)
    // Not due before its time.
    expect((await deliverDueMails(db(), failing, { now })).failed).toBe(0)
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now = new Date(row!.nextAttemptAt.getTime() + 1)
      await deliverDueMails(db(), failing, { now })
      ;[row] = await mailsTo('flaky@example.test')
      expect(row!.attempts).toBe(attempt)
    }
    expect(retryDelaySeconds(2)).toBe(2 * retryDelaySeconds(1))
    expect(retryDelaySeconds(30)).toBe(6 * 3600)
    // Given up: no further attempt, the last error kept.
    now = new Date(row!.nextAttemptAt.getTime() + 1)
    await deliverDueMails(db(), failing, { now })
    ;[row] = await mailsTo('flaky@example.test')
    expect(row!.attempts).toBe(MAX_ATTEMPTS)
    expect(row!.lastError).toBe('connect ECONNREFUSED')
  })

  it('sends at most one batch per run', async () => {
    configureMail({ smtpUrl: 'smtp://mail.invalid:2525' })
    const to = Array.from({ length: 5 }, (_, i) => `batch${i}@example.test`)
    await db().transaction(async (tx) => {
      for (const address of to) await queueMail(tx, sampleMail(address))
    })
    const sent: string[] = []
    const result = await deliverDueMails(db(), async (mail) => void sent.push(mail.to), { limit: 2 })
    expect(result.sent).toBe(2)
    const rows = await db().select().from(mailOutbox).where(inArray(mailOutbox.recipient, to))
    expect(rows.filter((row) => row.sentAt)).toHaveLength(2)
  })

  it('refuses a recipient that could add a header', async () => {
    await expect(
      db().transaction((tx) => queueMail(tx, sampleMail('a@example.test\r\nBcc: b@x'))),
    ).rejects.toThrow(/one recipient/)
  })

  it('has a delivery loop that runs after a queued mail and over nodemailer’s SMTP transport', async () => {
    configureMail({ smtpUrl: 'smtp://mail.invalid:2525' })
    const delivered: string[] = []
    const loop = startMailDelivery(
      db(),
      { from: 'x', storefrontUrl: 'http://shop.test' },
      {
        intervalSeconds: 0,
        sender: async (mail) => void delivered.push(mail.to),
      },
    )
    try {
      await db().transaction((tx) => queueMail(tx, sampleMail('loop@example.test')))
      await expect.poll(() => delivered, { timeout: 3000 }).toContain('loop@example.test')
    } finally {
      loop.stop()
    }
    expect(typeof smtpSender('smtp://user:pass@mail.invalid:2525', 'x')).toBe('function')
  })
})

describe('the welcome mail', () => {
  it('links to the storefront’s set-password page with a single-use token, in the user’s language', async () => {
    configureMail({ storefrontUrl: 'https://shop.example.test/' })
    const user = await userOf('ccowner')
    for (const locale of LOCALES) {
      const email = `welcome-${locale}@example.test`
      await db().transaction((tx) =>
        queueWelcomeMail(tx, {
          id: user.id,
          email,
          firstName: '<b>Chris</b>',
          lastName: 'O’Wner & Co',
          preferredLanguage: locale,
          login: 'ccowner',
        }),
      )
      const [mail] = await mailsTo(email)
      const texts = MAIL_TEXTS[locale]
      expect(mail).toMatchObject({ kind: 'user.welcome', locale, subject: texts.welcome.subject })
      const link = new RegExp(
        `https://shop\\.example\\.test/${locale.slice(0, 2)}/forgotPassword/updatePassword\\?uid=${user.id}&Hash=([A-Za-z0-9_-]{43})`,
      )
      const secret = link.exec(mail!.text)?.[1]
      expect(secret, `${locale} text part`).toBeDefined()
      expect(mail!.html).toContain(
        `href="https://shop.example.test/${locale.slice(0, 2)}/forgotPassword/updatePassword?uid=${user.id}&amp;Hash=${secret}"`,
      )
      expect(mail!.html).toContain(`lang="${locale.slice(0, 2)}"`)
      expect(mail!.text).toContain(texts.welcome.button)
      expect(mail!.text).toContain('ccowner')
      // Names are text, never markup.
      expect(mail!.html).toContain('&lt;b&gt;Chris&lt;/b&gt; O’Wner &amp; Co')
      expect(mail!.html).not.toContain('<b>Chris')
      const [token] = await db()
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.hash, secretHash(secret!)))
      expect(token).toMatchObject({ userId: user.id, purpose: 'welcome', usedAt: null })
    }
  })

  it('falls back to the shop’s default language for an unknown one', async () => {
    const user = await userOf('omanager')
    const email = 'welcome-xx@example.test'
    await db().transaction((tx) =>
      queueWelcomeMail(tx, {
        id: user.id,
        email,
        firstName: 'O',
        lastName: 'M',
        preferredLanguage: 'xx_XX',
        login: 'omanager',
      }),
    )
    const [mail] = await mailsTo(email)
    expect(mail).toMatchObject({ locale: 'de_DE', subject: MAIL_TEXTS.de_DE.welcome.subject })
  })
})

describe('the local mailbox', () => {
  it('lists the mails newest first as HTML, under a policy that allows no scripts', async () => {
    await db().transaction((tx) =>
      queueMail(tx, { ...sampleMail('list@example.test'), subject: 'Newest <mail>' }),
    )
    const response = await fetch(`${origin}/mailbox`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/default-src 'none'/)
    expect(csp).toMatch(/frame-ancestors 'none'/)
    expect(csp).not.toMatch(/script-src/)
    const html = await response.text()
    expect(html).toContain('Newest &lt;mail&gt;')
    expect(html.indexOf('Newest &lt;mail&gt;')).toBeLessThan(html.indexOf('list@example.test') + 200)
  })

  it('shows one mail with its HTML and text parts, and answers JSON with its links for the tests', async () => {
    const user = await userOf('bbuyer')
    await db().transaction((tx) =>
      queueWelcomeMail(tx, {
        id: user.id,
        email: 'json@example.test',
        firstName: 'B',
        lastName: 'B',
        preferredLanguage: 'fr_FR',
        login: 'bbuyer',
      }),
    )
    const list = await call(`${origin}/mailbox.json?to=JSON@example.test`)
    expect(list.status).toBe(200)
    const [mail] = list.json.elements
    expect(mail).toMatchObject({ to: 'json@example.test', kind: 'user.welcome', locale: 'fr_FR' })
    expect(mail.links[0]).toMatch(/\/fr\/forgotPassword\/updatePassword\?uid=/)
    const page = await fetch(`${origin}/mailbox/${mail.id}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(MAIL_TEXTS.fr_FR.welcome.button)
    expect(html).toContain('<pre>')
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    for (const path of ['/mailbox/00000000-0000-4000-8000-000000000000', '/mailbox/not-a-uuid'])
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404)
    expect((await call(`${origin}/mailbox.json?limit=1000`)).status).toBe(400)
  })

  it('answers only callers on this machine: a shopper forwarded by the storefront gets 404', async () => {
    // The storefront on loopback is a trusted proxy: request.ip is then the shopper's address.
    for (const url of ['/mailbox', '/mailbox.json', '/mailbox/00000000-0000-4000-8000-000000000000']) {
      const forwarded = await call(`${origin}${url}`, { headers: { 'x-forwarded-for': '203.0.113.7' } })
      expect(forwarded.status, url).toBe(404)
      expect(JSON.stringify(forwarded.json)).not.toContain('@example.test')
    }
    expect((await call(`${origin}/mailbox.json`)).status).toBe(200)
    expect(isLoopback('::ffff:127.0.0.1') && isLoopback('::1') && isLoopback('127.8.0.1')).toBe(true)
    expect(isLoopback('10.0.0.1') || isLoopback('::ffff:10.0.0.1') || isLoopback('fe80::1')).toBe(false)
  })

  it('answers no request a proxy forwarded, trusted or not, whatever header says so', async () => {
    for (const header of ['forwarded', 'x-real-ip', 'via', 'x-forwarded-host']) {
      const value =
        header === 'forwarded' ? 'for=203.0.113.7' : header === 'via' ? '1.1 nginx' : '203.0.113.7'
      const forwarded = await call(`${origin}/mailbox.json`, { headers: { [header]: value } })
      expect(forwarded.status, header).toBe(404)
    }
  })

  it('with MAILBOX_TOKEN (production) asks for it: 401 and a Basic challenge without, the mails with it', async () => {
    const previous = mailSettings()
    const token = 'mailbox-token-mailbox-token-1'
    const app = buildServer({ db: db(), site: SITE, mail: { mailboxToken: token } })
    try {
      await db().transaction((tx) => queueMail(tx, sampleMail('guarded@example.test')))
      const basic = (password: string) => `Basic ${Buffer.from(`any:${password}`).toString('base64')}`
      for (const authorization of [
        undefined,
        'Bearer wrong-token-wrong-token-wrong',
        basic('nope'),
        'Basic ###',
        'Bearer',
      ]) {
        for (const url of ['/mailbox', '/mailbox.json']) {
          const response = await app.inject({
            method: 'GET',
            url,
            headers: authorization ? { authorization } : {},
          })
          expect(response.statusCode, `${url} ${authorization}`).toBe(401)
          expect(response.headers['www-authenticate']).toBe('Basic realm="mailbox", charset="UTF-8"')
          expect(response.json().errors[0].code).toBe('mailbox.token.invalid')
          expect(response.body).not.toContain('guarded@example.test')
        }
      }
      const asBearer = await app.inject({
        method: 'GET',
        url: '/mailbox.json?to=guarded@example.test',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(asBearer.statusCode).toBe(200)
      expect(asBearer.json().elements[0].to).toBe('guarded@example.test')
      // What a browser sends after asking for the password: every link of the page works with it.
      const asBrowser = await app.inject({
        method: 'GET',
        url: '/mailbox',
        headers: { authorization: basic(token) },
      })
      expect(asBrowser.statusCode).toBe(200)
      expect(asBrowser.body).toContain('guarded@example.test')
      // The token does not open the mailbox to a forwarded request.
      const forwarded = await app.inject({
        method: 'GET',
        url: '/mailbox.json',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
      })
      expect(forwarded.statusCode).toBe(404)
    } finally {
      await app.close()
      configureMail(previous)
    }
  })

  it('does not exist when mail goes out over SMTP', async () => {
    const app = buildServer({ db: db(), site: SITE, mail: { smtpUrl: 'smtp://mail.invalid:2525' } })
    try {
      for (const url of ['/mailbox', '/mailbox.json', '/mailbox/00000000-0000-4000-8000-000000000000']) {
        const response = await app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(404)
        expect(response.body).not.toContain('@example.test')
      }
    } finally {
      await app.close()
    }
  })
})

describe('the mail settings', () => {
  it('come from SMTP_URL, MAIL_FROM, SHOP_MAIL and STOREFRONT_URL, with the local mailbox as the default', () => {
    const defaults = loadApiConfig({ NODE_ENV: 'test' })
    expect(defaults).toMatchObject({ smtpUrl: undefined, mailFrom: undefined, storefrontUrl: undefined })
    expect(configureMail({ smtpUrl: defaults.smtpUrl, from: defaults.mailFrom })).toEqual({
      smtpUrl: undefined,
      from: 'Ironbridge Supply <shop@ironbridge.test>',
      // The shop's own mails (a registration waiting for approval) go to the sender's address by default.
      shop: 'shop@ironbridge.test',
      storefrontUrl: 'http://localhost:3000',
    })
    const set = loadApiConfig({
      NODE_ENV: 'test',
      SMTP_URL: 'smtps://u:p@mail.example.test:465',
      MAIL_FROM: 'Shop <s@example.test>',
      STOREFRONT_URL: 'https://shop.example.test/',
      MAIL_INTERVAL_SECONDS: '5',
      SHOP_MAIL: 'orders@example.test',
    })
    expect(set).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.test:465', mailIntervalSeconds: 5 })
    expect(
      configureMail({
        smtpUrl: set.smtpUrl,
        from: set.mailFrom,
        shop: set.shopMail,
        storefrontUrl: set.storefrontUrl,
      }),
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.test:465',
      from: 'Shop <s@example.test>',
      shop: 'orders@example.test',
      storefrontUrl: 'https://shop.example.test',
      mailboxToken: undefined,
    })
  })

  it('refuse to start a production API whose mails would sit in an open page', () => {
    const token = 'mailbox-token-mailbox-token-1'
    const production = { NODE_ENV: 'production' as const }
    // Production: SMTP, or the mailbox asked for by name and guarded by a long token.
    expect(() => loadApiConfig(production)).toThrow(/SMTP_URL.*MAILBOX=on and MAILBOX_TOKEN/)
    expect(() => loadApiConfig({ ...production, MAILBOX: 'on' })).toThrow(/needs MAILBOX_TOKEN/)
    expect(() => loadApiConfig({ ...production, MAILBOX: 'on', MAILBOX_TOKEN: 'short' })).toThrow(
      /MAILBOX_TOKEN must be at least 24 characters/,
    )
    expect(loadApiConfig({ ...production, MAILBOX: 'on', MAILBOX_TOKEN: token }).mailboxToken).toBe(token)
    expect(
      loadApiConfig({ ...production, SMTP_URL: 'smtp://mail.example.test' }).mailboxToken,
    ).toBeUndefined()
    // Contradictions anywhere.
    expect(() =>
      loadApiConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example.test', MAILBOX: 'on' }),
    ).toThrow(/MAILBOX=on/)
    expect(() => loadApiConfig({ NODE_ENV: 'test', MAILBOX: 'off' })).toThrow(/mail would go nowhere/)
    expect(() => loadApiConfig({ NODE_ENV: 'test', MAILBOX: 'yes' })).toThrow(/MAILBOX must be 'on' or 'off'/)
    // A developer's API: the mailbox is open on this machine, or guarded when a token is given.
    expect(loadApiConfig({ NODE_ENV: 'development' }).mailboxToken).toBeUndefined()
    expect(loadApiConfig({ NODE_ENV: 'test', MAILBOX_TOKEN: token }).mailboxToken).toBe(token)
  })
})
