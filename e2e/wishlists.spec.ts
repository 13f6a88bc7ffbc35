import { expect, test } from '@playwright/test'
import { FEATURES_OFF_SHOP } from '../playwright.config'
import { newBuyer } from './business-buyers'
import { login } from './checkout-flow'
import { expectAccessible, expectFitsWidth, mailLinks, openOrderableProduct, tileProduct } from './helpers'

/**
 * Wishlists (issue 33; spec commerce-and-checkout §3, §4 Wishlists; shell §2.1, §2.5), with JavaScript on and off:
 * a new buyer creates a list, adds a product from its page and another from a tile (the header counts them),
 * moves one into the basket, mails the list's link to a friend who reads it as a guest (also in German), and after
 * unsharing the same link is refused. The shop with the feature off has no such page.
 */
test('create a wishlist, add from a product page and a tile, move to the basket, share with a guest, unshare', async ({
  page,
  browser,
}, info) => {
  test.slow()
  const buyer = await newBuyer(page, { prefix: 'wish' })
  await login(page, buyer.login)
  const title = `Site kit ${info.project.name}`

  await page.goto('/en/account/wishlists')
  await expect(page.getByText('You have no wishlists yet.')).toBeVisible()
  await page.getByLabel('Title of the wishlist').fill(title)
  await page.getByRole('button', { name: 'Create wishlist' }).click()
  await expect(page.getByRole('status')).toContainText(`The wishlist "${title}" was created.`)
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
  await expect(page.getByText('Preferred wishlist', { exact: false }).first()).toBeVisible()
  await expectAccessible(page)

  // From a product page, then from a tile of the category it was found in.
  const first = await openOrderableProduct(page)
  const productUrl = page.url()
  await page.goBack()
  const categoryUrl = page.url()
  await page.goto(productUrl)
  await page.getByRole('button', { name: `Add to wishlist: ${first}`, exact: true }).click()
  await expect(page.getByRole('status')).toContainText(`added to your wishlist "${title}"`)
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible()
  await page.goto(categoryUrl)
  const tile = page.locator('.product-grid .product-tile').filter({ hasNotText: first }).first()
  const second = await tileProduct(tile)
  await tile.getByRole('button', { name: `Add to wishlist: ${second.name}`, exact: true }).click()
  await expect(page.getByRole('status')).toContainText(`added to your wishlist "${title}"`)
  await expect(page.getByRole('link', { name: 'Wishlists (2)' }).first()).toBeAttached()

  // The list: move the first product into the basket.
  await page.goto('/en/account/wishlists')
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('link', { name: first })).toBeVisible()
  await expect(page.getByRole('link', { name: second.name })).toBeVisible()
  await page.getByRole('button', { name: `Move to basket: ${first}` }).click()
  await expect(page.getByRole('status')).toContainText('added')
  await expect(page.getByRole('link', { name: first })).toHaveCount(0)

  // Share by e-mail: a bad address is shown at its field; then the link goes to a friend, whose mail leads to
  // the list without a login, in any language; unshared, the link is refused.
  const friend = `friend-${buyer.login.replace(/@.*/, '')}@example.com`
  const recipients = page.getByLabel('Send the link to (optional)')
  await recipients.fill(`${friend}, no-address`)
  await page.getByLabel('Message (optional)').fill('For the site in Leeds')
  await page.getByRole('button', { name: 'Share wishlist' }).click()
  if (info.project.use.javaScriptEnabled) await expect(recipients).toHaveAttribute('aria-invalid', 'true')
  else expect(await recipients.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true)
  await recipients.fill(friend)
  await page.getByRole('button', { name: 'Share wishlist' }).click()
  await expect(page.getByRole('status')).toContainText(`The link to the wishlist was sent to ${friend}.`)
  const link = page.locator('.wishlist-share p a')
  const shared = new URL((await link.getAttribute('href'))!)
  expect(shared.pathname).toMatch(/^\/en\/wishlists\/[0-9a-f-]{36}$/)
  const [mailed] = await mailLinks(page, friend, (href) => href.includes('/wishlists/'))
  expect(new URL(mailed!).search).toBe(shared.search)
  if (info.project.name === 'js-on') {
    await page.setViewportSize({ width: 360, height: 740 })
    await expectFitsWidth(page, 360)
    await expectAccessible(page)
  }

  const guest = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled })
  const guestPage = await guest.newPage()
  const read = await guestPage.goto(`${shared.pathname}${shared.search}`)
  expect(read?.status()).toBe(200)
  await expect(guestPage.getByRole('heading', { level: 1, name: `Wishlist "${title}"` })).toBeVisible()
  await expect(guestPage.getByRole('link', { name: second.name })).toBeVisible()
  await expect(guestPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await guestPage.goto(`${shared.pathname.replace('/en/', '/de/')}${shared.search}`)
  await expect(guestPage.getByRole('heading', { level: 1, name: `Wunschliste „${title}“` })).toBeVisible()
  const wrong = await guestPage.goto(`${shared.pathname}?owner=x&secureCode=y`)
  expect(wrong?.status()).toBe(404)

  await page.getByRole('button', { name: 'Stop sharing' }).click()
  await expect(page.getByRole('status')).toContainText('no longer shared')
  await expect(page.locator('.wishlist-share p a')).toHaveCount(0)
  const refused = await guestPage.goto(`${shared.pathname}${shared.search}`)
  expect(refused?.status()).toBe(404)
  await guest.close()

  // The basket holds what moved there.
  await page.goto('/en/basket')
  await expect(page.getByRole('link', { name: first }).first()).toBeVisible()

  // Feature off (the shop without it): no wishlist pages.
  const off = await page.request.get(`${FEATURES_OFF_SHOP}${shared.pathname}${shared.search}`, {
    maxRedirects: 5,
  })
  expect(off.status()).toBe(404)
})
