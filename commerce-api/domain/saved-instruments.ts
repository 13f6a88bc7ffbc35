/**
 * A user's saved payment instruments (ICM's customer payments, spec §5 and §7 Accounts): which methods a user
 * may keep instruments of, saving, changing and deleting them, and the user's preferred one. Only what the
 * method's parameters define is stored (a bank account's IBAN and holder); never a card number or a security
 * code. The wire format is icm/payments.ts.
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { paymentInstruments, type PaymentParameter } from '../db/schema'
import type { Locale } from './channel'
import { isUuid } from './ids'
import { allPaymentMethods, type PaymentInstrumentRow, type PaymentMethodRow } from './payment-methods'
import { checkParameters, instrumentNotFound, methodOf, paymentRefused, updatedParameters } from './payments'
import type { Principal } from './tokens'

type User = Extract<Principal, { anonymous: false }>

/** User payment methods a shop never offers (spec §5): fast pay and the zero-total invoice. */
export const DROPPED_USER_METHODS: readonly string[] = ['ISH_FASTPAY', 'ISH_INVOICE_TOTAL_ZERO']

/**
 * Whether a user may keep instruments of a method (spec §5): the method allows saving and defines
 * parameters (a method without any has nothing to keep), and it is none of the methods dropped for users
 * or a limited tender (a gift card pays part of one order).
 */
export const keepsInstruments = (
  method: Pick<PaymentMethodRow, 'id' | 'capabilities' | 'saveAllowed' | 'parameterDefinitions'>,
) =>
  method.saveAllowed &&
  method.parameterDefinitions.length > 0 &&
  !method.capabilities.includes('LimitedTender') &&
  !DROPPED_USER_METHODS.includes(method.id)

/** The payment methods a user may keep instruments of (`{customers}/{no}/eligible-payment-methods`). */
export const savableMethods = async (db: Db) => (await allPaymentMethods(db)).filter(keepsInstruments)

/** The user's saved instruments, oldest first. */
export const savedInstruments = (db: Db, userId: string) =>
  db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), isNull(paymentInstruments.basketId)))
    .orderBy(asc(paymentInstruments.createdAt), asc(paymentInstruments.id))

const ownInstrument = (userId: string, id: string) =>
  and(
    eq(paymentInstruments.id, id),
    eq(paymentInstruments.userId, userId),
    isNull(paymentInstruments.basketId),
  )

/** One of the user's saved instruments; anyone else's (another user's, a basket's) is not found. */
export async function savedInstrument(db: Db, userId: string, id: string): Promise<PaymentInstrumentRow> {
  if (!isUuid(id)) throw instrumentNotFound(id)
  const [row] = await db.select().from(paymentInstruments).where(ownInstrument(userId, id))
  if (!row) throw instrumentNotFound(id)
  return row
}

/** A method the user may keep instruments of; refused (naming the body's `name`) otherwise. */
async function keepingMethod(db: Db, id: string) {
  const method = await methodOf(db, id)
  if (!keepsInstruments(method)) {
    throw paymentRefused(
      'payment.instrument.save_not_allowed.error',
      `Payment data of ${method.id} cannot be saved.`,
      'name',
    )
  }
  return method
}

export type InstrumentInput = { paymentMethod: string; parameters: PaymentParameter[] }

/** `POST {customers}/{no}/payments`: saves an instrument for the user, checked against its method. */
export async function saveInstrument(db: Db, principal: User, locale: Locale, body: InstrumentInput) {
  const method = await keepingMethod(db, body.paymentMethod)
  const checked = checkParameters(method, body.parameters, locale)
  const [row] = await db
    .insert(paymentInstruments)
    .values({
      paymentMethodId: method.id,
      userId: principal.userId,
      customerNo: principal.customerNo,
      ...checked,
    })
    .returning()
  return row!
}

/**
 * `PUT customers/-/payments/{id}`: changes a saved instrument's parameters (the contract's CVC update of a
 * saved card sends them all, `cvcLastUpdated` among them); values sent back masked keep what is stored. The
 * method stays the instrument's own.
 */
export async function updateSavedInstrument(
  db: Db,
  userId: string,
  id: string,
  locale: Locale,
  body: InstrumentInput,
) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const row = await savedInstrument(t, userId, id)
    if (body.paymentMethod !== row.paymentMethodId) {
      throw paymentRefused(
        'payment.instrument.method_change.error',
        `The payment instrument belongs to ${row.paymentMethodId}; save a new one for ${body.paymentMethod}.`,
        'name',
      )
    }
    const method = await keepingMethod(t, row.paymentMethodId)
    const checked = checkParameters(method, updatedParameters(row.parameters, body.parameters), locale)
    const [updated] = await t
      .update(paymentInstruments)
      .set(checked)
      .where(eq(paymentInstruments.id, row.id))
      .returning()
    return updated!
  })
}

/** `DELETE {customers}/{no}/payments/{id}`: the saved instrument (and with it the preference for it). */
export async function deleteSavedInstrument(db: Db, userId: string, id: string) {
  if (!isUuid(id)) throw instrumentNotFound(id)
  const deleted = await db
    .delete(paymentInstruments)
    .where(ownInstrument(userId, id))
    .returning({ id: paymentInstruments.id })
  if (!deleted.length) throw instrumentNotFound(id)
}

/** The id of the user's preferred payment instrument, if they chose one. */
export async function preferredInstrumentId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: paymentInstruments.id })
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), eq(paymentInstruments.preferred, true)))
  return row?.id
}

/**
 * Makes one of the user's saved instruments their preferred one (null: none). Only their own saved
 * instruments can be preferred; the previous preference goes in the same transaction.
 */
export async function setPreferredInstrument(db: Db, userId: string, id: string | null) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    if (id !== null) await savedInstrument(t, userId, id)
    await t
      .update(paymentInstruments)
      .set({ preferred: false })
      .where(and(eq(paymentInstruments.userId, userId), eq(paymentInstruments.preferred, true)))
    if (id !== null)
      await t.update(paymentInstruments).set({ preferred: true }).where(ownInstrument(userId, id))
  })
}
