// @vitest-environment jsdom
/**
 * The order page of a shipped order (issue 30), in all five languages: its status as the shop names it
 * (partly shipped while lines are still to come; shipped; delivered), each line's fulfilment status, and
 * per parcel the link to the carrier's tracking page, or the tracking number where the carrier has none.
 * The order comes from the loader as ICM answers it (the fixture held to the API's wire schema).
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from '~/models/locale'
import OrderPage, { loader } from '~/routes/$lang._shop.account.orders.$orderId'
import { get, icm } from './icm-mock'
import { signedInCookie } from './loader-args'
import { orderEnvelope } from './order-fixtures'
import { PRIVATE } from './recurring-order-fixtures'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

const ID = '0f7c1f4e-1111-4b5a-9c1d-0000000000aa'
const DHL =
  'https://www.dhl.com/de-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=00340434161094042557'

/** The order as the API answers it (ADR 0026): its status code, parcels, and lines' fulfilment (l1, l2). */
function shippedOrder(
  statusCode: string,
  trackingLinks: string[],
  lines: [string, string] = ['NEW', 'SHIPPED'],
) {
  const envelope = orderEnvelope(ID, { data: { statusCode, status: 'ICM name', trackingLinks } })
  const items = envelope.included.lineItems as Record<string, { fulfillmentStatus: string }>
  items[`${ID}-l1`]!.fulfillmentStatus = lines[0]
  items[`${ID}-l2`]!.fulfillmentStatus = lines[1]
  return envelope
}

async function showOrder(lang: string) {
  return renderRoute({
    path: `/${lang}/account/orders/${ID}`,
    pattern: ':lang/account/orders/:orderId',
    Component: OrderPage,
    loader,
    cookie: await signedInCookie(PRIVATE),
  })
}

describe.each(SHOP_LOCALES.map((l) => l.lang))('the order page in %s', (lang) => {
  it('shows a partly shipped order with its parcel’s tracking link', async () => {
    icm.use(get(`orders/${ID}`, shippedOrder('INPROGRESS', [DHL])))
    const t = await showOrder(lang)
    const status = await screen.findByTestId('order-status')
    expect(status.textContent).toBe(t('account.orders.status.PARTLY_SHIPPED'))
    const link = screen.getByRole('link', {
      name: t('account.orders.tracking.link', { number: 1, host: 'www.dhl.com' }),
    })
    expect(link.getAttribute('href')).toBe(DHL)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByText(t('account.orders.tracking'))).toBeTruthy()
    const lines = screen.getAllByText(t('account.orders.line.fulfillment'), { exact: false })
    expect(lines.map((line) => line.parentElement!.textContent)).toEqual([
      expect.stringContaining(t('account.orders.fulfillment.NEW')),
      expect.stringContaining(t('account.orders.fulfillment.SHIPPED')),
    ])
  })

  it('shows a shipped order’s parcels: a link where the carrier has a page, else the tracking number', async () => {
    icm.use(
      get(
        `orders/${ID}`,
        shippedOrder('COMPLETED', [DHL, 'M-4711', 'javascript:alert(1)'], ['SHIPPED', 'SHIPPED']),
      ),
    )
    const t = await showOrder(lang)
    expect((await screen.findByTestId('order-status')).textContent).toBe(t('account.orders.status.COMPLETED'))
    const items = within(screen.getByTestId('tracking-links')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      t('account.orders.tracking.link', { number: 1, host: 'www.dhl.com' }),
      t('account.orders.tracking.number', { number: 2, trackingNumber: 'M-4711' }),
    ])
    expect(within(items[1]!).queryByRole('link')).toBeNull()
    expect(document.body.innerHTML).not.toContain('javascript:')
  })
})

it('names every status an order can have in all five languages', async () => {
  const cases: [string, [string, string], string][] = [
    ['NEW', ['NEW', 'NEW'], 'NEW'],
    ['INPROGRESS', ['NEW', 'NEW'], 'INPROGRESS'],
    ['INPROGRESS', ['SHIPPED', 'NEW'], 'PARTLY_SHIPPED'],
    ['COMPLETED', ['SHIPPED', 'SHIPPED'], 'COMPLETED'],
    ['DELIVERED', ['DELIVERED', 'DELIVERED'], 'DELIVERED'],
    ['CANCELLED', ['CANCELLED', 'CANCELLED'], 'CANCELLED'],
  ]
  for (const { lang } of SHOP_LOCALES)
    for (const [statusCode, lines, shown] of cases) {
      icm.use(get(`orders/${ID}`, shippedOrder(statusCode, [], lines)))
      const t = await showOrder(lang)
      const text = (await screen.findByTestId('order-status')).textContent
      expect(text, `${lang} ${statusCode}`).toBe(t(`account.orders.status.${shown}`))
      expect(text).not.toBe('ICM name')
      cleanup()
    }
})
