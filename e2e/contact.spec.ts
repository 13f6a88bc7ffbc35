import { expect, test, type Page } from '@playwright/test'
import { MAILBOX_TOKEN } from '../playwright.config'
import { login } from './checkout-flow'
import { API_ORIGIN, expectAccessible, expectFitsWidth, textsOf } from './helpers'

/**
 * Issue 36, with and without JavaScript, in English and German: a stranger finds the contact form through the
 * footer, answers the shop's captcha, and the message reaches the shop's mailbox with a confirmation to them
 * in the page's language; a wrong answer is said at the captcha; a business buyer finds the form filled in
 * without captcha, and their company's contact person (photo, name, phone, e-mail) on it and in the account.
 */

type Mail = { kind: string; locale: string; subject: string; text: string }

/** The mails to an address in the commerce API's local mailbox, newest first, once `wanted` has arrived. */
async function mailsTo(page: Page, to: string, wanted: (mails: Mail[]) => boolean): Promise<Mail[]> {
  let mails: Mail[] = []
  await expect(async () => {
    const answer = await page.request.get(
      `${API_ORIGIN}/mailbox.json?to=${encodeURIComponent(to)}&limit=50`,
      { headers: { Authorization: `Bearer ${MAILBOX_TOKEN}` } },
    )
    expect(answer.status()).toBe(200)
    mails = ((await answer.json()) as { elements: Mail[] }).elements
    expect(wanted(mails)).toBe(true)
  }).toPass({ timeout: 15_000 })
  return mails
}

/** Answers the captcha question on the page (two numbers, in any language), rightly unless `wrong`. */
async function solveCaptcha(page: Page, { wrong = false } = {}) {
  const question = page.locator('.captcha label')
  const [a, b] = ((await question.textContent()) ?? '').match(/\d+/g)!.map(Number)
  await page.locator('.captcha input[inputmode="numeric"]').fill(String(a! + b! + (wrong ? 1 : 0)))
}

const unique = () => `${test.info().project.name}-${Date.now().toString(36)}`

test('a stranger writes through the footer link: the shop gets the message, the sender an English confirmation', async ({
  page,
}) => {
  const t = await textsOf('en')
  const email = `stranger-${unique()}@example.test`
  const words = `Where is my delivery? ${unique()}`
  await page.goto('/en/home')
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('footer.contact') })
    .click()
  await expect(page).toHaveURL(/\/en\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: t('helpdesk.contact_us.heading') })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel(t('helpdesk.contactus.subject.label')).selectOption('Delivery and shipping')
  await page.getByLabel(t('helpdesk.contactus.comments.label')).fill(words)
  await page.getByLabel(t('helpdesk.contactus.name.label')).fill('Greta Sommer')
  await page.getByLabel(t('helpdesk.contactus.email.label')).fill(email)
  await page.getByLabel(t('helpdesk.contactus.phone.label')).fill('+49 30 555 0101')
  await page.getByLabel(t('helpdesk.contactus.order.label')).fill('10042')
  await solveCaptcha(page)
  await page.getByRole('button', { name: t('helpdesk.contactus.send') }).click()
  await expect(page).toHaveURL(/\/en\/contact\?sent=1$/)
  await expect(page.getByRole('status')).toContainText(t('helpdesk.contactus.thankyou'))
  await expectAccessible(page)

  const [confirmation] = await mailsTo(page, email, (mails) =>
    mails.some((m) => m.kind === 'contact.confirmation'),
  )
  expect(confirmation).toMatchObject({
    locale: 'en_US',
    subject: 'Ironbridge Supply: we have received your message',
  })
  expect(confirmation!.text).toContain('Delivery and shipping')
  const toShop = await mailsTo(page, 'shop@ironbridge.test', (mails) =>
    mails.some((m) => m.text.includes(words)),
  )
  const message = toShop.find((m) => m.text.includes(words))!
  expect(message.kind).toBe('contact.request')
  expect(message.text).toContain(email)
  expect(message.text).toContain('10042')
})

