// @vitest-environment jsdom
/**
 * Words that must agree with their numbers and codes that must never show raw (issue 32 "Finished screens"):
 * "1 von 1 Bestellungen" takes each language's plural of the total, and an order status such as `NEW` is
 * shown in the page's language wherever it appears, in all five shop languages.
 */
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { CostCenterOrdersTable } from '~/components/organization/CostCenterDetails'
import { OrderStatus } from '~/components/order/OrderStatus'
import { LastOrders } from '~/components/recurring-order/RecurringOrderParts'
import type { CostCenterOrder } from '~/models/cost-center'
import { SHOP_LOCALES, type ShopLocale } from '~/models/locale'
import { orderStatusText } from '~/components/order/OrderStatus'
import type { RecurringOrder } from '~/models/recurring-order'
import OrdersPage, { loader as ordersLoader } from '~/routes/$lang._shop.account.orders._index'
import { i18nFor } from '~/services/i18n.server'
import { get, icm } from './icm-mock'
import { signedInCookie } from './loader-args'
import { orderEnvelope, orderListEnvelope } from './order-fixtures'
import { PRIVATE } from './recurring-order-fixtures'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

const STATUS_CODES = [
  'NEW',
  'PENDING_PAYMENT',
  'PENDING_APPROVAL',
  'CANCELLED',
  'COMPLETED',
  'INPROGRESS',
  'PARTLY_SHIPPED',
  'DELIVERED',
  'REJECTED',
]

/** "New" in each language: what a status cell must show for `NEW`. */
const NEW_IN = { en: 'New', de: 'Neu', fr: 'Nouvelle', pl: 'Nowe', ro: 'Nouă' } as const

function show(locale: ShopLocale, element: React.ReactNode) {
  const Stub = createRemixStub([
    { id: 'root', path: '/', loader: () => ({ locale }), Component: () => <>{element}</> },
  ])
  return render(
    <I18nextProvider i18n={i18nFor(locale.id)}>
      <Stub />
    </I18nextProvider>,
  )
}

const costCenterOrder: CostCenterOrder = {
  orderNo: '100045',
  orderDate: '2026-11-20T09:30:00.000Z',
  status: 'NEW',
  items: 2,
  buyer: { login: 'bbuyer', firstName: 'Bea', lastName: 'Buyer' },
  totalGross: { value: 119, currency: 'EUR' },
  totalNet: { value: 100, currency: 'EUR' },
}

describe.each(SHOP_LOCALES)('order statuses in $label', (locale) => {
  const t = i18nFor(locale.id).t

  it('has words for every status code, none of them the code itself', () => {
    for (const code of STATUS_CODES) {
      const text = orderStatusText(t, code)
      expect(text, `${locale.id} ${code}`).not.toBe(code)
      expect(text, `${locale.id} ${code}`).not.toContain('account.orders.status')
    }
    // A code the shop has no words for shows ICM's own text.
    expect(orderStatusText(t, 'ON_HOLD', 'On hold')).toBe('On hold')
  })

  it('shows NEW in words in the order history, the cost center orders and a recurring order’s last orders', async () => {
    const word = NEW_IN[locale.lang as keyof typeof NEW_IN]
    show(
      locale,
      <>
        <p data-testid="badge">
          <OrderStatus order={{ status: 'New', statusCode: 'NEW' }} />
        </p>
        <CostCenterOrdersTable orders={[costCenterOrder]} />
        <LastOrders
          order={
            {
              lastOrders: [
                { id: 'o1', documentNumber: '100045', statusCode: 'NEW', creationDate: '2026-11-20' },
              ],
            } as unknown as RecurringOrder
          }
        />
      </>,
    )
    expect((await screen.findByTestId('badge')).textContent).toBe(word)
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!
    expect(within(row).getAllByRole('cell')[3]!.textContent).toBe(word)
    expect(screen.getByTestId('last-order').textContent).toContain(word)
    expect(document.body.textContent).not.toMatch(/\bNEW\b/)
  })
})

describe('the order history’s count', () => {
  const count = (id: (typeof SHOP_LOCALES)[number]['id'], shown: number, total: number) =>
    i18nFor(id).t('account.orders.count', { shown, count: total })

  it('takes the plural of the total in each language', () => {
    expect([count('en_US', 1, 1), count('en_US', 3, 12)]).toEqual(['1 of 1 order', '3 of 12 orders'])
    expect([count('de_DE', 1, 1), count('de_DE', 3, 12)]).toEqual([
      '1 von 1 Bestellung',
      '3 von 12 Bestellungen',
    ])
    expect([count('fr_FR', 1, 1), count('fr_FR', 3, 12)]).toEqual(['1 sur 1 commande', '3 sur 12 commandes'])
    expect([count('pl_PL', 1, 1), count('pl_PL', 2, 3), count('pl_PL', 5, 25)]).toEqual([
      '1 z 1 zamówienia',
      '2 z 3 zamówień',
      '5 z 25 zamówień',
    ])
    expect([count('ro_RO', 1, 1), count('ro_RO', 2, 3), count('ro_RO', 20, 20)]).toEqual([
      '1 din 1 comandă',
      '2 din 3 comenzi',
      '20 din 20 de comenzi',
    ])
  })
})

describe('the order history in German', () => {
  it('counts one order as one, and keeps an order’s number apart from its requisition ("100045 aus …")', async () => {
    const order = orderEnvelope('o-100045', {
      documentNumber: '100045',
      data: { requisitionDocumentNo: '0000017' },
    })
    icm.use(get('orders', () => orderListEnvelope([order], { limit: 30, offset: 0, total: 1 })))
    renderRoute({
      path: '/de/account/orders',
      pattern: ':lang/account/orders',
      Component: OrdersPage,
      loader: ordersLoader,
      cookie: await signedInCookie(PRIVATE),
    })
    expect((await screen.findByText(/von 1 Bestellung/)).textContent).toBe('1 von 1 Bestellung')
    const cell = screen.getByRole('link', { name: 'Bestellung 100045 ansehen' }).closest('td')!
    expect(cell.textContent).toBe('100045 aus Bestellanforderung 0000017')
    expect(within(cell.closest('tr')!).getByText('Neu')).toBeTruthy()
  })
})
