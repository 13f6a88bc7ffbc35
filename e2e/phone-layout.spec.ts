import { expect, test, type Locator, type Page } from '@playwright/test'
import { newBuyer, readyBasketThroughApi, submitThroughApi, switchUser } from './business-buyers'
import { guestAddress, login, pay, placeOrder, standardShipping } from './checkout-flow'
import { expectAccessible, expectFitsWidth, parseMoney, REST, textsOf, tileProduct } from './helpers'

/**
 * Issue 19, "A layout made for phones": at 360 × 740, with JavaScript on and off, no page scrolls sideways,
 * the first products of a listing and the price and "Add to basket" of a product are on the first screen,
 * and the basket's total stays in view.
 */
test.use({ viewport: { width: 360, height: 740 } })

const WIDTH = 360
const CATEGORY = '/en/fasteners/screws/wood-screws-ctgFasteners.Screws.Wood-Screws'

/** A listing's products, in page order. */
const tiles = (page: Page) => page.locator('.product-tile')

/** Applies the listing toolbar: at once with JavaScript, with its button before or without it. */
async function applyToolbar(page: Page) {
  const apply = page.getByRole('button', { name: 'Apply' })
  if (await apply.isVisible()) await apply.click()
}

test('a category on a phone: filters in a drawer, two products a row on the first screen, a page size', async ({
  page,
}) => {
  await page.goto(CATEGORY)
  await expectFitsWidth(page, WIDTH)
  const drawer = page.locator('.filter-drawer')
  await expect(drawer.locator('> summary')).toHaveText('Filters')
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeHidden()
  // The first two products side by side, both on the first screen.
  const [first, second] = [tiles(page).nth(0), tiles(page).nth(1)]
  await expect(first).toBeInViewport({ ratio: 0.3 })
  await expect(second).toBeInViewport({ ratio: 0.3 })
  // Side by side once the layout has settled (pictures and hydration may still move them for a moment).
  await expect
    .poll(async () => Math.abs((await first.boundingBox())!.y - (await second.boundingBox())!.y))
    .toBeLessThan(2)
  const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!]
  expect(b.x).toBeGreaterThan(a.x + a.width - 1)
  await expectAccessible(page)

  // The drawer opens on the filters; choosing one keeps the choice in view as a chip.
  await drawer.locator('> summary').click()
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeVisible()
  await expectFitsWidth(page, WIDTH)
  const brand = drawer.locator('.facet-group').first().locator('.facet').first()
  const brandName = (await brand.locator('.facet-name').textContent())!.trim()
  await brand.click()
  await expect(page).toHaveURL(/filters=/)
  await expect(page.locator('.facet-chip')).toContainText(brandName)
  await expect(page.locator('.filter-drawer > summary')).toHaveText('Filters (1 selected)')

  // Twice as many products a page, kept by the filter links and paging.
  await page.goto(CATEGORY)
  const total = Number(
    (await page.getByRole('heading', { name: /\d+ products/ }).textContent())!.replace(/\D/g, ''),
  )
  await page.getByLabel('Per page').selectOption('18')
  await applyToolbar(page)
  await expect(page).toHaveURL(/pageSize=18/)
  await expect(tiles(page)).toHaveCount(Math.min(18, total))
})

test('a product on a phone: price and "Add to basket" on the first screen', async ({ page }) => {
  await page.goto(CATEGORY)
  const tile = tiles(page)
    .filter({ hasText: 'In stock' })
    .filter({ hasNotText: /^from / })
    .first()
  await tile.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectFitsWidth(page, WIDTH)
  await expect(page.getByTestId('price').first()).toBeInViewport()
  // The whole button, not a sliver of it: long product names and the pictures' views must leave room.
  await expect(page.getByRole('button', { name: 'Add to basket', exact: true })).toBeInViewport({ ratio: 1 })
  await expectAccessible(page)
})

