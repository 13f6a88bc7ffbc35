/**
 * The account's payment page against the real commerce API (issue 33): Pierre saves a bank account (the
 * form checked with the server's own constraints and messages), sees it masked, makes it his preferred
 * payment, finds it chosen in the checkout's payment step, and deletes it after the confirmation step.
 * Another customer's instrument cannot be deleted from his session.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { paymentInstruments } from '../../commerce-api/db/schema'
import {
  action as paymentPageAction,
  loader as paymentPageLoader,
} from '~/routes/$lang._shop.account.payment'
import { action as basketAction } from '~/routes/$lang._shop.basket'
import { DELETE_INSTRUMENT_PAUSE_MS } from '~/services/saved-payments.server'
import { action as addressAction, loader as addressLoader } from '~/routes/$lang.checkout.address'
import { loader as paymentStepLoader } from '~/routes/$lang.checkout.payment'
import { action as shippingAction } from '~/routes/$lang.checkout.shipping'
import { api } from './setup'
import { Browser } from './shop'

const PAGE = '/en/account/payment'
const SAVED_PATRICIA = '00000000-0000-4000-8000-000000000201'
const pierre = new Browser('en')

const bankAccount = (iban: string) => ({
  intent: 'add',
  paymentMethod: 'DIRECT_DEBIT',
  'parameters.IBAN': iban,
  'parameters.accountHolder': 'Pierre Durand',
})

describe('the saved payment instruments page', () => {
  let id = ''

  it('saves a bank account checked with the server’s constraints, masked in the list', async () => {
    await pierre.login('pierre@ironbridge.test')
    const empty = await pierre.load(paymentPageLoader, PAGE)
    expect(empty.instruments).toEqual([])
    expect(empty.savable.map((m: { id: string }) => m.id)).toEqual(['DIRECT_DEBIT'])
    expect(empty.savable[0].parameters.map((p: { name: string }) => p.name)).toEqual([
      'IBAN',
      'accountHolder',
    ])

    const wrong = await pierre.call(paymentPageAction, PAGE, { form: bankAccount('FR14 nope') })
    expect(wrong.response.status).toBe(400)
    expect((wrong.data as any).methodId).toBe('DIRECT_DEBIT')
    // The server's own message for its pattern (spec §5).
    expect((wrong.data as any).result.error['parameters.IBAN']).toEqual(['Please enter a valid IBAN.'])

    expect(await pierre.post(paymentPageAction, PAGE, bankAccount('FR1420041010050500013M02606'))).toBe(PAGE)
    const page = await pierre.load(paymentPageLoader, PAGE)
    expect(page.instruments).toEqual([
      {
        id: expect.any(String),
        methodId: 'DIRECT_DEBIT',
        methodName: 'Direct debit',
        accountIdentifier: 'FR14 **** 2606',
        preferred: false,
      },
    ])
    id = page.instruments[0].id
  })

  it('makes it the preferred payment, which the checkout’s payment step chooses', async () => {
    expect(await pierre.post(paymentPageAction, PAGE, { intent: 'preferred', id })).toBe(PAGE)
    expect((await pierre.load(paymentPageLoader, PAGE)).instruments[0].preferred).toBe(true)

    await pierre.add('1000003', 1)
    const step = (name: string) => `/en/checkout/${name}`
    expect(await pierre.post(basketAction, '/en/basket', { intent: 'checkout' })).toBe(step('address'))
    const { addresses } = await pierre.load(addressLoader, step('address'))
    const paris = addresses.find((a: { city: string }) => a.city === 'Paris')
    const chosen = { intent: 'select', invoiceAddress: paris.urn, shipToAddress: paris.urn }
    expect(await pierre.post(addressAction, step('address'), chosen)).toBe(step('shipping'))
    expect(await pierre.post(shippingAction, step('shipping'), { shippingMethod: 'STD_GROUND' })).toBe(
      step('payment'),
    )
    const payment = await pierre.load(paymentStepLoader, step('payment'))
    expect(payment.preferredId).toBe(id)
    const debit = payment.methods.find((m: { id: string }) => m.id === 'DIRECT_DEBIT')
    expect(debit.instruments.map((i: { id: string }) => i.id)).toContain(id)

    expect(await pierre.post(paymentPageAction, PAGE, { intent: 'no-preferred', id })).toBe(PAGE)
    expect((await pierre.load(paymentPageLoader, PAGE)).instruments[0].preferred).toBe(false)
  })

  it('deletes it after the confirmation step; another customer’s instrument is not deleted', async () => {
    const confirming = await pierre.load(paymentPageLoader, `${PAGE}?delete=${id}`)
    expect(confirming.deleting).toMatchObject({ id, accountIdentifier: 'FR14 **** 2606' })

    const foreign = await pierre.call(paymentPageAction, PAGE, {
      form: { intent: 'delete', id: SAVED_PATRICIA },
    })
    expect(foreign.response.status).toBe(303)
    expect(foreign.response.headers.get('Location')).toBe(PAGE)
    const kept = await api.database.db
      .select({ id: paymentInstruments.id })
      .from(paymentInstruments)
      .where(eq(paymentInstruments.id, SAVED_PATRICIA))
    expect(kept).toHaveLength(1)

    // The list is read again no sooner than the spec's pause after the deletion (§7 Accounts).
    const started = performance.now()
    expect(await pierre.post(paymentPageAction, PAGE, { intent: 'delete', id })).toBe(PAGE)
    // (less 2 ms: the timers' clock counts whole milliseconds from the start of its loop turn)
    expect(performance.now() - started).toBeGreaterThanOrEqual(DELETE_INSTRUMENT_PAUSE_MS - 2)
    expect((await pierre.load(paymentPageLoader, PAGE)).instruments).toEqual([])
    const unknown = await pierre.call(paymentPageAction, PAGE, { form: { intent: 'rename', id } })
    expect(unknown.response.status).toBe(400)
  })
})
