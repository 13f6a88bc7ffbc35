/**
 * The password reminder against the real commerce API (issue 33): `/forgotPassword` shows a captcha question;
 * a right answer leads to the same confirmation whether or not the name is an account's, and only an
 * account's user gets the mail; its link's page sets a new password once (the used link is refused after), the
 * login takes the new password; a wrong answer, a filled honeypot, too many requests, a mail that cannot be
 * queued and an expired link each show what the spec says, in the shopper's language.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, passwordTokens, users } from '../../commerce-api/db/schema'
import { subscribe } from '../../commerce-api/domain/events'
import { secretHash } from '../../commerce-api/domain/password-tokens'
import {
  action as reminderAction,
  loader as reminderLoader,
  meta as reminderMeta,
} from '~/routes/$lang._shop.forgotPassword._index'
import {
  action as updateAction,
  loader as updateLoader,
} from '~/routes/$lang._shop.forgotPassword.updatePassword'
import { action as loginAction, loader as loginLoader } from '~/routes/$lang._shop.login'
import { HONEYPOT_FIELD } from '~/models/honeypot'
import { fixedT } from '~/services/i18n.server'
import { api } from './setup'
import { Browser } from './shop'

const db = () => api.database.db

/** The reminder page's question for this shopper, and the form that answers it (rightly unless `wrong`). */
async function reminderForm(shopper: Browser, name: string, { wrong = false, honeypot = '' } = {}) {
  const page = `/${shopper.lang}/forgotPassword`
  const { response, data } = await shopper.call(reminderLoader, page)
  expect(response.status).toBe(200)
  const [a, b] = data.challenge.operands as [number, number]
  return {
    name,
    captchaId: data.challenge.id as string,
    captchaAnswer: String(a + b + (wrong ? 1 : 0)),
    [HONEYPOT_FIELD]: honeypot,
  }
}

async function askReminder(shopper: Browser, name: string, options: Parameters<typeof reminderForm>[2] = {}) {
  const form = await reminderForm(shopper, name, options)
  return shopper.call(reminderAction, `/${shopper.lang}/forgotPassword`, { form })
}

