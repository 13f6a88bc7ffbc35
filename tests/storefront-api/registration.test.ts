/**
 * Registration and the newsletter form against the real commerce API (issue 33): the page's captcha question
 * comes from the API and only its right answer registers; a private customer is logged in at once (with the
 * newsletter they opted into), a business customer goes to /register/approval and cannot log in yet; a bot
 * filling the honeypot is refused; the newsletter form unsubscribes and subscribes the user's own address.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newsletterSubscriptions, users } from '../../commerce-api/db/schema'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { action as newsletterAction } from '~/routes/$lang._shop.account.newsletter'
import { action as registerAction, loader as registerLoader } from '~/routes/$lang._shop.register._index'
import { Browser } from './shop'
import { api } from './setup'

const run = Date.now().toString(36)

type Page = { challenge: { id: string; operands: [number, number] }; kind: string }

/** The registration form as a shopper fills it, with the page's question answered (or `answer`). */
async function filled(browser: Browser, path: string, email: string, answer?: string) {
  const page = (await browser.load(registerLoader, path)) as Page
  const [a, b] = page.challenge.operands
  return {
    kind: page.kind,
    email,
    password: 'Secret!2026',
    passwordConfirmation: 'Secret!2026',
    'address.firstName': 'Rosa',
    'address.lastName': 'Register',
    'address.addressLine1': 'Hauptstraße 5',
    'address.postalCode': '10115',
    'address.city': 'Berlin',
    'address.countryCode': 'DE',
    newsletter: 'on',
    terms: 'on',
    captchaId: page.challenge.id,
    captchaAnswer: answer ?? String(a + b),
    website__confirm: '',
  }
}

const subscribed = async (email: string) => {
  const [user] = await api.database.db.select().from(users).where(eq(users.email, email))
  const rows = await api.database.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.userId, user!.id))
  return rows.length === 1
}

describe('registration', () => {
  it('registers a private customer only with the right answer, logs them in and keeps the opt-in', async () => {
    const browser = new Browser('en')
    const email = `rosa.${run}@example.test`
    const wrong = await browser.call(registerAction, '/en/register', {
      form: await filled(browser, '/en/register', email, '99999'),
    })
    expect(wrong.response.status).toBe(422)
    expect((wrong.data as any).result.error['']).toEqual([
      'The answer to the question was not correct. Please try again with the new question.',
    ])
    const location = await browser.post(
      registerAction,
      '/en/register',
      await filled(browser, '/en/register', email),
    )
    expect(location).toBe('/en/account')
    // The session is the new user's: the registration page sends them on to their account.
    const login = await browser.call(registerLoader, '/en/register')
    expect(login.response.headers.get('Location')).toBe('/en/account')
    expect(await subscribed(email)).toBe(true)

    // The newsletter form: unsubscribe, then subscribe again, back on the profile with a message.
    const off = await browser.post(newsletterAction, '/en/account/newsletter', { intent: 'unsubscribe' })
    expect(off).toBe('/en/account/profile')
    expect(await subscribed(email)).toBe(false)
    const on = await browser.post(newsletterAction, '/en/account/newsletter', {
      intent: 'subscribe',
      returnUrl: 'https://elsewhere.example/steal',
    })
    expect(on).toBe('/en/account/profile')
    expect(await subscribed(email)).toBe(true)
  })

  it('refuses an address someone has, and a post whose honeypot is filled in', async () => {
    const browser = new Browser('en')
    const taken = await browser.call(registerAction, '/en/register', {
      form: await filled(browser, '/en/register', 'patricia@ironbridge.test'),
    })
    expect(taken.response.status).toBe(409)
    expect((taken.data as any).result.error.email).toEqual([
      'This login or e-mail address cannot be used. Please choose another one.',
    ])
    const bot = await browser.call(registerAction, '/en/register', {
      form: {
        ...(await filled(browser, '/en/register', `bot.${run}@example.test`)),
        website__confirm: 'spam',
      },
    })
    expect(bot.response.status).toBe(400)
    expect(
      await api.database.db
        .select()
        .from(users)
        .where(eq(users.email, `bot.${run}@example.test`)),
    ).toEqual([])
  })

  it('sends a business customer to the approval page; the login is refused until approved', async () => {
    const browser = new Browser('de')
    const email = `bernd.${run}@example.test`
    const form = {
      ...(await filled(browser, '/de/register?type=business', email)),
      companyName: 'Register Bau GmbH',
      taxationID: 'DE999999999',
      industry: 'Bau',
    }
    const location = await browser.post(registerAction, '/de/register?type=business', form)
    expect(location).toBe('/de/register/approval')
    const refused = await browser.call(loginAction, '/de/login', {
      form: { login: email, password: 'Secret!2026' },
    })
    expect(refused.response.status).toBe(422)
    expect((refused.data as any).result.error['']).toEqual(['Ihr Konto wurde noch nicht freigeschaltet.'])
  })
})
