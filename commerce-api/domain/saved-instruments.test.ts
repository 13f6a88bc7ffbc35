/**
 * Saved payment instruments without HTTP (spec §5): which methods a user may keep instruments of, what is
 * stored of them, changing one (the CVC update), and the user's one preferred instrument.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { paymentInstruments, paymentMethods } from '../db/schema'
import { paymentMethodRows } from '../db/seed/checkout'
import { seededTestDatabase } from '../db/test-database'
import { refusal, userPrincipal } from './basket-test-fixtures'
import type { PaymentMethodRow } from './payment-methods'
import { checkParameters, updatedParameters } from './payments'
import {
  deleteSavedInstrument,
  keepsInstruments,
  preferredInstrumentId,
  savableMethods,
  saveInstrument,
  savedInstrument,
  setPreferredInstrument,
  updateSavedInstrument,
} from './saved-instruments'

const seeded = (id: string) =>
  ({ active: true, ...paymentMethodRows.find((m) => m.id === id)! }) as PaymentMethodRow
const directDebit = seeded('DIRECT_DEBIT')
const bankAccount = (iban: string, holder = 'Patricia Miller') => [
  { name: 'IBAN', value: iban },
  { name: 'accountHolder', value: holder },
]

describe('which methods keep instruments', () => {
  it('only a method that allows saving and defines parameters, never a limited tender or a dropped one', () => {
    expect(keepsInstruments(directDebit)).toBe(true)
    expect(keepsInstruments({ ...directDebit, saveAllowed: false })).toBe(false)
    // Saving allowed, but nothing to keep: invoice has no parameters.
    expect(keepsInstruments({ ...seeded('INVOICE'), saveAllowed: true })).toBe(false)
    expect(keepsInstruments({ ...directDebit, capabilities: ['LimitedTender'] })).toBe(false)
    expect(keepsInstruments({ ...directDebit, id: 'ISH_FASTPAY' })).toBe(false)
    expect(keepsInstruments({ ...directDebit, id: 'ISH_INVOICE_TOTAL_ZERO' })).toBe(false)
  })
})

describe('the data of an instrument', () => {
  const now = new Date('2026-11-29T12:00:00Z')

  it('keeps cvcLastUpdated as a past date-time and refuses a later or malformed one', async () => {
    const checked = checkParameters(
      directDebit,
      [...bankAccount('DE89370400440532013000'), { name: 'cvcLastUpdated', value: '2026-11-29T11:59:00Z' }],
      'en_US',
      now,
    )
    expect(checked.parameters).toContainEqual({ name: 'cvcLastUpdated', value: '2026-11-29T11:59:00Z' })
    for (const value of ['2026-11-29T13:00:00Z', 'yesterday', '2026-11-29']) {
      const error = await refusal(() =>
        checkParameters(
          directDebit,
          [...bankAccount('DE89370400440532013000'), { name: 'cvcLastUpdated', value }],
          'en_US',
          now,
        ),
      )
      expect(error.causes.map((c) => c.code)).toEqual(['payment.parameter.cvc_last_updated.error'])
    }
  })

  it('keeps a stored value that comes back masked as the API shows it, and takes a changed one', () => {
    const stored = bankAccount('DE89370400440532013000')
    expect(updatedParameters(stored, bankAccount('****3000'))).toEqual(stored)
    expect(updatedParameters(stored, [{ name: 'accountHolder', value: 'P. Miller' }])).toEqual(
      bankAccount('DE89370400440532013000', 'P. Miller'),
    )
    expect(updatedParameters(stored, [{ name: 'cvcLastUpdated', value: '2026-11-29T11:00:00Z' }])).toEqual([
      ...stored,
      { name: 'cvcLastUpdated', value: '2026-11-29T11:00:00Z' },
    ])
  })
})

describe('a user’s saved instruments', () => {
  let database: Database
  beforeAll(async () => {
    database = await seededTestDatabase({ products: 20 })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('offers only the methods that keep instruments, whatever else the channel has', async () => {
    const { db } = database
    await db.update(paymentMethods).set({ saveAllowed: true }).where(eq(paymentMethods.id, 'GIFT_CARD'))
    await db.update(paymentMethods).set({ saveAllowed: true }).where(eq(paymentMethods.id, 'INVOICE'))
    try {
      expect((await savableMethods(db)).map((m) => m.id)).toEqual(['DIRECT_DEBIT'])
      const patricia = await userPrincipal(db, 'patricia@ironbridge.test')
      if (patricia.anonymous) throw new Error('not a user')
      const refused = await refusal(() =>
        saveInstrument(db, patricia, 'en_US', { paymentMethod: 'INVOICE', parameters: [] }),
      )
      expect(refused.code).toBe('payment.instrument.save_not_allowed.error')
    } finally {
      await db.update(paymentMethods).set({ saveAllowed: false }).where(eq(paymentMethods.id, 'GIFT_CARD'))
      await db.update(paymentMethods).set({ saveAllowed: false }).where(eq(paymentMethods.id, 'INVOICE'))
    }
  })

  it('stores the checked parameters and a masked identifier; changes keep the method; one preferred', async () => {
    const { db } = database
    const patricia = await userPrincipal(db, 'patricia@ironbridge.test')
    const pierre = await userPrincipal(db, 'pierre@ironbridge.test')
    if (patricia.anonymous || pierre.anonymous) throw new Error('not users')
    const row = await saveInstrument(db, patricia, 'en_US', {
      paymentMethod: 'DIRECT_DEBIT',
      parameters: bankAccount('de75 5121 0800 1245 1261 99'),
    })
    expect(row.accountIdentifier).toBe('DE75 **** 6199')
    expect(row.parameters).toEqual(bankAccount('DE75512108001245126199'))

    // Another user's instrument is not found, for reading, changing, preferring and deleting.
    for (const call of [
      () => savedInstrument(db, pierre.userId, row.id),
      () =>
        updateSavedInstrument(db, pierre.userId, row.id, 'en_US', {
          paymentMethod: 'DIRECT_DEBIT',
          parameters: [],
        }),
      () => setPreferredInstrument(db, pierre.userId, row.id),
      () => deleteSavedInstrument(db, pierre.userId, row.id),
    ])
      expect((await refusal(call)).code).toBe('payment.instrument.not_found.error')

    const changed = await updateSavedInstrument(db, patricia.userId, row.id, 'en_US', {
      paymentMethod: 'DIRECT_DEBIT',
      parameters: [...bankAccount('****6199'), { name: 'cvcLastUpdated', value: new Date().toISOString() }],
    })
    expect(changed.parameters.find((p) => p.name === 'IBAN')?.value).toBe('DE75512108001245126199')
    expect(changed.parameters.map((p) => p.name)).toContain('cvcLastUpdated')
    const otherMethod = await refusal(() =>
      updateSavedInstrument(db, patricia.userId, row.id, 'en_US', {
        paymentMethod: 'INVOICE',
        parameters: [],
      }),
    )
    expect(otherMethod.code).toBe('payment.instrument.method_change.error')
    const invalid = await refusal(() =>
      updateSavedInstrument(db, patricia.userId, row.id, 'en_US', {
        paymentMethod: 'DIRECT_DEBIT',
        parameters: [{ name: 'IBAN', value: 'no iban' }],
      }),
    )
    expect(invalid.causes.map((c) => c.code)).toEqual(['payment.parameter.pattern.error'])

    const [seededOne] = await db
      .select()
      .from(paymentInstruments)
      .where(eq(paymentInstruments.userId, patricia.userId))
    await setPreferredInstrument(db, patricia.userId, seededOne!.id)
    await setPreferredInstrument(db, patricia.userId, row.id)
    expect(await preferredInstrumentId(db, patricia.userId)).toBe(row.id)
    const preferred = await db
      .select({ id: paymentInstruments.id })
      .from(paymentInstruments)
      .where(eq(paymentInstruments.preferred, true))
    expect(preferred).toEqual([{ id: row.id }])
    await setPreferredInstrument(db, patricia.userId, null)
    expect(await preferredInstrumentId(db, patricia.userId)).toBeUndefined()

    // Deleting the preferred instrument leaves the user without a preference.
    await setPreferredInstrument(db, patricia.userId, row.id)
    await deleteSavedInstrument(db, patricia.userId, row.id)
    expect(await preferredInstrumentId(db, patricia.userId)).toBeUndefined()
  })
})
