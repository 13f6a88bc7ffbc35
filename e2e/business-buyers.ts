import { expect, test, type Page } from '@playwright/test'
import { login, pay, standardShipping, startCheckout } from './checkout-flow'
import { apiToken, DEMO_PASSWORD, mailLinks, REST } from './helpers'

/**
 * Brightline's (BC-200001) buyers made for one test each, so that parallel tests and repeated runs never share
 * a basket, a budget or a list: the account admin (jlink) creates them through the commerce API, and the
 * password is set with the link of the welcome mail, as the user would.
 */
export const APPROVER = 'aapprover'
export const HEAD_OFFICE = 'urn:address:customer:BC-200001:'

/** Brightline, whose account admin jlink makes the new buyers unless a test names another company. */
export const BRIGHTLINE = { customerNo: 'BC-200001', admin: 'jlink', domain: 'brightline.test' }

/**
 * A new buyer of Brightline (or of `company`, made by its account admin), with an order limit in EUR when
 * given (none: nothing needs approval).
 */
export async function newBuyer(
  page: Page,
  {
    orderLimit,
    prefix = 'req',
    company = BRIGHTLINE,
  }: { orderLimit?: number; prefix?: string; company?: typeof BRIGHTLINE } = {},
) {
  const login = `${prefix}${test.info().project.name.replace('js-', '')}${Date.now().toString(36)}`
  const email = `${login}@${company.domain}`
  const created = await page.request.post(`${REST}/customers/${company.customerNo}/users`, {
    headers: { 'authentication-token': await apiToken(page.request, company.admin) },
    data: {
      elements: [
        {
          login,
          firstName: 'Rita',
          lastName: login,
          email,
          preferredLanguage: 'en_US',
          roleIDs: ['APP_B2B_BUYER'],
          ...(orderLimit === undefined
            ? {}
            : { userBudget: { orderSpentLimit: { value: orderLimit, currency: 'EUR' } } }),
        },
      ],
    },
  })
  expect(created.status()).toBe(201)
  const link = (await mailLinks(page, email)).find((l) => l.includes('/forgotPassword/updatePassword'))!
  const url = new URL(link)
  const set = await page.request.post(`${REST}/security/password`, {
    data: {
      userID: url.searchParams.get('uid'),
      secureCode: url.searchParams.get('Hash'),
      password: DEMO_PASSWORD,
    },
  })
  expect(set.ok()).toBe(true)
  return { login, name: `Rita ${login}` }
}

/** Logs out whoever is logged in and logs in as `login`. */
export async function switchUser(page: Page, login: string) {
  await page.context().clearCookies()
  await page.goto('/en/login')
  await page.getByLabel('E-mail address or user name').fill(login)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
}

/** Through the shop: one product into the basket, the company's addresses, standard delivery and invoice. */
export async function toReview(page: Page) {
  await startCheckout(page)
  await page.getByRole('group', { name: 'Invoice address' }).getByRole('radio').first().check()
  await page.getByRole('group', { name: 'Shipping address' }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await standardShipping(page)
  await pay(page, /Invoice/)
  await expect(page).toHaveURL(/\/en\/checkout\/review$/)
}

/** A new buyer of Brightline (`newBuyer`), logged in and through the shop's checkout to the review step. */
export async function newBuyerAtReview(page: Page, options: Parameters<typeof newBuyer>[1] = {}) {
  const buyer = await newBuyer(page, options)
  await login(page, buyer.login)
  await toReview(page)
  return buyer
}

/**
 * A ready basket of the buyer's through the API: one product found by `searchTerm`, the head office as both
 * addresses, standard delivery, invoice. Its id and the headers of the buyer's token.
 */
export async function readyBasketThroughApi(page: Page, login: string) {
  const headers = { 'authentication-token': await apiToken(page.request, login) }
  const basket = (await (await page.request.post(`${REST}/baskets`, { headers })).json()).data.id as string
  const products = await page.request.get(`${REST}/products?searchTerm=drills&amount=20`)
  const skus = ((await products.json()).elements as { uri: string }[]).map((p) =>
    decodeURIComponent(p.uri.split('/products/')[1]!),
  )
  let added = false
  for (const sku of skus) {
    const answer = await page.request.post(`${REST}/baskets/${basket}/items`, {
      headers,
      data: [{ product: sku, quantity: { value: 1 } }],
    })
    if (answer.status() === 201) {
      added = true
      break
    }
  }
  expect(added).toBe(true)
  const addresses = await page.request.get(`${REST}/baskets/${basket}/eligible-addresses`, { headers })
  const urn = ((await addresses.json()).data as { urn: string }[]).find((a) =>
    a.urn.startsWith(HEAD_OFFICE),
  )!.urn
  for (const data of [
    { invoiceToAddress: urn, commonShipToAddress: urn },
    { commonShippingMethod: 'STD_GROUND' },
  ])
    expect((await page.request.patch(`${REST}/baskets/${basket}`, { headers, data })).status()).toBe(200)
  const tender = await page.request.put(`${REST}/baskets/${basket}/payments/open-tender`, {
    headers,
    data: { paymentInstrument: 'INVOICE' },
  })
  expect(tender.status()).toBe(200)
  return { basket, headers }
}

/** Submits a ready basket (`POST orders`): the answer's data. */
export async function submitThroughApi(
  page: Page,
  { basket, headers }: { basket: string; headers: Record<string, string> },
) {
  const submitted = await page.request.post(`${REST}/orders`, {
    headers,
    data: { basket, termsAndConditionsAccepted: true },
  })
  expect(submitted.status()).toBe(201)
  return (await submitted.json()).data as Record<string, unknown> & { id: string }
}