test('the header on a phone: account and basket as icons with the count, further links in the menu', async ({
  page,
}) => {
  await page.goto('/en/home')
  await expectFitsWidth(page, WIDTH)
  const header = page.locator('.header-bar')
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(page.getByTestId('mini-basket')).toBeVisible()
  await expect(page.locator('.mini-basket-badge')).toHaveText('0')
  // Logo, account and basket share the first row.
  const logo = (await page.locator('.logo').boundingBox())!
  const basket = (await page.getByTestId('mini-basket').boundingBox())!
  expect(Math.abs(logo.y + logo.height / 2 - (basket.y + basket.height / 2))).toBeLessThan(8)
  await expect(header.getByRole('link', { name: 'Quick order' })).toBeHidden()
  await page.locator('summary', { hasText: /^Menu$/ }).click()
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Quick order' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible()
})

test('the basket and checkout on a phone: lines as cards, the total in view, no sideways scrolling', async ({
  page,
}) => {
  test.slow()
  await page.goto(CATEGORY)
  const orderable = tiles(page).filter({ has: page.locator('.tile-add-to-basket') })
  for (const n of [0, 1]) {
    const { name } = await tileProduct(orderable.nth(n))
    await orderable
      .nth(n)
      .getByRole('button', { name: `Add to basket: ${name}` })
      .click()
    await expect(page.getByRole('status').filter({ hasText: name })).toContainText('added to your basket')
  }
  await page.goto('/en/basket')
  await expect(page.getByTestId('basket-line')).toHaveCount(2)
  await expectFitsWidth(page, WIDTH)
  const bar = page.getByTestId('basket-bar')
  await expect(bar).toBeInViewport()
  // The bar's total is the summary's.
  const summaryTotal = parseMoney((await page.getByTestId('basket-total').textContent())!)
  expect(parseMoney((await bar.locator('strong').textContent())!)).toBeCloseTo(summaryTotal, 2)
  // Each line labels its unit price, quantity and total.
  const line = page.getByTestId('basket-line').first()
  await expect(line.getByRole('spinbutton')).toBeVisible()
  await expectAccessible(page)
  await bar.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/address$/)
  await expectFitsWidth(page, WIDTH)
  await guestAddress(page, 'phone@example.com')
  await expectFitsWidth(page, WIDTH)
  await standardShipping(page)
  await pay(page, /Invoice/)
  await expect(page).toHaveURL(/\/en\/checkout\/review$/)
  await expectFitsWidth(page, WIDTH)
  await expectAccessible(page)
  await placeOrder(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
  await expectFitsWidth(page, WIDTH)
  await expectAccessible(page)
})

test('a message after a change covers neither the search box nor a quantity field, and can be closed', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(CATEGORY)
  const orderable = tiles(page).filter({ has: page.locator('.tile-add-to-basket') })
  const { name } = await tileProduct(orderable.first())
  await orderable
    .first()
    .getByRole('button', { name: `Add to basket: ${name}` })
    .click()
  const message = page.getByRole('status').filter({ hasText: `${name} has been added to your basket` })
  await expect(message).toBeVisible()
  if (!javaScriptEnabled) {
    // The page came with the message: it sits above the header, clear of the search box and the tiles.
    const box = (await message.boundingBox())!
    const search = (await page.getByRole('search').boundingBox())!
    const quantity = (await orderable.first().getByRole('spinbutton').boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(search.y)
    expect(box.y + box.height).toBeLessThanOrEqual(quantity.y)
    await page.locator('.toast-close').click()
    await expect(message).toBeHidden()
  }
  // The basket's order details, saved: the message of a form post, closed with its button.
  await page.goto('/en/basket')
  await page.getByLabel('Your order reference').fill('PO-360')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const saved = page.locator('.toast')
  await expect(saved).toBeVisible()
  const search = (await page.getByRole('search').boundingBox())!
  const box = (await saved.boundingBox())!
  expect(box.y + box.height <= search.y || box.y >= search.y + search.height).toBe(true)
  await saved.locator('.toast-close').click()
  await expect(saved).toBeHidden()
  await expect(page.getByLabel('Your order reference')).toHaveValue('PO-360')
})

/**
 * A row of an account table seen as a card (issue 32): neither the table nor a region around it is wider than
 * its box, every cell of the row lies within the screen, and each of `labels` is shown by its value (the
 * cell's label, drawn before it). Returns the row, for its actions.
 */
