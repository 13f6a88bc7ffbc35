/**
 * Setting up a recurring order at checkout (ADR 0020; spec §3, §4 "Submitting an order"): the review step's
 * "order regularly" form for logged-in customers only (saved by a PATCH of the basket's recurrence, the API's
 * refusals at the field, removed again with null), the review's words and submit button with a recurrence, the
 * order answer STOPPED with exit reason `recurring.order` → the receipt with `recurringOrderId`, and that
 * receipt. ICM is the msw mock; every fixture is held to the API's wire schema.
 */
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { recurrenceFormValues } from '~/models/recurring-order'
import { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import {
  checkoutBasketData,
  configurationWith,
  recordChanges,
  shopperCookie,
  step,
  validation,
} from './checkout-fixtures'
import { get, icm, icmError } from './icm-mock'
import { sessionFrom } from './loader-args'
import { RO_ID, recordRecurringOrders, recurringOrderEnvelope } from './recurring-order-fixtures'
import './setup'

const RECURRENCE = { interval: 'P14D', startDate: '2026-12-01', repetitions: 6 }

const basketWith = (recurrence?: typeof RECURRENCE) => {
  const basket = checkoutBasketData('paid')
  return { ...basket, data: { ...basket.data, ...(recurrence ? { recurrence } : {}) } }
}

const reviewHandlers = (recurrence?: typeof RECURRENCE) => [
  get('baskets/current', basketWith(recurrence)),
  get('configurations', configurationWith({})),
  get('products/1000042', { sku: '1000042', productName: 'Voltwerk Drill XT 18' }),
]

const form = (fields: Record<string, string> = {}) => ({
  intent: 'recurrence',
  recurring: 'regularly',
  every: '2',
  unit: 'week',
  startDate: '2026-12-01',
  end: 'count',
  endDate: '',
  repetitions: '6',
  ...fields,
})

const asCustomer = async () => shopperCookie({ user: true })
const post = async (fields: Record<string, string>, cookie?: string) =>
  step(reviewAction, '/en/checkout/review', fields, cookie ?? (await asCustomer()))

describe('the review step’s "order regularly"', () => {
  it('is offered to logged-in customers, with the basket’s recurrence, never to guests', async () => {
    icm.use(...reviewHandlers(RECURRENCE))
    const customer = await step(reviewLoader, '/en/checkout/review', undefined, await asCustomer())
    expect(customer.data.recurrence).toEqual({ today: new Date().toISOString().slice(0, 10) })
    expect(customer.data.basket.recurrence).toEqual(RECURRENCE)
    const guest = await step(reviewLoader, '/en/checkout/review')
    expect(guest.data.recurrence).toBeNull()
  })

  it('fills the form from the recurrence: P14D is every 2 weeks, 6 orders', () => {
    expect(recurrenceFormValues(RECURRENCE, '2026-11-27')).toMatchObject({
      recurring: 'regularly',
      every: '2',
      unit: 'week',
      startDate: '2026-12-01',
      end: 'count',
      repetitions: '6',
    })
    expect(recurrenceFormValues(undefined, '2026-11-27')).toMatchObject({
      recurring: 'once',
      startDate: '2026-11-27',
      end: 'never',
    })
  })

  it('saves a schedule by a PATCH of the basket’s recurrence and returns to the review with a message', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges()
    const { response, setCookie } = await post(form())
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/checkout/review')
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', 'baskets/b-1', { recurrence: { interval: 'P2W', startDate: '2026-12-01', repetitions: 6 } }],
    ])
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'checkout.recurrence.saved.message',
    })
  })

  it('sends an end date, or no end at all, as asked', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges()
    await post(form({ end: 'date', endDate: '2027-06-01', every: '3', unit: 'month' }))
    await post(form({ end: 'never', every: '10', unit: 'day' }))
    expect(calls.map((c) => c.body)).toEqual([
      { recurrence: { interval: 'P3M', startDate: '2026-12-01', endDate: '2027-06-01' } },
      { recurrence: { interval: 'P10D', startDate: '2026-12-01' } },
    ])
  })

  it('shows what the form lacks at its field, calling nothing', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges()
    const { response, data } = await post(form({ every: '0', startDate: '', repetitions: '' }))
    expect(response.status).toBe(400)
    expect(data.intent).toBe('recurrence')
    expect(data.result.error).toMatchObject({
      every: ['Please enter a whole number from 1 to 999.'],
      startDate: ['Please enter the date of the first order.'],
      repetitions: ['Please enter the number of orders.'],
    })
    expect(calls).toEqual([])
  })

  it('shows the API’s refusal (422 basket.recurrence.*) at the field it names, in the shopper’s language', async () => {
    icm.use(...reviewHandlers())
    recordChanges(() =>
      icmError(422, 'basket.recurrence.invalid.error', 'The recurrence cannot be set.', [
        {
          code: 'basket.recurrence.start_date.past.error',
          message: 'The first order cannot be placed in the past.',
          paths: ['recurrence.startDate'],
        },
        {
          code: 'basket.recurrence.end_date.not_after_start.error',
          message: 'The end date must be after the start date.',
          paths: ['recurrence.endDate'],
        },
      ]),
    )
    const { response, data } = await step(
      reviewAction,
      '/de/checkout/review',
      form({ startDate: '2020-01-01', end: 'date', endDate: '2019-01-01' }),
      await asCustomer(),
    )
    expect(response.status).toBe(422)
    expect(data.result.error).toMatchObject({
      startDate: ['Die erste Bestellung kann nicht in der Vergangenheit liegen.'],
      endDate: ['Das Enddatum muss nach der ersten Bestellung liegen.'],
    })
  })

  it('removes the recurrence with null ("order once"), and sends nothing when there is none', async () => {
    icm.use(...reviewHandlers(RECURRENCE))
    const calls = recordChanges()
    const { response, setCookie } = await post({ intent: 'recurrence', recurring: 'once' })
    expect(response.headers.get('Location')).toBe('/en/checkout/review')
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', 'baskets/b-1', { recurrence: null }],
    ])
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'checkout.recurrence.removed.message',
    })
    icm.use(...reviewHandlers())
    await post({ intent: 'recurrence', recurring: 'once' })
    expect(calls).toHaveLength(1)
  })

  it('sends a guest’s post to the login page, changing nothing', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges()
    const { response } = await step(reviewAction, '/en/checkout/review', form())
    expect(response.headers.get('Location')).toMatch(/^\/en\/login\?returnUrl=%2Fen%2Fcheckout%2Freview/)
    expect(calls).toEqual([])
  })
})

