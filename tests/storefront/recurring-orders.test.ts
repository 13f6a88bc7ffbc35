/**
 * The recurring order screens (ADR 0020; spec §2, §3, §4 "Recurring orders", §6, §7): the guards, which
 * endpoint each kind of user reads (an account admin the customer's, other business users their own, private
 * customers theirs), the list and detail mapping with frequencies in words in all five languages, switching
 * on and off (a PATCH only when it changes), deleting after the confirmation step, and 404 for unknown ones.
 * ICM is the msw mock; every fixture is held to the API's wire schema.
 */
import { describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from '~/models/locale'
import { frequencyOf, frequencyText, scheduleText } from '~/models/recurring-order'
import {
  action as detailAction,
  loader as detailLoader,
} from '~/routes/$lang._shop.account.recurring-orders.$recurringOrderId'
import {
  action as listAction,
  loader as listLoader,
} from '~/routes/$lang._shop.account.recurring-orders._index'
import { loader as accountLoader } from '~/routes/$lang._shop.account._index'
import { fixedT } from '~/services/i18n.server'
import { get, icm, icmError } from './icm-mock'
import { sessionFrom } from './loader-args'
import {
  ADMIN,
  BUYER,
  OTHER_RO_ID,
  PRIVATE,
  RO_ID,
  listItem,
  page,
  recordRecurringOrders,
  recurringOrderEnvelope,
  recurringOrderList,
} from './recurring-order-fixtures'
import './setup'

const LIST = '/en/account/recurring-orders'
const DETAIL = `${LIST}/${RO_ID}`
const product = () => get('products/1000042', { sku: '1000042', productName: 'Voltwerk Drill XT 18' })
const toastOf = async (setCookie: string | null) => (await sessionFrom(setCookie)).get('toast')

describe('the guards of the recurring order pages', () => {
  it('send a visitor to the login page with the page to come back to, asking ICM nothing', async () => {
    const calls = recordRecurringOrders(() => recurringOrderList([]))
    for (const [fn, path] of [
      [listLoader, `${LIST}?page=2`],
      [detailLoader, `${DETAIL}?context=admin`],
    ] as const) {
      const { response } = await page(fn, path, { user: null })
      expect(response.status).toBe(302)
      const location = new URL(response.headers.get('Location')!, 'http://shop.test')
      expect(location.pathname).toBe('/en/login')
      expect(location.searchParams.get('returnUrl')).toBe(path)
    }
    const posted = await page(listAction, LIST, {
      user: null,
      form: { intent: 'toggle', id: RO_ID, active: 'false' },
    })
    expect(posted.response.headers.get('Location')).toMatch(/^\/en\/login\?/)
    expect(calls).toEqual([])
  })
})

describe('which recurring orders a user reads (spec §6)', () => {
  it('an account admin: all of the customer’s, with the buyer, links carrying context=admin', async () => {
    const calls = recordRecurringOrders(() =>
      recurringOrderList([listItem(RO_ID), listItem(OTHER_RO_ID, { number: '100043', buyer: ADMIN })]),
    )
    const { response, data } = await page(listLoader, LIST, { user: ADMIN })
    expect(response.status).toBe(200)
    expect(calls.map((c) => c.path)).toEqual(['customers/-/recurringorders'])
    // ICM's second version of the format, as the PWA asks for it (icm-contract.md).
    expect(calls[0]!.accept).toBe('application/vnd.intershop.recurringorder.v2+json')
    expect(calls[0]!.query.get('limit')).toBe('25')
    expect(calls[0]!.query.get('offset')).toBe('0')
    expect(data.context).toBe('admin')
    expect(data.rows.map((r: any) => [r.number, r.buyer.name])).toEqual([
      ['100042', 'Bernd Buyer'],
      ['100043', 'Anna Admin'],
    ])
  })

  it('a buyer: their own, through the user endpoint', async () => {
    const calls = recordRecurringOrders(() => recurringOrderList([listItem()]))
    const { data } = await page(listLoader, LIST, { user: BUYER })
    expect(calls.map((c) => c.path)).toEqual(['customers/-/users/-/recurringorders'])
    expect(data.context).toBeNull()
  })

  it('a private customer: their own, through the private customers’ endpoint', async () => {
    const calls = recordRecurringOrders(() => recurringOrderList([listItem(RO_ID, { buyer: PRIVATE })]))
    await page(listLoader, LIST, { user: PRIVATE })
    expect(calls.map((c) => c.path)).toEqual(['privatecustomers/-/recurringorders'])
  })

  it('a detail page with context=admin reads through the customer endpoint only for an admin', async () => {
    icm.use(product())
    const calls = recordRecurringOrders(() => recurringOrderEnvelope())
    await page(detailLoader, `${DETAIL}?context=admin`, { user: ADMIN })
    await page(detailLoader, `${DETAIL}?context=admin`, { user: BUYER })
    await page(detailLoader, DETAIL, { user: ADMIN })
    expect(calls.map((c) => c.path)).toEqual([
      `customers/-/recurringorders/${RO_ID}`,
      `customers/-/users/-/recurringorders/${RO_ID}`,
      `customers/-/users/-/recurringorders/${RO_ID}`,
    ])
  })
})

describe('the list', () => {
  it('maps schedule, dates, count and status; pages by 25 with ICM’s total', async () => {
    const calls = recordRecurringOrders(() =>
      recurringOrderList(
        [
          listItem(RO_ID, { repetitions: 6, orderCount: 2 }),
          listItem(OTHER_RO_ID, { statusCode: 'ERROR', errorCode: 'basket.line_item.not_available.error' }),
        ],
        { limit: 25, offset: 25, total: 27 },
      ),
    )
    const { data } = await page(listLoader, `${LIST}?page=2`, { user: BUYER })
    expect(calls[0]!.query.get('offset')).toBe('25')
    expect(data.page).toBe(2)
    expect(data.pages).toBe(2)
    expect(data.total).toBe(27)
    const [first, second] = data.rows
    expect(first).toMatchObject({
      number: '100042',
      status: 'active',
      active: true,
      recurrence: { interval: 'P14D', startDate: '2026-12-01', repetitions: 6 },
      nextOrderDate: '2026-12-15',
      lastOrderDate: '2026-12-01T06:00:00.000Z',
      orderCount: 2,
    })
    expect(second).toMatchObject({
      status: 'error',
      active: false,
      errorCode: 'basket.line_item.not_available.error',
    })
  })

  it('is empty without recurring orders', async () => {
    recordRecurringOrders(() => recurringOrderList([]))
    const { data } = await page(listLoader, LIST, { user: BUYER })
    expect(data.rows).toEqual([])
    expect(data.pages).toBe(1)
  })

  it('the account overview links to it', async () => {
    // The overview's own reads (issue 33): the customer's data and the latest orders.
    icm.use(
      get('privatecustomers/-', { customerNo: 'PC-1', type: 'PrivateCustomer', login: 'p@x.test' }),
      get('orders', { data: [], info: { total: 0, limit: 3, offset: 0 } }),
    )
    const { data } = await page(accountLoader, '/en/account', { user: PRIVATE })
    expect(data.recurringOrdersUrl).toBe(LIST)
  })
})

describe('frequencies and schedules in words (spec §3: days, weeks, months, years)', () => {
  it('shows multiples of 7 days as weeks', () => {
    expect(frequencyOf('P14D')).toEqual({ count: 2, unit: 'week' })
    expect(frequencyOf('P7D')).toEqual({ count: 1, unit: 'week' })
    expect(frequencyOf('P10D')).toEqual({ count: 10, unit: 'day' })
    expect(frequencyOf('P2W')).toEqual({ count: 2, unit: 'week' })
    expect(frequencyOf('P3M')).toEqual({ count: 3, unit: 'month' })
    expect(frequencyOf('P1Y')).toEqual({ count: 1, unit: 'year' })
    expect(frequencyOf('nonsense')).toBeUndefined()
  })

  it('says them in all five languages', () => {
    const expected: Record<string, string[]> = {
      en_US: ['every 2 weeks', 'every day', 'every 3 months', 'every year', 'every 5 days'],
      de_DE: ['alle 2 Wochen', 'jeden Tag', 'alle 3 Monate', 'jedes Jahr', 'alle 5 Tage'],
      fr_FR: ['toutes les 2 semaines', 'chaque jour', 'tous les 3 mois', 'chaque année', 'tous les 5 jours'],
      pl_PL: ['co 2 tygodnie', 'codziennie', 'co 3 miesiące', 'co rok', 'co 5 dni'],
      ro_RO: ['la fiecare 2 săptămâni', 'zilnic', 'la fiecare 3 luni', 'anual', 'la fiecare 5 zile'],
    }
    for (const locale of SHOP_LOCALES) {
      const t = fixedT(locale.id)
      expect(
        ['P14D', 'P1D', 'P3M', 'P1Y', 'P5D'].map((interval) => frequencyText(t, interval)),
        locale.id,
      ).toEqual(expected[locale.id])
    }
  })

  it('says the whole schedule: start, and the end by date or number of orders', () => {
    const date = (day: string) => day
    const en = fixedT('en_US')
    expect(scheduleText(en, { interval: 'P14D', startDate: '2026-12-01', repetitions: 6 }, date)).toBe(
      'every 2 weeks from 2026-12-01, 6 times',
    )
    expect(scheduleText(en, { interval: 'P1M', startDate: '2026-12-01', endDate: '2027-12-01' }, date)).toBe(
      'every month from 2026-12-01, until 2027-12-01',
    )
    expect(
      scheduleText(fixedT('de_DE'), { interval: 'P1W', startDate: '2026-12-01', repetitions: 1 }, date),
    ).toBe('jede Woche ab 2026-12-01, einmal')
    expect(
      scheduleText(fixedT('pl_PL'), { interval: 'P21D', startDate: '2026-12-01', repetitions: 5 }, date),
    ).toBe('co 3 tygodnie od 2026-12-01, 5 razy')
  })
})

describe('the detail page', () => {
  it('maps the template, last orders (order or pending requisition), approvals and cost center', async () => {
    icm.use(product())
    recordRecurringOrders(() =>
      recurringOrderEnvelope(RO_ID, {
        orderCount: 2,
        approvals: true,
        lastOrders: [
          {
            id: 'o-2',
            requisitionNo: '1007',
            creationDate: '2026-12-15T06:00:00.000Z',
            statusCode: 'PENDING_APPROVAL',
          },
          {
            id: 'o-1',
            documentNumber: '10000011',
            creationDate: '2026-12-01T06:00:00.000Z',
            statusCode: 'NEW',
          },
        ],
      }),
    )
    const { response, data } = await page(detailLoader, DETAIL, { user: BUYER })
    expect(response.status).toBe(200)
    const ro = data.recurringOrder
    expect(data.title).toBe('Recurring order 100042')
    expect(ro.order.lines.map((l: any) => [l.sku, l.name, l.quantity])).toEqual([
      ['1000042', 'Voltwerk Drill XT 18', 2],
    ])
    expect(ro.order.invoiceToAddress.firstName).toBe('Patricia')
    expect(ro.order.shipToAddress.firstName).toBe('Paul')
    expect(ro.order.shippingMethod.name).toBe('Standard ground')
    expect(ro.order.payment.methodName).toBe('Invoice')
    expect(ro.order.totals.total.gross.value).toBe(139.83)
    expect(ro.costCenter).toEqual({ id: '100400', name: 'Oil Marketing' })
    expect(ro.approvalStatuses).toEqual([
      { date: '2026-12-01T08:00:00.000Z', approver: 'Aaron Approver', statusCode: 'APPROVED' },
    ])
    const { lastOrderLink } = await import('~/models/recurring-order')
    expect(ro.lastOrders.map((placed: any) => lastOrderLink('en', placed))).toEqual([
      { url: '/en/account/requisitions/buyer/o-2', label: '1007' },
      { url: '/en/account/orders/o-1', label: '10000011' },
    ])
  })

  it('shows why the shop switched it off', async () => {
    icm.use(product())
    recordRecurringOrders(() =>
      recurringOrderEnvelope(RO_ID, {
        statusCode: 'ERROR',
        errorCode: 'x.unknown',
        errorMessage: 'Sold out.',
      }),
    )
    const { data } = await page(detailLoader, DETAIL, { user: BUYER })
    expect(data.recurringOrder).toMatchObject({
      status: 'error',
      errorCode: 'x.unknown',
      errorMessage: 'Sold out.',
    })
  })

  it('is a 404 for an unknown or someone else’s recurring order', async () => {
    recordRecurringOrders(() => icmError(404, 'recurringorder.not_found.error'))
    const { response } = await page(detailLoader, `${LIST}/nope`, { user: BUYER })
    expect(response.status).toBe(404)
    const toggled = await page(detailAction, `${LIST}/nope`, {
      user: BUYER,
      form: { intent: 'toggle', id: 'nope', active: 'false' },
    })
    expect(toggled.response.status).toBe(404)
  })
})

describe('switching on and off (spec §4: a PATCH only when it changes)', () => {
  it('sends the PATCH when the wanted state differs, and says so', async () => {
    let active = true
    const calls = recordRecurringOrders((call) => {
      if (call.method === 'PATCH') active = call.body.active
      return recurringOrderEnvelope(RO_ID, { active })
    })
    const { response, setCookie } = await page(listAction, LIST, {
      user: BUYER,
      form: { intent: 'toggle', id: RO_ID, active: 'false' },
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(LIST)
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['GET', `customers/-/users/-/recurringorders/${RO_ID}`, undefined],
      ['PATCH', `customers/-/users/-/recurringorders/${RO_ID}`, { active: false }],
    ])
    expect(new Set(calls.map((c) => c.accept))).toEqual(
      new Set(['application/vnd.intershop.recurringorder.v2+json']),
    )
    expect(active).toBe(false)
    expect(await toastOf(setCookie)).toMatchObject({
      key: 'account.recurring_orders.deactivated.message',
      values: { number: '100042' },
    })
  })

  it('sends nothing when it already is in that state (a form posted twice)', async () => {
    const calls = recordRecurringOrders(() => recurringOrderEnvelope(RO_ID, { active: false }))
    const { response } = await page(detailAction, `${DETAIL}?context=admin`, {
      user: ADMIN,
      form: { intent: 'toggle', id: RO_ID, active: 'false' },
    })
    expect(response.headers.get('Location')).toBe(`${DETAIL}?context=admin`)
    expect(calls.map((c) => c.method)).toEqual(['GET'])
    expect(calls[0]!.path).toBe(`customers/-/recurringorders/${RO_ID}`)
  })

  it('refuses an intent or state it does not know', async () => {
    const calls = recordRecurringOrders(() => recurringOrderEnvelope())
    for (const form of [
      { intent: 'toggle', id: RO_ID, active: 'maybe' },
      { intent: 'archive', id: RO_ID } as Record<string, string>,
    ]) {
      const { response } = await page(listAction, LIST, { user: BUYER, form })
      expect(response.status).toBe(400)
    }
    expect(calls).toEqual([])
  })
})

describe('deleting (spec §4: with a confirmation)', () => {
  it('asks first: ?delete={id} names the recurring order, nothing is deleted', async () => {
    const calls = recordRecurringOrders(() => recurringOrderList([listItem()]))
    const { data } = await page(listLoader, `${LIST}?delete=${RO_ID}`, { user: BUYER })
    expect(data.deleting).toEqual({ id: RO_ID, number: '100042' })
    expect(calls.map((c) => c.method)).toEqual(['GET'])
  })

  it('the detail page’s confirmation step', async () => {
    icm.use(product())
    recordRecurringOrders(() => recurringOrderEnvelope())
    const { data } = await page(detailLoader, `${DETAIL}?delete=1`, { user: BUYER })
    expect(data.confirmDelete).toBe(true)
  })

  it('"Yes, delete" sends the DELETE and returns to the list with the spec’s message', async () => {
    const calls = recordRecurringOrders(() => undefined)
    const { response, setCookie } = await page(detailAction, DETAIL, {
      user: PRIVATE,
      form: { intent: 'delete', id: RO_ID },
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(LIST)
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['DELETE', `privatecustomers/-/recurringorders/${RO_ID}`],
    ])
    expect(await toastOf(setCookie)).toMatchObject({ key: 'account.recurring_order.delete.confirmation' })
    expect(fixedT('de_DE')('account.recurring_order.delete.confirmation')).toBe(
      'Die wiederkehrende Bestellung wurde gelöscht.',
    )
  })
})
