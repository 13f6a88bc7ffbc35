// @vitest-environment jsdom
/**
 * The recurring order pages as a shopper meets them (ADR 0020): the list in all five languages (schedule in
 * words, status, a switch and a delete per row, the delete's confirmation step with "Yes, delete" and
 * "Cancel"), the empty list, a recurring order's page (breadcrumb, schedule, the shop's reason for switching it
 * off, last orders linking to the order or the pending requisition), and the checkout's "order regularly"
 * fieldset with its controls labelled and an API refusal at its field.
 */
import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { cleanup, screen, within } from '@testing-library/react'
import { useTranslation } from '~/components/useTranslation'
import { afterEach, describe, expect, it } from 'vitest'
import { FormErrors } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { RecurrenceFields, recurrenceLabels } from '~/components/recurring-order/RecurrenceForm'
import { recurrenceFormValues, reviewFormSchema } from '~/models/recurring-order'
import { SHOP_LOCALES } from '~/models/locale'
import DetailPage, {
  loader as detailLoader,
} from '~/routes/$lang._shop.account.recurring-orders.$recurringOrderId'
import ListPage, { loader as listLoader } from '~/routes/$lang._shop.account.recurring-orders._index'
import type { SessionUser } from '~/services/session.server'
import { get, icm } from './icm-mock'
import { signedInCookie } from './loader-args'
import {
  ADMIN,
  BUYER,
  OTHER_RO_ID,
  RO_ID,
  listItem,
  recordRecurringOrders,
  recurringOrderEnvelope,
  recurringOrderList,
} from './recurring-order-fixtures'
import { renderRoute, type RouteFn } from './render-route'
import './setup'

afterEach(cleanup)

async function show(
  path: string,
  pattern: string,
  Component: () => JSX.Element,
  loader: RouteFn,
  user: SessionUser,
) {
  return renderRoute({ path, pattern, Component, loader, cookie: await signedInCookie(user) })
}

const LIST = ':lang/account/recurring-orders'
const DETAIL = ':lang/account/recurring-orders/:recurringOrderId'

describe.each(SHOP_LOCALES.map((l) => l.lang))('the recurring order list in %s', (lang) => {
  it('shows each with its schedule in words, status, switch and delete; the admin sees the buyer', async () => {
    recordRecurringOrders(() =>
      recurringOrderList([
        listItem(RO_ID, { repetitions: 6 }),
        listItem(OTHER_RO_ID, { number: '100043', statusCode: 'INACTIVE', interval: 'P1M' }),
      ]),
    )
    const t = await show(`/${lang}/account/recurring-orders`, LIST, ListPage, listLoader, ADMIN)
    expect(
      await screen.findByRole('heading', { level: 1, name: t('account.recurring_orders.title') }),
    ).toBeTruthy()
    const rows = screen.getAllByTestId('recurring-order-row')
    expect(rows).toHaveLength(2)
    const first = within(rows[0]!)
    const every2Weeks = t('account.recurring_orders.frequency.week', { count: 2 })
    expect(rows[0]!.textContent).toContain(every2Weeks)
    expect(rows[0]!.textContent).toContain('Bernd Buyer')
    expect(rows[0]!.textContent).toContain(t('account.recurring_orders.status.active'))
    const link = first.getByRole('link', { name: t('account.recurring_orders.view', { number: '100042' }) })
    expect(link.getAttribute('href')).toBe(`/${lang}/account/recurring-orders/${RO_ID}?context=admin`)
    expect(
      first.getByRole('button', { name: t('account.recurring_orders.deactivate_of', { number: '100042' }) }),
    ).toBeTruthy()
    const second = within(rows[1]!)
    expect(rows[1]!.textContent).toContain(t('account.recurring_orders.frequency.month', { count: 1 }))
    expect(
      second.getByRole('button', { name: t('account.recurring_orders.activate_of', { number: '100043' }) }),
    ).toBeTruthy()
    expect(
      second
        .getByRole('link', { name: t('account.recurring_orders.delete_of', { number: '100043' }) })
        .getAttribute('href'),
    ).toBe(`/${lang}/account/recurring-orders?delete=${OTHER_RO_ID}`)
    // A named, focusable region scrolls the table sideways at phone width.
    expect(
      screen.getByRole('region', { name: t('account.recurring_orders.title') }).getAttribute('tabindex'),
    ).toBe('0')
  })
})

describe('the list’s states', () => {
  it('asks before deleting: "Yes, delete" posts the delete, "Cancel" goes back', async () => {
    recordRecurringOrders(() => recurringOrderList([listItem()]))
    const t = await show(`/en/account/recurring-orders?delete=${RO_ID}`, LIST, ListPage, listLoader, BUYER)
    const dialog = await screen.findByRole('alertdialog', {
      name: t('account.recurring_orders.delete.title', { number: '100042' }),
    })
    const confirm = within(dialog).getByRole('button', { name: 'Yes, delete' })
    const posted = confirm.closest('form')!
    expect(posted.getAttribute('method')).toBe('post')
    expect(new FormData(posted).get('intent')).toBe('delete')
    expect(new FormData(posted).get('id')).toBe(RO_ID)
    expect(within(dialog).getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
      '/en/account/recurring-orders',
    )
    // A buyer's list has no buyer column.
    expect(screen.queryByRole('columnheader', { name: 'Buyer' })).toBeNull()
  })

  it('pages by 25 with links to each page', async () => {
    recordRecurringOrders(() => recurringOrderList([listItem()], { limit: 25, offset: 25, total: 27 }))
    const t = await show('/en/account/recurring-orders?page=2', LIST, ListPage, listLoader, BUYER)
    const pager = within(
      await screen.findByRole('navigation', { name: t('account.recurring_orders.list.pages') }),
    )
    expect(pager.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/en/account/recurring-orders',
    )
    expect(pager.getByRole('link', { name: 'Page 2 of 2' }).getAttribute('aria-current')).toBe('page')
  })

  it('says when there are none', async () => {
    recordRecurringOrders(() => recurringOrderList([]))
    const t = await show('/de/account/recurring-orders', LIST, ListPage, listLoader, BUYER)
    expect((await screen.findByTestId('recurring-orders-empty')).textContent).toBe(
      t('account.recurring_orders.empty'),
    )
  })
})

