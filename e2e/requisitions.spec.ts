import { expect, test, type Page } from '@playwright/test'
import {
  APPROVER,
  newBuyer,
  newBuyerAtReview,
  readyBasketThroughApi,
  submitThroughApi,
  switchUser,
} from './business-buyers'
import { login } from './checkout-flow'
import { expectAccessible, expectFitsWidth, LANGUAGES, mailLinks, parseMoney, textsOf } from './helpers'

/**
 * Requisitions and approvals (issue 18), with JavaScript on and off: a buyer's basket beyond their order limit
 * shows the approval preview on the review step, is submitted as a requisition, waits in the approver's list,
 * and once approved is an order in the buyer's history naming its requisition; a rejection needs a comment,
 * which the buyer reads; an approver decides from the link of their mail without logging in, once. Each test
 * makes its own buyer (order limit 1.00 EUR: every basket needs approval), so runs never collide.
 */
/** The buyer's requisition submitted through the API (for the tests about deciding it): its id and number. */
async function requisitionThroughApi(page: Page, login: string) {
  const data = await submitThroughApi(page, await readyBasketThroughApi(page, login))
  return { id: data.id, number: data.requisitionNo as string }
}

test('a basket beyond the order limit shows the approval preview, becomes a requisition, is approved and appears in the buyer’s orders', async ({
  page,
}) => {
  // The whole checkout, two users and eight pages through axe: more than the usual time on two busy cores.
  test.slow()
  const buyer = await newBuyerAtReview(page, { orderLimit: 1 })

  // Before committing: that it needs approval, why, and who approves.
  const preview = page.getByTestId('approval-preview')
  await expect(preview.getByRole('heading', { name: 'This order needs approval' })).toBeVisible()
  await expect(preview).toContainText('Your order limit of €1.00 is exceeded by')
  await expect(preview).toContainText('Anna Approver')
  // A business buyer sees net prices, and the gross amount payable as the total (issue 30).
  const totals = page.locator('.checkout-totals dt')
  await expect(totals.nth(-3)).toHaveText('Total (net)')
  await expect(totals.nth(-2)).toHaveText('Plus tax')
  await expect(totals.nth(-1)).toHaveText('Total payable (incl. tax)')
  const amounts = page.locator('.checkout-totals dd')
  const [net, tax, payable] = (await amounts.allTextContents()).slice(-3).map(parseMoney)
  expect(payable).toBeCloseTo(net! + tax!, 2)
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
  await expect(page.getByText(/The buyer’s order limit of €1\.00 is exceeded by/)).toBeVisible()
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
  const buyer = await newBuyer(page, { orderLimit: 1 })
  const { id, number } = await requisitionThroughApi(page, buyer.login)
  await login(page, APPROVER)
  await page.goto(`/en/account/requisitions/approver/${id}`)
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  const comment = page.getByLabel('Reason for rejecting (for the buyer)')
  // At the field, and in the summary above the form, which takes focus and links to the field.
  await expect(
    page.locator('.field-error').getByText('Please give the buyer a reason for rejecting.'),
  ).toBeVisible()
  const summary = page.getByRole('alert', { name: 'Please check your entries' })
  await expect(summary).toBeFocused()
  await summary.getByRole('link', { name: /Please give the buyer a reason for rejecting\./ }).click()
  await expect(comment).toBeFocused()
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
  const buyer = await newBuyer(page, { orderLimit: 1 })
  const { id, number } = await requisitionThroughApi(page, buyer.login)
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
  await expect(page.getByText(/The buyer’s order limit of .+ is exceeded by/)).toBeVisible()
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
    const buyer = await newBuyer(page, { orderLimit: 1 })
    const first = await requisitionThroughApi(page, buyer.login)
    const second = await requisitionThroughApi(page, buyer.login)
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

test('an approver reads and decides requisitions in every language, and the buyer reads the outcome in theirs', async ({
  page,
}) => {
  // Five requisitions, five languages, two users: three times the usual time on two busy cores.
  test.slow()
  const buyer = await newBuyer(page, { orderLimit: 1 })
  const requisitions = []
  for (const _ of LANGUAGES) requisitions.push(await requisitionThroughApi(page, buyer.login))
  await login(page, APPROVER)
  for (const [index, [lang]] of LANGUAGES.entries()) {
    const t = await textsOf(lang)
    const { id, number } = requisitions[index]!
    await page.goto(`/${lang}/account/requisitions/approver`)
    await expect(
      page.getByRole('heading', { level: 1, name: t('account.requisitions.approver.title') }),
    ).toBeVisible()
    await page.getByRole('link', { name: t('account.requisitions.view', { number }) }).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/requisitions/approver/${id}`))
    await expect(
      page.getByRole('heading', { level: 1, name: t('account.requisitions.detail.title', { number }) }),
    ).toBeVisible()
    await expectAccessible(page)
    const approve = index % 2 === 0
    if (approve) {
      await page.getByRole('button', { name: t('account.requisitions.approve'), exact: true }).click()
      const done = t('account.requisitions.decision.approved_order', {
        requisitionNo: number,
        orderNo: 'ORDER',
      })
      const [before, after] = done.split('ORDER') as [string, string]
      await expect(page.getByText(before, { exact: false }).first()).toBeVisible()
      await expect(page.getByText(after, { exact: false }).first()).toBeVisible()
    } else {
      // Rejecting without a reason is refused in the page's language.
      const reject = page.getByRole('button', { name: t('account.requisitions.reject'), exact: true })
      await reject.click()
      await expect(
        page.locator('.field-error').getByText(t('account.requisitions.comment.error.required')),
      ).toBeVisible()
      await page.getByLabel(t('account.requisitions.comment.label')).fill(`Nein — ${lang}`)
      await reject.click()
      await expect(
        page.getByText(t('account.requisitions.decision.rejected', { requisitionNo: number })),
      ).toBeVisible()
    }
  }

  // The buyer finds each outcome under its status, in the language it was decided in.
  await switchUser(page, buyer.login)
  for (const [index, [lang]] of LANGUAGES.entries()) {
    const t = await textsOf(lang)
    const { number } = requisitions[index]!
    const status = index % 2 === 0 ? 'APPROVED' : 'REJECTED'
    await page.goto(`/${lang}/account/requisitions/buyer?status=${status}`)
    await expect(
      page.getByRole('heading', { level: 1, name: t('account.requisitions.buyer.title') }),
    ).toBeVisible()
    await page.getByRole('link', { name: t('account.requisitions.view', { number }) }).click()
    await expect(page.getByTestId('requisition-status')).toContainText(
      t(`account.requisitions.status.${status}`),
    )
    if (status === 'REJECTED') await expect(page.getByText(`Nein — ${lang}`)).toBeVisible()
  }
  await expectAccessible(page)
})
