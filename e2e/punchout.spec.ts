import { expect, test } from '@playwright/test'
import { shortened } from '../commerce-api/punchout/oci-fields'
import { switchUser } from './business-buyers'
import { DEMO_PASSWORD, expectAccessible, expectFitsWidth, openOrderableProduct, textsOf } from './helpers'
import {
  SANDBOX,
  SANDBOX_CREDENTIALS,
  addAndOpenBasket,
  digits,
  hookLine,
  javaScriptOn,
  sandboxForm,
  transferBasket,
} from './punchout-sandbox'

// Issue 34: the procurement sandbox plays the buyer's side; the shop is entered, filled and sent back as a
// buyer in SAP or Ariba would. One walk per protocol, with and without JavaScript.
test.use({ httpCredentials: SANDBOX_CREDENTIALS })

test('cXML: setup request, shop, transfer, the sandbox orders it, the order is in the company’s history; an edit reloads its line', async ({
  page,
}) => {
  test.slow()
  const cxml = await sandboxForm(page, /cXML 1\.2/)
  await expect(cxml.getByLabel('Login')).toHaveValue('brightline-cxml')
  await cxml.getByRole('button', { name: 'Send the setup request' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'cXML setup request sent' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /The shop’s answer/ })).toContainText('(accepted)')
  await page.getByRole('link', { name: 'Open the shop' }).click()

  // Logged in as the cXML punchout user, who sees no footer.
  await expect(page).toHaveURL(/\/en\/home$/)
  await expect(page.getByRole('link', { name: 'Clara Punchout' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)

  const name = await openOrderableProduct(page)
  const sku = /prd([^/?]+)$/.exec(page.url())![1]!
  const { unitPrice } = await addAndOpenBasket(page, 'en', name)
  // The punchout basket page: "Transfer basket" instead of "Checkout".
  await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0)
  await expectAccessible(page)

  await transferBasket(page, 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'cXML basket received' })).toBeVisible()
  const line = hookLine(page, sku)
  await expect(line.getByRole('cell').nth(3)).toHaveText('1')
  expect(digits((await line.getByRole('cell').nth(5).textContent())!)).toBe(digits(unitPrice))
  await expect(page.getByText('None: the transfer keeps to the format.')).toBeVisible()
  // One piece: the lines' sum and the total are its price, in the basket's currency.
  const fact = (name: string) => page.locator(`dt:text-is("${name}") + dd`)
  await expect(fact('Lines')).toHaveText(/^[\d.]+ [A-Z]{3}$/)
  expect(digits((await fact('Lines').textContent())!)).toBe(digits(unitPrice))
  expect(digits((await fact('Total').textContent())!)).toBe(digits(unitPrice))

  await page.getByRole('button', { name: 'Order it' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'cXML order request sent' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /The shop’s answer/ })).toContainText('(accepted)')
  const message = (await fact('Message').textContent())!
  const number = /\d{5,}/.exec(message)![0]

  // An edit: the setup request's ItemOut line is in the basket the shop opens with.
  const edit = await sandboxForm(page, /cXML 1\.2/)
  await edit.getByLabel('Operation').selectOption('edit')
  await edit.getByLabel('SKU, line 1').fill(sku)
  await edit.getByLabel('Quantity, line 1').fill('3')
  await edit.getByRole('button', { name: 'Send the setup request' }).click()
  await page.getByRole('link', { name: 'Open the shop' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.getByTestId('mini-basket').click()
  const reloaded = page.getByTestId('basket-line')
  await expect(reloaded).toHaveCount(1)
  await expect(reloaded).toContainText(name)
  await expect(reloaded.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue('3')

  // The order of the purchase order is the company's: its account admin finds it in the order history.
  await switchUser(page, 'jlink')
  await page.goto('/en/account/orders?buyer=all')
  await expect(page.getByRole('link', { name: `View order ${number}` })).toBeVisible()
})

test('OCI in German: SAP’s entry, shop, transfer with the line’s NEW_ITEM fields and the ~ fields echoed; DETAIL opens the product', async ({
  page,
}) => {
  test.slow()
  const t = await textsOf('de')
  const oci = await sandboxForm(page, /OCI 4\.0/)
  await expect(oci.getByLabel('Login')).toHaveValue('brightline-oci')
  await expect(oci.getByLabel('Language')).toHaveValue('de_DE')
  await oci.getByRole('button', { name: 'Show the OCI entry' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'OCI entry' })).toBeVisible()
  await expect(page.getByRole('row', { name: '~OkCode ADDI' })).toBeVisible()
  // A GET, as SAP opens the shop.
  await page.getByRole('button', { name: 'Open the shop' }).click()
  await expect(page).toHaveURL(/\/de\/home$/)
  await expect(page.getByRole('link', { name: 'Otto Punchout' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)

  const name = await openOrderableProduct(page, 'de')
  const sku = /prd([^/?]+)$/.exec(page.url())![1]!
  const { unitPrice } = await addAndOpenBasket(page, 'de', name)

  // The transfer page, held before it reaches the hook (a 204 leaves the browser on it): accessible, no
  // sideways scrolling at 360 px, "Continue" reached by keyboard, which then sends the basket for real. The
  // default mapping keeps to SAP's lengths (the name in its 40 characters), so nothing is reported: with
  // JavaScript the page sends itself, without it the buyer continues.
  const hook = `${SANDBOX}/hook/oci`
  let held = () => {}
  const heldPost = new Promise<void>((resolve) => (held = resolve))
  await page.route(hook, async (route) => {
    held()
    await route.fulfill({ status: 204 })
  })
  await page
    .getByRole('button', { name: t('punchout.transfer.button') })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: t('punchout.transfer.title') })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  if (javaScriptOn()) await heldPost
  else await expect(page.getByText(t('punchout.transfer.continue.hint'))).toBeVisible()
  await page.setViewportSize({ width: 360, height: 740 })
  await expectAccessible(page)
  await expectFitsWidth(page, 360)
  const proceed = page.getByRole('button', { name: t('punchout.transfer.continue') })
  for (let presses = 0; presses < 80; presses++) {
    if (await proceed.evaluate((button) => button === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(proceed).toBeFocused()
  await page.unroute(hook)
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', { level: 1, name: 'OCI basket received' })).toBeVisible()
  await expect(page.locator('dt:text-is("Pass-through fields") + dd')).toHaveText(
    '~OkCode=ADDI, ~TARGET=_top, ~CALLER=CTLG',
  )
  await expect(hookLine(page, sku).getByRole('cell').nth(3)).toHaveText('1')
  await expect(page.getByRole('heading', { level: 2, name: /^Problems/ })).toHaveText('Problems')
  const fields = page.locator('pre').last()
  await expect(fields).toContainText(`NEW_ITEM-DESCRIPTION[1] = ${shortened(name, 40)}\n`)
  await expect(fields).toContainText(/NEW_ITEM-QUANTITY\[1\] = 1(\.0+)?\n/)
  await expect(fields).toContainText(/NEW_ITEM-UNIT\[1\] = [A-Z0-9]{1,3}\n/)
  await expect(fields).toContainText(/NEW_ITEM-CURRENCY\[1\] = [A-Z]{3}\n/)
  const price = /NEW_ITEM-PRICE\[1\] = ([\d.]+)/.exec((await fields.textContent())!)![1]!
  expect(digits(price)).toBe(digits(unitPrice))

  // FUNCTION=DETAIL with PRODUCTID: the shop opens on that product.
  await page.setViewportSize({ width: 1280, height: 720 })
  const detail = await sandboxForm(page, /OCI 4\.0/)
  await detail.getByLabel('FUNCTION').selectOption('DETAIL')
  await detail.getByLabel('PRODUCTID (DETAIL, VALIDATE)').fill(sku)
  await detail.getByRole('button', { name: 'Show the OCI entry' }).click()
  await page.getByRole('button', { name: 'Open the shop' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page).toHaveURL(/\/de\//)
})

test('every refused entry lands on the error page with its key’s text', async ({ page }) => {
  const t = await textsOf('en')
  const hook = `${SANDBOX}/hook/ids`
  const ids = { name_kunde: 'brightline-ids', pw_kunde: DEMO_PASSWORD }
  const cases: [Record<string, string>, string][] = [
    [{}, 'punchout.error.missing.parameters'],
    [{ action: 'XX', ...ids, hookurl: hook }, 'custom.punchout.error.wrong.code'],
    [{ action: 'WKE', ...ids }, 'custom.punchout.error.missing.parameter.url'],
    [{ action: 'ADL', ...ids, hookurl: hook }, 'custom.punchout.error.missing.parameter.ghnummer'],
    [{ action: 'WKS', ...ids, hookurl: hook }, 'custom.punchout.error.missing.parameter.warenkorb'],
    [
      { action: 'WKS', ...ids, hookurl: hook, warenkorb: '<Warenkorb><Order></Order></Warenkorb>' },
      'custom.punchout.error.missing.parameter.warenkorb',
    ],
    [
      { action: 'WKE', ...ids, hookurl: hook, pw_kunde: 'not-the-password-1' },
      'account.login.username_password.error.invalid',
    ],
  ]
  for (const [params, key] of cases) {
    const response = await page.goto(`/en/punchout?${new URLSearchParams(params)}`)
    expect(response!.status(), key).toBe(400)
    await expect(page).toHaveURL(`/en/error?${new URLSearchParams({ error: key })}`)
    await expect(page.getByRole('heading', { level: 1, name: t('punchout.error.title') })).toBeVisible()
    await expect(page.getByText(t(key))).toBeVisible()
  }
  await expectAccessible(page)
})
