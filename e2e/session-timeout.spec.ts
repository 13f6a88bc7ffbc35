import { expect, test } from '@playwright/test'
import { newBuyer, switchUser } from './business-buyers'
import { apiToken, expectAccessible, openOrderableProduct, REST, textsOf } from './helpers'

/**
 * Issue 35, sessions (spec shell §2.2, §4.4, §4.7): a session that ends while the shopper is away (here ICM
 * revokes every token of the user, as after a password change elsewhere) sends the next protected page to the
 * login page with the timeout message and the way back; after logging in again the shopper is back on that
 * page, and the basket is where ICM keeps it.
 */
for (const lang of ['en', 'de'] as const) {
  test(`a session ended while away leads to the login page with the timeout message (${lang})`, async ({
    page,
  }) => {
    const t = await textsOf(lang)
    const { login } = await newBuyer(page, { prefix: `sto${lang}` })
    await switchUser(page, login)
    if (lang !== 'en') await page.goto(`/${lang}/home`)
    const product = await openOrderableProduct(page, lang)
    await page.getByRole('button', { name: t('product.add_to_basket'), exact: true }).click()
    await expect(page.getByTestId('mini-basket')).toContainText(/1/)

    // Elsewhere, the user's tokens are revoked (ICM's logout revokes all tokens issued for the user).
    const revoke = await page.request.put(`${REST.replace(/;loc=.*$/, '')}/token/logout`, {
      headers: { 'authentication-token': await apiToken(page.request, login) },
    })
    expect(revoke.status()).toBe(204)

    await page.goto(`/${lang}/account/orders`)
    await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?`))
    const url = new URL(page.url())
    expect(url.searchParams.get('messageKey')).toBe('session_timeout')
    expect(url.searchParams.get('returnUrl')).toBe(`/${lang}/account/orders`)
    await expect(page.getByText(t('account.login.session_timeout.message'))).toBeVisible()
    await expectAccessible(page)

    await page.getByLabel(t('account.login.login.label')).fill(login)
    await page.getByLabel(t('account.login.password.label')).fill('Demo!2026')
    await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/orders$`))
    // The basket the user filled before the session ended is theirs again.
    await page.goto(`/${lang}/basket`)
    await expect(page.getByRole('main').getByText(product).first()).toBeVisible()
  })
}