describe('submitting a basket with a recurrence (spec §4)', () => {
  it('follows STOPPED with exit reason recurring.order to the receipt with recurringOrderId', async () => {
    icm.use(...reviewHandlers(RECURRENCE))
    const calls = recordChanges((call) => {
      if (call.path.endsWith('/validations')) return validation(true)
      if (call.path === 'orders')
        return HttpResponse.json(
          {
            data: {
              ...basketWith(RECURRENCE).data,
              id: 'b-1',
              documentNumber: '100042',
              creationDate: '2026-11-27T09:30:00.000Z',
              statusCode: 'ACTIVE',
              status: 'Active',
              basket: 'b-1',
              recurringOrderID: 'b-1',
              orderCreation: {
                status: 'STOPPED',
                stopAction: { type: 'Workflow', exitReason: 'recurring.order' },
              },
            },
            included: basketWith().included,
            infos: [],
            errors: [],
          },
          { status: 201 },
        )
      return undefined
    })
    const { response } = await post({ basketId: 'b-1', termsAndConditions: 'on' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/checkout/receipt?recurringOrderId=b-1')
    expect(calls.map((c) => c.path)).toEqual(['baskets/b-1/validations', 'orders'])
  })
})

describe('the receipt of a recurring order', () => {
  it('shows its number, schedule, next order day and template, read from the buyer’s own endpoint', async () => {
    icm.use(get('products/1000042', { sku: '1000042', productName: 'Voltwerk Drill XT 18' }))
    const calls = recordRecurringOrders(() => recurringOrderEnvelope(RO_ID, { repetitions: 6 }))
    const { response, data } = await step(
      receiptLoader,
      `/de/checkout/receipt?recurringOrderId=${RO_ID}`,
      undefined,
      await asCustomer(),
    )
    expect(response.status).toBe(200)
    expect(calls.map((c) => c.path)).toEqual([`privatecustomers/-/recurringorders/${RO_ID}`])
    expect(data.title).toBe('Wiederkehrende Bestellung 100042 eingerichtet')
    expect(data.recurringOrder).toMatchObject({
      number: '100042',
      nextOrderDate: '2026-12-15',
      recurrence: { interval: 'P14D', startDate: '2026-12-01', repetitions: 6 },
    })
    expect(data.recurringOrder.order.lines[0].name).toBe('Voltwerk Drill XT 18')
  })

  it('is for logged-in customers only', async () => {
    const calls = recordRecurringOrders(() => recurringOrderEnvelope())
    const { response } = await step(receiptLoader, `/en/checkout/receipt?recurringOrderId=${RO_ID}`)
    expect(response.headers.get('Location')).toMatch(/^\/en\/login\?/)
    expect(calls).toEqual([])
  })
})
