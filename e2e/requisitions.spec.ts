import { expect, test, type Page } from '@playwright/test'
import { login, pay, standardShipping } from './checkout-flow'
import { API_ORIGIN, expectAccessible, expectFitsWidth, mailLinks, openOrderableProduct } from './helpers'

/**
 * Requisitions and approvals (issue 18), with JavaScript on and off: a buyer's basket beyond their order limit
 * shows the approval preview on the review step, is submitted as a requisition, waits in the approver's list,
 * and once approved is an order in the buyer's history naming its requisition; a rejection needs a comment,
 * which the buyer reads; an approver decides from the link of their mail without logging in, once. Each test
 * makes its own buyer (order limit 1.00 EUR: every basket needs approval), so runs never collide.
 */
const REST = `${API_ORIGIN}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=EUR`
const PASSWORD = 'Demo!2026'
const APPROVER = 'aapprover'
const HEAD_OFFICE = 'urn:address:customer:BC-200001:'

async function apiToken(page: Page, login: string) {
  const answer = await page.request.post(`${REST.replace(/;loc=.*$/, '')}/token`, {
    form: { grant_type: 'password', username: login, password: PASSWORD },
  })
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { access_token: string }).access_token
}

/**
 * A new buyer of Brightline for this test, made by its account admin through the API, with an order limit of
 * 1.00 EUR; the password is set with the link of the welcome mail, as the user would.
 */
