import { expect, test } from '@playwright/test'
import { APPROVER, newBuyer, readyBasketThroughApi, submitThroughApi } from './business-buyers'
import { login } from './checkout-flow'
import { parseMoney } from './helpers'

/**
 * One amount per requisition (issue 32), with JavaScript on and off: the approver's list showed the net amount
 * only while the requisition's page ended in the gross one. The list names the net and the gross amount, each
 * labelled, and the requisition's page shows the same two with the tax between them.
 */
test('the approver’s list and the requisition’s page show the same net and gross amounts', async ({
  page,
}) => {
  const buyer = await newBuyer(page, { orderLimit: 1, prefix: 'amt' })
  const data = await submitThroughApi(page, await readyBasketThroughApi(page, buyer.login))
  const number = data.requisitionNo as string
  await login(page, APPROVER)

  await page.goto('/en/account/requisitions/approver')
  const link = page.getByRole('link', { name: `View requisition ${number}` })
  await expect(link).toBeVisible()
  const row = page.getByTestId('requisition-row').filter({ has: link })
  const listNet = parseMoney((await row.getByTestId('requisition-amount-net').textContent())!)
  const listGross = parseMoney((await row.getByTestId('requisition-amount-gross').textContent())!)
  await expect(row.getByTestId('requisition-amount-net')).toHaveText(/ net$/)
  await expect(row.getByTestId('requisition-amount-gross')).toHaveText(/ gross$/)
  expect(listGross).toBeGreaterThan(listNet)

  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: `Requisition ${number}` })).toBeVisible()
  const summary = page.locator('.requisition-summary')
  const amountOf = async (label: string) =>
    parseMoney((await summary.locator(`dt:text-is("${label}") + dd`).textContent())!)
  const [net, tax, gross] = [
    await amountOf('Total (net)'),
    await amountOf('Plus tax'),
    await amountOf('Total payable (incl. tax)'),
  ]
  expect({ net, gross }).toEqual({ net: listNet, gross: listGross })
  expect(gross).toBeCloseTo(net + tax, 2)
})
