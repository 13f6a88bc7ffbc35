// @vitest-environment jsdom
/**
 * Issue 32 "No traps", against the real commerce API:
 * - the English shop's guest starts a new address in the shop's own country (Germany, from the channel's
 *   configuration), not in the United States;
 * - with "ship to the invoice address" ticked the address step has no ship-to form (server-rendered, so also
 *   without JavaScript), and its post-back ("apply", `update`) adds or drops the form and gives the focus back;
 * - "Show the regions" (`update` with the country select's id) answers with the focus for that select;
 * - quick order takes a variation master's item number (as its tiles show it) for its default variation and
 *   says so;
 * - a refused login marks both fields invalid, described by the error.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { products } from '../../commerce-api/db/schema'
import LoginPage, { action as loginAction, loader as loginLoader } from '~/routes/$lang._shop.login'
import { action as quickOrderAction } from '~/routes/$lang._shop.quick-order'
import AddressStep, {
  action as addressAction,
  loader as addressLoader,
} from '~/routes/$lang.checkout.address'
import { action as basketAction } from '~/routes/$lang._shop.basket'
import { renderRoute } from '../storefront/render-route'
import { api } from './setup'
import { Browser } from './shop'

afterEach(cleanup)

/** An online product of the seeded catalog (a simple one, orderable), for the guest's basket. */
async function anyProductSku() {
  const [row] = await api.database.db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.kind, 'product'), eq(products.online, true)))
    .limit(1)
  return row!.sku
}

describe("a guest's address step on the English shop", () => {
  const guest = new Browser('en')
  const path = '/en/checkout/address'

  it('starts in checkout with the invoice country Germany and no ship-to form while the box is ticked', async () => {
    await guest.add(await anyProductSku(), 1)
    expect(await guest.post(basketAction, '/en/basket', { intent: 'checkout' })).toBe(path)
    const { places } = await guest.load(addressLoader, path)
    expect(places.home).toBe('DE')

    guest.render(path, ':lang/checkout/address', AddressStep, addressLoader)
    const invoice = await screen.findByRole('group', { name: 'Invoice address' })
    expect((invoice.querySelector('select[name="invoice.countryCode"]') as HTMLSelectElement).value).toBe(
      'DE',
    )
    expect(screen.getByLabelText('Ship to the invoice address')).toHaveProperty('checked', true)
    expect(document.querySelector('[name^="shipping."]')).toBeNull()
    expect(screen.queryByRole('group', { name: 'Shipping address' })).toBeNull()
  })

  it('answers the box posted back unticked with the ship-to form and the focus on the box, ticked without', async () => {
    const typed = {
      formId: 'guest',
      email: 'grace@example.com',
      'invoice.firstName': 'Grace',
      'invoice.countryCode': 'DE',
    }
    const unticked = await guest.call(addressAction, path, {
      form: { ...typed, update: 'guest-addresses-sameAsInvoice' },
    })
    expect(unticked.response.status).toBe(200)
    expect(unticked.data.focus).toBe('guest-addresses-sameAsInvoice')
    expect(unticked.data.result.initialValue).toMatchObject({ email: 'grace@example.com' })
    expect(unticked.data.result.initialValue.sameAsInvoice).toBeUndefined()
    const ticked = await guest.call(addressAction, path, {
      form: { ...typed, sameAsInvoice: 'on', update: 'guest-addresses-sameAsInvoice' },
    })
    expect(ticked.data.result.initialValue.sameAsInvoice).toBe('on')
    // Nothing was saved on the way: the basket has no address yet.
    const { basket } = await guest.load(addressLoader, path)
    expect(basket.invoiceAddress).toBeUndefined()
  })

  it('renders the ship-to form once the box is unticked', async () => {
    guest.render(path, ':lang/checkout/address', AddressStep, addressLoader)
    const box = await screen.findByLabelText('Ship to the invoice address')
    fireEvent.click(box)
    const shipping = await screen.findByRole('group', { name: 'Shipping address' })
    expect((shipping.querySelector('select[name="shipping.countryCode"]') as HTMLSelectElement).value).toBe(
      'DE',
    )
  })

  it('answers "Show the regions" with the focus for the country that asked', async () => {
    const answer = await guest.call(addressAction, path, {
      form: {
        formId: 'guest',
        'invoice.countryCode': 'US',
        sameAsInvoice: 'on',
        update: 'guest-addresses-invoice.countryCode',
      },
    })
    expect(answer.data.focus).toBe('guest-addresses-invoice.countryCode')
    expect(answer.data.result.initialValue.invoice).toMatchObject({ countryCode: 'US' })
  })
})

describe('quick order with a variation master’s item number', () => {
  it('adds the default variation and says that the master stood for it', async () => {
    const [master] = await api.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.kind, 'master'), eq(products.online, true)))
      .limit(1)
    const [first] = await api.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(
        and(eq(products.masterSku, master!.sku), eq(products.online, true), isNotNull(products.masterSku)),
      )
      .orderBy(products.sku)
      .limit(1)
    const buyer = new Browser('en')
    const { response, data } = await buyer.call(quickOrderAction, '/en/quick-order', {
      form: { sku: master!.sku, quantity: '2' },
    })
    expect(response.status).toBe(200)
    expect(data.added).toBe(1)
    const [result] = data.summary.results
    expect(result).toMatchObject({ status: 'added', sku: first!.sku, master: master!.sku })
  })
})

describe('a refused login', () => {
  it('marks e-mail and password invalid, described by the error', async () => {
    renderRoute({
      path: '/en/login',
      pattern: ':lang/login',
      Component: LoginPage,
      loader: loginLoader,
      action: loginAction,
    })
    fireEvent.change(await screen.findByLabelText('E-mail address or user name'), {
      target: { value: 'nobody@example.com' },
    })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    const summary = await screen.findByRole('alert')
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail address or user name').getAttribute('aria-invalid')).toBe('true'),
    )
    for (const label of ['E-mail address or user name', 'Password']) {
      const field = screen.getByLabelText(label)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(summary.id)
    }
  })
})
