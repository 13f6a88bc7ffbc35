/**
 * The profile and the display-type switch against the real commerce API (issue 33):
 * - Mark Foster (`mfoster`) changes his personal data (the language left empty is the shop's default, de_DE),
 *   then his password: a wrong current password is shown at its field in his language, the right one changes it
 *   and the profile greets him with the spec's message; only the new password logs in afterwards.
 * - Patricia on the German shop sees her basket line gross (private customers' display); switched to net (B2B),
 *   the same line shows the seeded net price, her choice is kept by the API and comes back at her next login.
 * - A guest's choice lives in the session only.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../commerce-api/db/schema'
import { loader as rootLoader } from '~/root'
import { loader as shopLoader } from '~/routes/$lang._shop'
import { action as newsletterAction } from '~/routes/$lang._shop.account.newsletter'
import { action as profileAction, loader as profileLoader } from '~/routes/$lang._shop.account.profile'
import { action as passwordAction } from '~/routes/$lang._shop.account.profile_.password'
import { action as displayAction } from '~/routes/$lang.price-display'
import { Browser, minor, seeded } from './shop'
import { api } from './setup'

const SKU = '1000001'

describe('the profile', () => {
  const mark = new Browser('en')

  it('saves the personal data; an empty language is the shop default', async () => {
    await mark.login('mfoster')
    const location = await mark.post(profileAction, '/en/account/profile', {
      intent: 'profile',
      title: 'Mr',
      firstName: 'Mark',
      lastName: 'Foster-Hale',
      phoneBusiness: '+44 20 7946 0000',
      birthday: '1979-04-12',
      department: 'Site logistics',
      preferredLanguage: '',
    })
    expect(location).toBe('/en/account/profile')
    const { profile } = await mark.load(profileLoader, '/en/account/profile')
    expect(profile).toMatchObject({
      title: 'Mr',
      lastName: 'Foster-Hale',
      phoneBusiness: '+44 20 7946 0000',
      birthday: '1979-04-12',
      department: 'Site logistics',
      preferredLanguage: 'de_DE',
    })
  })

  it('refuses a wrong current password at its field, then changes the password with the right one', async () => {
    const form = { intent: 'password', password: 'Stronger2027', passwordConfirmation: 'Stronger2027' }
    const wrong = await mark.call(passwordAction, '/en/account/profile/password', {
      form: { ...form, currentPassword: 'not-my-password1' },
    })
    expect(wrong.response.status).toBe(422)
    expect((wrong.data as any).result.error.currentPassword).toEqual([
      'Your current password is not correct.',
    ])
    // Passwords are never echoed back.
    expect(JSON.stringify(wrong.data)).not.toContain('Stronger2027')

    const location = await mark.post(passwordAction, '/en/account/profile/password', {
      ...form,
      currentPassword: 'Demo!2026',
    })
    expect(location).toBe('/en/account/profile')
    const { shell } = await mark.load(rootLoader, '/en/account/profile')
    expect(shell.toast?.text).toBe('Your password has been changed.')
    await expect(new Browser('en').login('mfoster')).rejects.toThrow()
    await new Browser('en').login('mfoster', 'Stronger2027')
  })
})

describe('the newsletter on the profile', () => {
  it('shows the subscription as the API holds it, and its button changes it', async () => {
    const mark = new Browser('de')
    await mark.login('mfoster', 'Stronger2027') // the password of the test before
    expect((await mark.load(profileLoader, '/de/account/profile')).subscribed).toBe(false)
    const back = await mark.post(newsletterAction, '/de/account/newsletter', {
      intent: 'subscribe',
      returnUrl: '/de/account/profile',
    })
    expect(back).toBe('/de/account/profile')
    expect((await mark.load(profileLoader, '/de/account/profile')).subscribed).toBe(true)
    await mark.post(newsletterAction, '/de/account/newsletter', { intent: 'unsubscribe' })
    expect((await mark.load(profileLoader, '/de/account/profile')).subscribed).toBe(false)
  })
})

describe('the display-type switch', () => {
  it('shows a private customer’s prices net once she switches, and keeps her choice in her account', async () => {
    const price = await seeded(SKU, 'EUR', 'de_DE')
    expect(price.gross).toBeGreaterThan(price.net)
    const patricia = new Browser('de')
    await patricia.login('patricia@ironbridge.test')
    await patricia.add(SKU, 1)
    const before = await patricia.load(shopLoader, '/de/basket')
    expect(before.displaySwitch).toEqual({ display: 'gross', saved: true })
    expect(minor(before.basket.lines[0].total)).toBe(price.gross)

    const back = await patricia.post(displayAction, '/de/price-display', {
      display: 'net',
      returnUrl: '/de/basket',
    })
    expect(back).toBe('/de/basket')
    const after = await patricia.load(shopLoader, '/de/basket')
    expect(after.displaySwitch).toEqual({ display: 'net', saved: true })
    expect(minor(after.basket.lines[0].total)).toBe(price.net)
    expect((await patricia.load(rootLoader, '/de/basket')).shell.display).toBe('net')
    const [stored] = await api.database.db
      .select({ display: users.preferredPriceDisplayType })
      .from(users)
      .where(eq(users.login, 'patricia@ironbridge.test'))
    expect(stored!.display).toBe('net')

    const again = new Browser('de')
    await again.login('patricia@ironbridge.test')
    expect((await again.load(rootLoader, '/de/home')).shell.display).toBe('net')
  })

  it('keeps a guest’s choice in the session and goes back only to the shop’s own pages', async () => {
    const guest = new Browser('de')
    expect((await guest.load(rootLoader, '/de/home')).shell.display).toBe('gross')
    const back = await guest.post(displayAction, '/de/price-display', {
      display: 'net',
      returnUrl: 'https://elsewhere.example/',
    })
    expect(back).toBe('/de/home')
    expect((await guest.load(rootLoader, '/de/home')).shell.display).toBe('net')
    expect((await guest.load(shopLoader, '/de/home')).displaySwitch).toEqual({ display: 'net', saved: false })
    expect((await new Browser('de').load(rootLoader, '/de/home')).shell.display).toBe('gross')
  })
})