describe('a recurring order’s page', () => {
  it('shows schedule, the shop’s reason for switching it off, last orders and the template', async () => {
    icm.use(get('products/1000042', { sku: '1000042', productName: 'Voltwerk Drill XT 18' }))
    recordRecurringOrders(() =>
      recurringOrderEnvelope(RO_ID, {
        statusCode: 'ERROR',
        errorCode: 'basket.recurrence.payment_page.error',
        repetitions: 6,
        orderCount: 1,
        lastOrders: [
          {
            id: 'o-2',
            requisitionNo: '1007',
            creationDate: '2026-12-15T06:00:00.000Z',
            statusCode: 'PENDING_APPROVAL',
          },
        ],
      }),
    )
    const t = await show(`/fr/account/recurring-orders/${RO_ID}`, DETAIL, DetailPage, detailLoader, BUYER)
    const title = t('account.recurring_orders.detail.title', { number: '100042' })
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    const crumbs = within(screen.getByRole('navigation', { name: t('breadcrumb.label') }))
    expect(crumbs.getByRole('link', { name: t('account.recurring_orders.title') }).getAttribute('href')).toBe(
      '/fr/account/recurring-orders',
    )
    expect(screen.getByTestId('recurring-schedule').textContent).toBe(
      'toutes les 2 semaines à partir du 1 déc. 2026, 6 fois',
    )
    expect(screen.getByTestId('recurring-status').textContent).toBe('Inactive (erreur)')
    expect(screen.getByTestId('recurring-order-error').textContent).toContain(
      t('basket.recurrence.payment_page.error'),
    )
    expect(
      screen.getByRole('button', { name: t('account.recurring_orders.activate_of', { number: '100042' }) }),
    ).toBeTruthy()
    const last = within(screen.getByTestId('last-order')).getByRole('link')
    expect(last.getAttribute('href')).toBe('/fr/account/requisitions/buyer/o-2')
    expect(last.textContent).toBe(t('account.recurring_orders.last_requisition', { number: '1007' }))
    expect(screen.getByText('Voltwerk Drill XT 18')).toBeTruthy()
  })
})

describe('the checkout’s "order regularly"', () => {
  const RECURRENCE = { interval: 'P14D', startDate: '2026-12-01', repetitions: 6 }

  /** The review's form as the review page makes it: the error summary first, then the schedule's fields. */
  function ReviewForm({ lastResult }: { lastResult: SubmissionResult<string[]> }) {
    const { t } = useTranslation()
    const [form, fields] = useShopForm({
      id: 'order',
      schema: reviewFormSchema(t, true, true),
      lastResult,
      defaultValue: recurrenceFormValues(RECURRENCE, '2026-11-27'),
    })
    return (
      <Form method="post" id={form.id}>
        <FormErrors form={form} label={recurrenceLabels(t)} />
        <RecurrenceFields form={form} fields={fields} recurrence={RECURRENCE} today="2026-11-27" />
      </Form>
    )
  }

  it('labels every control and shows the API’s refusal at its field', async () => {
    renderRoute({
      path: '/en/checkout/review',
      pattern: ':lang/checkout/review',
      Component: () => (
        <ReviewForm
          lastResult={{
            status: 'error',
            initialValue: { intent: 'recurrence', recurring: 'regularly', startDate: '2020-01-01' },
            error: { startDate: ['The first order cannot be in the past.'] },
          }}
        />
      ),
    })
    expect((await screen.findByTestId('recurrence-summary')).textContent).toBe(
      'This order will be placed regularly: every 2 weeks from Dec 1, 2026, 6 times.',
    )
    expect(screen.getByRole('radio', { name: 'Order once' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Order regularly' })).toBeTruthy()
    expect(screen.getByRole('spinbutton', { name: 'Every' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Unit' })).toBeTruthy()
    const start = screen.getByLabelText('First order on')
    expect(start.getAttribute('min')).toBe('2026-11-27')
    expect(start.getAttribute('aria-invalid')).toBe('true')
    const error = screen.getByText('The first order cannot be in the past.', { selector: '.field-error li' })
    expect(start.getAttribute('aria-describedby')).toContain(error.closest('ul')!.id)
    // The summary above the form links to the field.
    const link = screen.getByRole('link', { name: 'First order on: The first order cannot be in the past.' })
    expect(link.getAttribute('href')).toBe(`#${start.id}`)
    expect(screen.getByRole('radio', { name: 'After a number of orders' })).toBeTruthy()
    // "Save schedule" posts only the schedule (its intent); the review's place-order button posts it with the order.
    const save = screen.getByRole('button', { name: 'Save schedule' })
    expect([save.getAttribute('name'), save.getAttribute('value')]).toEqual(['intent', 'recurrence'])
    expect(save.closest('form')!.id).toBe('order')
  })
})