async function expectCard(row: Locator, labels: string[]) {
  await expect(row).toBeVisible()
  const { cells, boxes } = await row.evaluate((tr) => {
    const table = tr.closest('table')!
    const region = table.closest<HTMLElement>('.scroll-region')
    return {
      cells: [...tr.querySelectorAll('td')].map((td) => {
        const before = getComputedStyle(td, '::before')
        const label = before.display === 'none' ? '' : before.content.replace(/^"|"$/g, '')
        const box = td.getBoundingClientRect()
        const text = td.textContent!.trim()
        const filled = text !== '' || td.querySelector('input, select, button, a') !== null
        return { label, left: box.left, right: box.right, text, filled }
      }),
      boxes: [table, region]
        .filter((box) => box !== null)
        .map((box) => ({ scrollWidth: box.scrollWidth, clientWidth: box.clientWidth })),
    }
  })
  for (const box of boxes) expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth)
  for (const cell of cells) {
    expect(cell.left, cell.text).toBeGreaterThanOrEqual(0)
    expect(cell.right, cell.text).toBeLessThanOrEqual(WIDTH)
  }
  const shown = cells.map((cell) => cell.label)
  for (const label of labels) expect(shown).toContain(label)
  // A label goes with a value (a text or a control): no labelled cell is empty.
  for (const cell of cells.filter((c) => c.label)) expect(cell.filled, cell.label).toBe(true)
  return row
}