test('on a German phone: a wrong answer is said at the captcha, the right one sends, the confirmation is German', async ({
  page,
}) => {
  const t = await textsOf('de')
  const email = `fremd-${unique()}@example.test`
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/de/contact')
  await expectFitsWidth(page, 360)
  await page.getByLabel(t('helpdesk.contactus.subject.label')).selectOption('Rücksendungen und Reklamationen')
  // By keyboard: from the message on, each field is the next one.
  await page.getByLabel(t('helpdesk.contactus.comments.label')).fill('Der Bohrer ist defekt.')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Jonas Weber')
  await page.keyboard.press('Tab')
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await page.keyboard.type('030 5550102')
  await expect(page.getByLabel(t('helpdesk.contactus.phone.label'))).toHaveValue('030 5550102')
  await solveCaptcha(page, { wrong: true })
  await page.getByRole('button', { name: t('helpdesk.contactus.send') }).click()
  await expect(page.getByText(t('captcha.incorrect')).first()).toBeVisible()
  // The shopper's words stay; the question is a new one.
  await expect(page.getByLabel(t('helpdesk.contactus.comments.label'))).toHaveValue('Der Bohrer ist defekt.')
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
  await solveCaptcha(page)
  await page.getByRole('button', { name: t('helpdesk.contactus.send') }).click()
  await expect(page).toHaveURL(/\/de\/contact\?sent=1$/)
  await expect(page.getByRole('status')).toContainText(t('helpdesk.contactus.thankyou'))
  await expectFitsWidth(page, 360)

  const mails = await mailsTo(page, email, (all) => all.some((m) => m.kind === 'contact.confirmation'))
  expect(mails).toHaveLength(1)
  expect(mails[0]).toMatchObject({
    locale: 'de_DE',
    subject: 'Ironbridge Supply: Wir haben Ihre Nachricht erhalten',
  })
  expect(mails[0]!.text).toContain('Rücksendungen und Reklamationen')
})

test('a business buyer sees the company’s contact person on the German form and in the account, and writes without captcha', async ({
  page,
}) => {
  const t = await textsOf('de')
  await login(page, 'bbuyer')
  await page.goto('/de/contact')
  const card = page.getByRole('region', { name: t('contact_person.heading') })
  await expect(card.getByRole('heading', { name: 'Ms. Hanna Kessler' })).toBeVisible()
  await expect(card.getByText('Key-Account-Managerin Bau')).toBeVisible()
  await expect(card.getByRole('link', { name: '+49 30 1234 5610' })).toHaveAttribute(
    'href',
    'tel:+493012345610',
  )
  await expect(card.getByRole('link', { name: 'hanna.kessler@ironbridge.test' })).toHaveAttribute(
    'href',
    'mailto:hanna.kessler@ironbridge.test',
  )
  // The photo is served through the shop's own origin.
  const photo = card.locator('img')
  await expect(photo).toHaveAttribute('src', /\/INTERSHOP\/static\/WFS\/.+\/contactpersons\/CP-1001\.svg$/)
  const picture = await page.request.get((await photo.getAttribute('src'))!)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toContain('image/svg+xml')
  await expect(page.getByLabel(t('helpdesk.contactus.name.label'))).toHaveValue('Bernhard Boldner')
  await expect(page.getByLabel(t('helpdesk.contactus.email.label'))).toHaveValue('bbuyer@brightline.test')
  await expect(page.locator('.captcha')).toHaveCount(0)
  await expectAccessible(page)

  const words = `Bitte Rückruf wegen Staffelpreisen. ${unique()}`
  await page.getByLabel(t('helpdesk.contactus.subject.label')).selectOption('Produktberatung')
  await page.getByLabel(t('helpdesk.contactus.comments.label')).fill(words)
  await page.getByLabel(t('helpdesk.contactus.phone.label')).fill('+49 89 1234567')
  await page.getByRole('button', { name: t('helpdesk.contactus.send') }).click()
  await expect(page).toHaveURL(/\/de\/contact\?sent=1$/)
  const toShop = await mailsTo(page, 'shop@ironbridge.test', (mails) =>
    mails.some((m) => m.text.includes(words)),
  )
  expect(toShop.find((m) => m.text.includes(words))!.text).toContain(
    'BC-200001, Brightline Construction GmbH',
  )

  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/de/account')
  const inAccount = page.getByRole('region', { name: t('contact_person.heading') })
  await expect(inAccount.getByRole('link', { name: '+49 30 1234 5610' })).toBeVisible()
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
})