async function newBuyer(page: Page) {
  const login = `req${test.info().project.name.replace('js-', '')}${Date.now().toString(36)}`
  const email = `${login}@brightline.test`
  const created = await page.request.post(`${REST}/customers/BC-200001/users`, {
    headers: { 'authentication-token': await apiToken(page, 'jlink') },
    data: {
      elements: [
        {
          login,
          firstName: 'Rita',
          lastName: login,
          email,
          preferredLanguage: 'en_US',
          roleIDs: ['APP_B2B_BUYER'],
          userBudget: { orderSpentLimit: { value: 1, currency: 'EUR' } },
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
      password: PASSWORD,
    },
  })
  expect(set.ok()).toBe(true)
  return { login, name: `Rita ${login}` }
}

/** Through the shop: one product into the basket, addresses, standard delivery and invoice, to the review. */
async function toReview(page: Page) {
  await openOrderableProduct(page)
  await page.getByRole('button', { name: 'Add to basket' }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await page.goto('/en/basket')
  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/address$/)
  await page.getByRole('group', { name: 'Invoice address' }).getByRole('radio').first().check()
  await page.getByRole('group', { name: 'Shipping address' }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await standardShipping(page)
  await pay(page, /Invoice/)
  await expect(page).toHaveURL(/\/en\/checkout\/review$/)
}

/** The buyer's requisition submitted through the API (for the tests about deciding it): its id and number. */
async function submitThroughApi(page: Page, login: string) {
  const token = await apiToken(page, login)
  const headers = { 'authentication-token': token }
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
  const submitted = await page.request.post(`${REST}/orders`, {
    headers,
    data: { basket, termsAndConditionsAccepted: true },
  })
  expect(submitted.status()).toBe(201)
  const { id, requisitionNo } = (await submitted.json()).data as { id: string; requisitionNo: string }
  return { id, number: requisitionNo }
}

async function switchUser(page: Page, login: string) {
  await page.context().clearCookies()
  await page.goto('/en/login')
  await page.getByLabel('E-mail address or user name').fill(login)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
}

test('a basket beyond the order limit shows the approval preview, becomes a requisition, is approved and appears in the buyer’s orders', async ({
  page,
}) => {
  const buyer = await newBuyer(page)
  await login(page, buyer.login)
  await toReview(page)

  // Before committing: that it needs approval, why, and who approves.
  const preview = page.getByTestId('approval-preview')
  await expect(preview.getByRole('heading', { name: 'This order needs approval' })).toBeVisible()
  await expect(preview).toContainText('Your order limit is €1.00')
  await expect(preview).toContainText('Anna Approver')
  await expectAccessible(page)
  await page.getByLabel('I accept the terms and conditions.').check()
  await page.getByRole('button', { name: 'Submit for approval' }).click()

  await expect(page).toHaveURL(/\/en\/checkout\/receipt\?requisitionId=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Submitted for approval' })).toBeVisible()
  const number = (await page.getByTestId('requisition-number').textContent())!.replace(/\D/g, '')
  await expect(page.getByText(/Anna Approver/).first()).toBeVisible()
  await expectAccessible(page)

  // The buyer's list of pending requisitions has it; the order history does not.
  await page.goto('/en/account/requisitions/buyer')
  await expect(page.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeVisible()
  await expect(page.getByRole('link', { name: `View requisition ${number}` })).toBeVisible()
  await expectAccessible(page)

  // The approver finds it among the approvals and approves it.
  await switchUser(page, APPROVER)
  await page.goto('/en/account')
  await expect(page.getByRole('heading', { name: 'Approvals' })).toBeVisible()
  await page.goto('/en/account/requisitions/approver')
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: `View requisition ${number}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Requisition ${number}` })).toBeVisible()
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', /status=PENDING/)
  await expect(page.getByText(/exceeds the buyer’s order limit of €1\.00/)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(page.getByText(new RegExp(`Requisition ${number} approved — order \\d+ placed`))).toBeVisible()
  const order = /order (\d+) placed/.exec(
    (await page
      .getByText(/order \d+ placed/)
      .first()
      .textContent())!,
  )![1]!

  // The buyer's history has the order, named by its requisition and approval.
  await switchUser(page, buyer.login)
  await page.goto('/en/account/orders')
  const row = page.getByTestId('order-row').filter({ hasText: order })
  await expect(row).toContainText(`from requisition ${number}`)
  await row.getByRole('link', { name: `View order ${order}` }).click()
  await expect(page.getByTestId('order-requisition')).toContainText(`${number}, approved on`)
  await expect(page.getByTestId('order-requisition')).toContainText('Anna Approver')
})

test('a rejection needs a comment, and the buyer reads it', async ({ page }) => {
  const buyer = await newBuyer(page)
  const { id, number } = await submitThroughApi(page, buyer.login)
  await login(page, APPROVER)
  await page.goto(`/en/account/requisitions/approver/${id}`)
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  const comment = page.getByLabel('Reason for rejecting (for the buyer)')
  await expect(page.getByText('Please give the buyer a reason for rejecting.')).toBeVisible()
  await expect(comment).toHaveAttribute('aria-invalid', 'true')
  await comment.fill('Please order the smaller pack.')
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(page.getByText(`Requisition ${number} rejected.`)).toBeVisible()

  await switchUser(page, buyer.login)
  await page.goto('/en/account/requisitions/buyer?status=REJECTED')
  await page.getByRole('link', { name: `View requisition ${number}` }).click()
  await expect(page.getByTestId('requisition-status')).toContainText('Rejected')
  await expect(page.getByText('Please order the smaller pack.')).toBeVisible()
  await expectAccessible(page)
})

test('an approver approves from the mail’s link without logging in, and the link works once', async ({
  page,
}) => {
  const buyer = await newBuyer(page)
  const { id, number } = await submitThroughApi(page, buyer.login)
  const approve = (
    await mailLinks(
      page,
      'aapprover@brightline.test',
      (l) => l.includes(id) && l.includes('decision=approve'),
    )
  ).find((l) => l.includes(id) && l.includes('decision=approve'))!
  const link = new URL(approve)
  const path = `${link.pathname.replace(/^\/de\//, '/en/')}${link.search}`

  await page.context().clearCookies()
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: `Approve requisition ${number}` })).toBeVisible()
  await expect(page.getByText(`decides as Anna Approver`)).toBeVisible()
  await expect(page.getByText(/exceeds the buyer’s order limit/)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(page.getByTestId('requisition-link-outcome')).toContainText(
    new RegExp(`Requisition ${number} approved — order \\d+ placed`),
  )

  // The same link again: used up.
  await page.goto(path)
  await expect(page.getByTestId('requisition-link-refusal')).toContainText(
    'This link is not valid or has already been used.',
  )
})

test.describe('at 360 px wide, in German', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the approver’s list and a requisition fit the screen, with bulk approval of the selected', async ({
    page,
  }) => {
    const buyer = await newBuyer(page)
    const first = await submitThroughApi(page, buyer.login)
    const second = await submitThroughApi(page, buyer.login)
    await login(page, APPROVER)
    await page.goto('/de/account/requisitions/approver')
    await expect(page.getByRole('heading', { level: 1, name: 'Genehmigungen' })).toBeVisible()
    await expectFitsWidth(page, 360)
    await expectAccessible(page)
    for (const { number } of [first, second])
      await page.getByRole('checkbox', { name: `Bestellanforderung ${number} auswählen` }).check()
    await page.getByRole('button', { name: 'Ausgewählte genehmigen' }).click()
    for (const { number } of [first, second])
      await expect(page.getByText(new RegExp(`Bestellanforderung ${number} genehmigt`)).first()).toBeVisible()

    await page.goto(`/de/account/requisitions/approver/${first.id}`)
    await expect(
      page.getByRole('heading', { level: 1, name: `Bestellanforderung ${first.number}` }),
    ).toBeVisible()
    await expectFitsWidth(page, 360)
    await expectAccessible(page)
  })
})