const remindersTo = (email: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .then((mails) => mails.filter((mail) => mail.kind === 'user.password.reminder'))

/** The newest reminder's link to the address, as a path of the shop (`/{lang}/forgotPassword/updatePassword?…`). */
async function linkTo(email: string) {
  const mails = await remindersTo(email)
  const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!
  const url = new URL(/https?:\/\/\S+updatePassword\?\S+/.exec(newest.text)![0])
  return {
    path: `${url.pathname}${url.search}`,
    uid: url.searchParams.get('uid')!,
    hash: url.searchParams.get('Hash')!,
  }
}

const formErrors = (data: any): string[] => data.result.error?.[''] ?? []

describe('the password reminder page', () => {
  it('asks a captcha question on a private, noindex page', async () => {
    const shopper = new Browser('en')
    const { response, data } = await shopper.call(reminderLoader, '/en/forgotPassword')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.challenge.operands).toHaveLength(2)
    expect(data.title).toBe('Forgot your password?')
    expect(reminderMeta({ data } as never)).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('confirms alike for an account and a stranger; the account’s link sets a password once, and the login takes it', async () => {
    const shopper = new Browser('de')
    const known = await askReminder(shopper, 'mfoster@brightline.test')
    const unknown = await askReminder(shopper, 'niemand@brightline.test')
    for (const sent of [known, unknown]) {
      expect(sent.response.status).toBe(303)
      expect(sent.response.headers.get('Location')).toBe('/de/forgotPassword?sent=1')
    }
    expect(await remindersTo('niemand@brightline.test')).toEqual([])
    const confirmation = await shopper.call(reminderLoader, '/de/forgotPassword?sent=1')
    expect(confirmation.data).toMatchObject({ sent: true, challenge: null })

    const link = await linkTo('mfoster@brightline.test')
    expect(link.path).toMatch(/^\/de\/forgotPassword\/updatePassword\?/)
    const page = await shopper.call(updateLoader, link.path)
    expect(page.response.status).toBe(200)
    const choose = {
      uid: link.uid,
      hash: link.hash,
      password: 'Neu2026xx',
      passwordConfirmation: 'Neu2026xx',
    }
    const set = await shopper.call(updateAction, '/de/forgotPassword/updatePassword', { form: choose })
    expect(set.response.headers.get('Location')).toBe('/de/login')

    const again = await shopper.call(updateAction, '/de/forgotPassword/updatePassword', {
      form: { ...choose, password: 'Anders2026x', passwordConfirmation: 'Anders2026x' },
    })
    expect(again.response.status).toBe(422)
    expect(formErrors(again.data)).toEqual([
      fixedT('de_DE')('account.forgotdata.consumer_invalid_hash.error'),
    ])

    // After the login the shopper goes back where the login page was asked for (returnUrl), if that is a
    // page of the shop; anywhere else means the home page.
    const login = await shopper.call(loginAction, '/de/login', {
      form: { login: 'mfoster', password: 'Neu2026xx', returnUrl: '/de/account/orders?limit=60' },
    })
    expect(login.response.status).toBe(303)
    expect(login.response.headers.get('Location')).toBe('/de/account/orders?limit=60')
    const elsewhere = await new Browser('de').call(loginAction, '/de/login', {
      form: { login: 'mfoster@brightline.test', password: 'Neu2026xx', returnUrl: '//evil.example/de/home' },
    })
    expect(elsewhere.response.headers.get('Location')).toBe('/de/home')
    // Logged in, the login page itself goes on to returnUrl.
    const loggedIn = await shopper.call(loginLoader, '/de/login?returnUrl=%2Fde%2Faccount')
    expect(loggedIn.response.headers.get('Location')).toBe('/de/account')
  })

  it('shows a wrong answer at the captcha, in the shopper’s language, and sends nothing', async () => {
    const shopper = new Browser('fr')
    const { response, data } = await askReminder(shopper, 'cmartin', { wrong: true })
    expect(response.status).toBe(422)
    expect(data.result.error.captchaAnswer).toEqual([fixedT('fr_FR')('captcha.incorrect')])
    // The spent question's id and answer are not sent back: the page asks a new one.
    expect(data.result.initialValue).toEqual({ name: 'cmartin' })
    expect(await remindersTo('cmartin@brightline.test')).toEqual([])
  })

  it('answers a filled honeypot like a sent reminder, without asking ICM', async () => {
    const shopper = new Browser('en')
    const { response } = await askReminder(shopper, 'hweber', { honeypot: 'https://spam.example' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/forgotPassword?sent=1')
    expect(await remindersTo('hweber@brightline.test')).toEqual([])
  })

  it('says how long to wait after too many reminders for one account (429)', async () => {
    const shopper = new Browser('pl')
    for (let i = 0; i < 3; i++)
      expect((await askReminder(shopper, 'ktoś@nigdzie.test')).response.status).toBe(303)
    const { response, data } = await askReminder(shopper, 'KTOŚ@nigdzie.test')
    expect(response.status).toBe(429)
    const minutes = Math.ceil(Number(response.headers.get('Retry-After')) / 60)
    expect(formErrors(data)).toEqual([
      fixedT('pl_PL')('account.forgotdata.too_many_requests.error', { count: minutes }),
    ])
  })

  it('says the mail could not be sent when ICM answers 500', async () => {
    const stop = subscribe(async (_t, event) => {
      if (event.type === 'user.password.reminded') throw new Error('mail server unavailable')
    })
    try {
      const { response, data } = await askReminder(new Browser('ro'), 'adumitru')
      expect(response.status).toBe(503)
      expect(formErrors(data)).toEqual([fixedT('ro_RO')('servererror.mailServer.error')])
    } finally {
      stop()
    }
  })

  it('refuses an expired link with the spec’s message', async () => {
    const shopper = new Browser('en')
    await askReminder(shopper, 'lnowak@brightline.test')
    const link = await linkTo('lnowak@brightline.test')
    await db()
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.hash, secretHash(link.hash)))
    const { response, data } = await shopper.call(updateAction, '/en/forgotPassword/updatePassword', {
      form: { uid: link.uid, hash: link.hash, password: 'Late2026xx', passwordConfirmation: 'Late2026xx' },
    })
    expect(response.status).toBe(422)
    expect(formErrors(data)).toEqual(['This link has expired. Please ask for a new one.'])
    const [user] = await db().select().from(users).where(eq(users.login, 'lnowak'))
    expect(user!.passwordHash).not.toBe('')
  })
})