/** The whole of a control on the screen without sideways scrolling, and reachable from the keyboard. */
async function expectReachable(control: Locator) {
  await control.focus()
  await expect(control).toBeFocused()
  const box = (await control.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
}

test('account tables on a phone are labelled cards: total, status, approvers and actions without sideways scrolling (issue 32)', async ({
  page,
}) => {
  test.slow()
  // A buyer of their own with a requisition (order limit 1.00 EUR) and a recurring order, made through the API.
  const buyer = await newBuyer(page, { orderLimit: 1, prefix: 'phone' })
  const requisition = (await submitThroughApi(page, await readyBasketThroughApi(page, buyer.login)))
    .requisitionNo as string
  const ready = await readyBasketThroughApi(page, buyer.login)
  const start = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  const recurring = await page.request.patch(`${REST}/baskets/${ready.basket}`, {
    headers: ready.headers,
    data: { recurrence: { interval: 'P1W', startDate: start } },
  })
  expect(recurring.status()).toBe(200)
  const recurringNumber = (await submitThroughApi(page, ready)).documentNumber as string

  await login(page, buyer.login)
  await page.goto('/en/account/requisitions/buyer')
  await expectFitsWidth(page, WIDTH)
  const own = page.getByTestId('requisition-row').filter({ hasText: requisition })
  await expectCard(own, ['Date', 'Total', 'Status', 'Approvers'])
  await expect(own).toContainText('Jack Link')
  await expectReachable(own.getByRole('link', { name: `View requisition ${requisition}` }))
  await expectAccessible(page)

  await page.goto('/en/account/recurring-orders')
  await expectFitsWidth(page, WIDTH)
  const schedule = page.getByTestId('recurring-order-row').filter({ hasText: recurringNumber })
  await expectCard(schedule, ['Created', 'Schedule', 'Next order', 'Status'])
  await expectReachable(
    schedule.getByRole('button', { name: `Switch off recurring order ${recurringNumber}` }),
  )
  await expectReachable(schedule.getByRole('link', { name: `Delete recurring order ${recurringNumber}` }))

  // The account admin, one of the approvers (Jack Link): their list has the buyer's name, the total and the
  // checkbox of the bulk decision; then the cost centers, a cost center's buyers and orders, and the buyers
  // to add to it.
  await switchUser(page, 'jlink')
  await page.goto('/en/account/requisitions/approver')
  const pending = page.getByTestId('requisition-row').filter({ hasText: requisition })
  await expectCard(pending, ['Buyer', 'Total', 'Status', 'Approvers'])
  await expect(pending).toContainText(buyer.name)
  await expectReachable(pending.getByRole('checkbox', { name: new RegExp(requisition) }))

  await page.goto('/en/account/organization/cost-centers')
  await expectFitsWidth(page, WIDTH)
  await expectCard(page.getByTestId('cost-center-row').first(), [
    'Name',
    'Manager',
    'Budget and period',
    'Status',
  ])

  await page.goto('/en/account/organization/cost-centers/100600')
  await expectFitsWidth(page, WIDTH)
  await expectCard(page.locator('.cost-center-buyers tbody tr').first(), [
    'Budget and period',
    'Spent / remaining',
  ])
  await expectCard(page.locator('.cost-center-orders tbody tr').first(), ['Buyer', 'Status', 'Total'])

  await page.goto('/en/account/organization/cost-centers/100600/buyers')
  await expectFitsWidth(page, WIDTH)
  const candidate = page.locator('.cost-center-buyers-table tbody tr').first()
  await expectCard(candidate, ['Budget', 'Budget period'])
  await expectReachable(candidate.getByRole('checkbox'))
  await expectReachable(candidate.getByRole('textbox'))

  // The order history of a buyer who manages the company's orders (a demo buyer with a past).
  await switchUser(page, 'nbauer')
  await page.goto('/en/account/orders')
  await expectFitsWidth(page, WIDTH)
  const order = page.getByTestId('order-row').first()
  await expectCard(order, ['Order date', 'Status', 'Items', 'Total'])
  await expectReachable(order.getByRole('button', { name: /Buy again/ }))
  await expectReachable(order.getByRole('link', { name: /Download .*CSV/i }))
  await expectAccessible(page)
  // In German, whose labels are longer.
  const de = await textsOf('de')
  await page.goto('/de/account/orders')
  await expectFitsWidth(page, WIDTH)
  await expectCard(
    page.getByTestId('order-row').first(),
    ['date', 'status', 'items', 'total'].map((column) => de(`account.orders.column.${column}`)),
  )

  // On a desktop screen the same lists are tables again, with their column headers.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/en/account/orders')
  const table = page.locator('table').filter({ has: page.getByTestId('order-row') })
  expect(await table.evaluate((element) => getComputedStyle(element).display)).toBe('table')
  await expect(table.getByRole('columnheader', { name: 'Total' })).toBeVisible()
  const cell = page.getByTestId('order-row').first().locator('td').nth(1)
  expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('none')
})

test('choosing a filter in the phone’s drawer closes it and brings the first products into view (issue 32) @js-only', async ({
  page,
}) => {
  await page.goto(CATEGORY)
  // The script's doing, so once it runs: before, a facet is a plain link that loads the next page (under CI's
  // load the click came first once, and the new page had nothing to focus).
  await expect(page.locator('.footer-legal a')).toHaveAttribute('data-enhanced', '')
  const drawer = page.locator('.filter-drawer')
  await drawer.locator('> summary').click()
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeVisible()
  const facet = drawer.locator('.facet-group').first().locator('.facet').first()
  const name = (await facet.locator('.facet-name').textContent())!.trim()
  await facet.click()
  await expect(page).toHaveURL(/filters=/)
  await expect(page.locator('.facet-chip')).toContainText(name)
  await expect(drawer).not.toHaveAttribute('open')
  await expect(page.getByRole('heading', { level: 2, name: /\d+ products?/ })).toBeFocused()
  await expect(tiles(page).first()).toBeInViewport({ ratio: 0.3 })
  await expectFitsWidth(page, WIDTH)
})

test('a drawer opened before the page’s script has run stays open when it has @js-only', async ({ page }) => {
  // The scripts wait until the drawer is open: a slow phone, where the shopper is quicker than hydration.
  let release!: () => void
  const opened = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await opened
    await route.continue()
  })
  await page.goto(CATEGORY, { waitUntil: 'domcontentloaded' })
  const drawer = page.locator('.filter-drawer')
  await drawer.locator('> summary').click()
  await expect(drawer).toHaveAttribute('open')
  release()
  await expect(page.locator('.footer-legal a')).toHaveAttribute('data-enhanced', '')
  await expect(drawer).toHaveAttribute('open')
  await expect(page.getByRole('heading', { level: 2, name: /\d+ products?/ })).not.toBeFocused()
})

test('the home page fits a phone in every language, long category names included', async ({ page }) => {
  for (const lang of ['en', 'de', 'fr', 'pl', 'ro']) {
    await page.goto(`/${lang}/home`)
    await expect(page.locator('.category-card').first()).toBeVisible()
    await expectFitsWidth(page, WIDTH)
  }
})
