/**
 * A basket's payment (ICM's open tender) and payment instruments (ADR 0010): choosing a method or an
 * instrument, the redirect before checkout through the hosted payment page and its signed return, instruments
 * entered for a basket and saved for a user. The wire format is icm/payments.ts.
 */
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { basketPayments, paymentInstruments, type PaymentParameter } from '../db/schema'
import { basketState, findBasket, type BasketNotice, type BasketRow, type BasketState } from './basket'
import { inBasketTransaction } from './basket-edits'
import { localize, type Currency, type Locale } from './channel'
import { notFoundError, refusedError, type DomainErrorCause } from './errors'
import type { MessageCode } from './message-codes'
import { isUuid } from './ids'
import { defaultDestination } from './money'
import {
  allPaymentMethods,
  maskIban,
  paymentRestrictions,
  shownParameter,
  redirectsBeforeCheckout,
  type PaymentBasis,
  type PaymentMethodRow,
} from './payment-methods'
import { createPaymentSession, finishSession, verifiedReturn, type PaymentOutcome } from './psp'
import type { Principal } from './tokens'

export type RedirectUrls = { successUrl: string; cancelUrl: string; failureUrl: string }

/** Instruments a basket may pay with: the basket's own and the user's saved ones. */
export async function usableInstruments(db: Db, basket: BasketRow, principal: Principal) {
  const own = eq(paymentInstruments.basketId, basket.id)
  return db
    .select()
    .from(paymentInstruments)
    .where(
      principal.anonymous
        ? own
        : or(own, and(eq(paymentInstruments.userId, principal.userId), isNull(paymentInstruments.basketId))),
    )
    .orderBy(asc(paymentInstruments.createdAt), asc(paymentInstruments.id))
}

/** What a basket's payment costs and restrictions are figured on: its net item total and its tax rate. */
export const paymentBasisOf = (state: BasketState): PaymentBasis => ({
  currency: state.currency,
  itemsNet: state.itemsNet,
  taxRate: state.taxRate,
})

/**
 * The basis of a user's payment methods outside a basket (`{customers}/{no}/eligible-payment-methods`): their
 * current basket when it is in the call's currency, else an empty basket shipped to the currency's default
 * destination, so that the costs shown are what paying with the method costs now.
 */
export async function userPaymentBasis(
  db: Db,
  principal: Principal,
  currency: Currency,
  locale: Locale,
): Promise<PaymentBasis> {
  const basket = await findBasket(db, principal, 'current')
  if (basket && basket.currency === currency) return paymentBasisOf(await basketState(db, basket, locale))
  return { currency, itemsNet: 0, taxRate: defaultDestination(currency).taxRate }
}

/** `GET baskets/{id}/eligible-payment-methods`: the channel's methods and the instruments the basket may use. */
export async function eligiblePaymentMethods(db: Db, basket: BasketRow, principal: Principal) {
  const [methods, instruments] = await readTogether(db, [
    () => allPaymentMethods(db),
    () => usableInstruments(db, basket, principal),
  ])
  return { methods, instruments }
}

export const paymentRefused = (code: MessageCode, message: string, path: string) =>
  refusedError(code, message, [{ code, message, paths: [path] }])

/** The method (and instrument) `paymentInstrument` names: an instrument id, or a method without parameters. */
async function chosenPayment(db: Db, basket: BasketRow, principal: Principal, paymentInstrument: string) {
  const methods = await allPaymentMethods(db)
  if (isUuid(paymentInstrument)) {
    const instrument = (await usableInstruments(db, basket, principal)).find(
      (i) => i.id === paymentInstrument,
    )
    const method = instrument && methods.find((m) => m.id === instrument.paymentMethodId)
    if (method) return { method, instrument }
  } else {
    const method = methods.find((m) => m.id === paymentInstrument)
    if (method && method.parameterDefinitions.length > 0) {
      throw paymentRefused(
        'basket.payment.instrument_required.error',
        `${method.id} needs a payment instrument with its parameters; create one first.`,
        'paymentInstrument',
      )
    }
    if (method) return { method, instrument: undefined }
  }
  throw paymentRefused(
    'basket.payment.instrument.not_found.error',
    `There is no payment instrument '${paymentInstrument}' for this basket.`,
    'paymentInstrument',
  )
}

/**
 * `PUT baskets/{id}/payments/open-tender`: pay with a method without parameters (its id) or an instrument
 * (basket's or saved). A restricted method is refused. A method that redirects before checkout gets a hosted
 * payment page session when redirect URLs come with the call. Answers the basket with its payment.
 */
export async function setOpenTender(
  db: Db,
  basket: BasketRow,
  principal: Principal,
  locale: Locale,
  body: { paymentInstrument: string; redirect?: RedirectUrls },
  pageBase: string,
): Promise<BasketState> {
  const { method, instrument } = await chosenPayment(db, basket, principal, body.paymentInstrument)
  const before = await basketState(db, basket, locale)
  const restriction = paymentRestrictions(method, before.currency, before.itemsNet)[0]
  if (restriction)
    throw paymentRefused('basket.payment.restricted.error', restriction.message, 'paymentInstrument')
  await inBasketTransaction(db, basket, async (t) => {
    await endReplacedSession(t, basket.id)
    await t.delete(basketPayments).where(eq(basketPayments.basketId, basket.id))
    await t.insert(basketPayments).values({
      basketId: basket.id,
      paymentMethodId: method.id,
      paymentInstrumentId: instrument?.id ?? null,
    })
  })
  if (redirectsBeforeCheckout(method) && body.redirect) {
    const withPayment = await basketState(db, basket, locale)
    const session = await createPaymentSession(
      db,
      {
        basketId: basket.id,
        paymentMethodId: method.id,
        amount: withPayment.totals.grand.gross,
        currency: withPayment.currency,
        successUrl: body.redirect.successUrl,
        cancelUrl: body.redirect.cancelUrl,
        failureUrl: body.redirect.failureUrl,
      },
      pageBase,
    )
    await db
      .update(basketPayments)
      .set({ sessionId: session.id })
      .where(eq(basketPayments.basketId, basket.id))
  }
  return basketState(db, basket, locale)
}

/**
 * `PATCH baskets/{id}/payments/open-tender`: the shopper is back from the hosted page. A signed SUCCESS
 * authorises the payment; CANCEL and FAILURE clear it, with a notice saying why.
 */
export async function returnToOpenTender(
  db: Db,
  basket: BasketRow,
  locale: Locale,
  secret: string,
  redirect: { status: string; parameters: { name: string; value: string }[] },
): Promise<{ state: BasketState; notice?: BasketNotice }> {
  const status = redirect.status.toUpperCase() as PaymentOutcome
  const session = await verifiedReturn(db, secret, status, redirect.parameters)
  const [payment] = await db.select().from(basketPayments).where(eq(basketPayments.basketId, basket.id))
  if (!payment || payment.sessionId !== session.id || session.basketId !== basket.id || session.orderId) {
    throw paymentRefused(
      'payment.redirect.session.invalid.error',
      'The payment return belongs to another payment.',
      'redirect.parameters',
    )
  }
  if (status === 'SUCCESS') {
    await inBasketTransaction(db, basket, (t) =>
      t.update(basketPayments).set({ status: 'Authorized' }).where(eq(basketPayments.id, payment.id)),
    )
    return { state: await basketState(db, basket, locale) }
  }
  await inBasketTransaction(db, basket, (t) =>
    t.delete(basketPayments).where(eq(basketPayments.id, payment.id)),
  )
  const notice: BasketNotice =
    status === 'CANCEL'
      ? {
          code: 'payment.redirect.cancelled.info',
          message: 'The payment was cancelled; please choose a payment method.',
        }
      : {
          code: 'payment.redirect.failed.info',
          message: 'The payment provider declined the payment; please choose another payment method.',
        }
  return { state: await basketState(db, basket, locale), notice }
}

export async function deleteBasketPayment(db: Db, basket: BasketRow, paymentId: string) {
  if (!isUuid(paymentId)) throw paymentNotFound(paymentId)
  await inBasketTransaction(db, basket, async (t) => {
    await endReplacedSession(t, basket.id)
    const deleted = await t
      .delete(basketPayments)
      .where(and(eq(basketPayments.id, paymentId), eq(basketPayments.basketId, basket.id)))
      .returning({ id: basketPayments.id })
    if (!deleted.length) throw paymentNotFound(paymentId)
  })
}

/** A hosted page left open for a payment that is replaced or deleted ends, so it can no longer be paid. */
async function endReplacedSession(t: Db, basketId: string) {
  const [payment] = await t.select().from(basketPayments).where(eq(basketPayments.basketId, basketId))
  if (payment?.sessionId) await finishSession(t, payment.sessionId, 'CANCEL')
}

const paymentNotFound = (id: string) =>
  notFoundError('basket.payment.not_found.error', `The payment '${id}' is not in the basket.`)
export const instrumentNotFound = (id: string) =>
  notFoundError('payment.instrument.not_found.error', `The payment instrument '${id}' could not be found.`)

/**
 * When the card's security code was last given to the payment provider (ICM's `cvcLastUpdated`, which the
 * contract's CVC update sends): an instrument's attribute, not a method parameter. Only this time is kept;
 * the security code itself never reaches the API.
 */
export const CVC_LAST_UPDATED = 'cvcLastUpdated'

/** Clock skew tolerated for a `cvcLastUpdated` from the client: five minutes. */
const CVC_CLOCK_SKEW_MS = 5 * 60 * 1000

/** A `cvcLastUpdated` value: an ISO 8601 date-time, not in the future; the cause when it is not. */
function checkCvcLastUpdated(value: string, now: Date): DomainErrorCause | undefined {
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? Date.parse(value) : NaN
  if (Number.isFinite(time) && time <= now.getTime() + CVC_CLOCK_SKEW_MS) return undefined
  return {
    code: 'payment.parameter.cvc_last_updated.error',
    message:
      'cvcLastUpdated is the ISO 8601 date and time the security code was last entered, not a later one.',
    paths: [`parameters.${CVC_LAST_UPDATED}`],
  }
}

/**
 * Checks parameters against a method's definitions: each failed constraint is a cause carrying the
 * definition's message (in the caller's locale). Unknown parameters are refused too; `cvcLastUpdated` is
 * kept as given when it is a past date-time.
 */
export function checkParameters(
  method: PaymentMethodRow,
  parameters: PaymentParameter[],
  locale: Locale,
  now = new Date(),
) {
  const causes: DomainErrorCause[] = []
  const values: PaymentParameter[] = []
  for (const p of parameters) {
    if (p.name === CVC_LAST_UPDATED) {
      const cause = checkCvcLastUpdated(p.value, now)
      if (cause) causes.push(cause)
      continue
    }
    if (!method.parameterDefinitions.some((d) => d.name === p.name)) {
      causes.push({
        code: 'payment.parameter.unknown.error',
        message: `${method.id} has no parameter '${p.name}'.`,
        paths: [`parameters.${p.name}`],
      })
    }
  }
  for (const definition of method.parameterDefinitions) {
    const raw = parameters.find((p) => p.name === definition.name)?.value ?? ''
    const value = definition.name === 'IBAN' ? raw.replace(/\s+/g, '').toUpperCase() : raw.trim()
    const path = [`parameters.${definition.name}`]
    if (!value) {
      if (definition.required)
        causes.push({
          code: 'payment.parameter.required.error',
          message: localize(definition.messages.required, locale),
          paths: path,
        })
      continue
    }
    const { min, max } = definition.size ?? {}
    if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max))
      causes.push({
        code: 'payment.parameter.size.error',
        message: localize(definition.messages.size, locale),
        paths: path,
      })
    if (definition.pattern && !new RegExp(definition.pattern).test(value))
      causes.push({
        code: 'payment.parameter.pattern.error',
        message: localize(definition.messages.pattern, locale),
        paths: path,
      })
    values.push({ name: definition.name, value })
  }
  if (method.parameterDefinitions.length === 0) {
    causes.push({
      code: 'payment.parameter.none.error',
      message: `${method.id} takes no parameters; choose it directly.`,
      paths: ['paymentMethod'],
    })
  }
  if (causes.length)
    throw refusedError('payment.instrument.invalid.error', 'The payment data is not valid.', causes)
  const iban = values.find((v) => v.name === 'IBAN')?.value
  const holder = values.find((v) => v.name === 'accountHolder')?.value
  const cvc = parameters.find((p) => p.name === CVC_LAST_UPDATED)
  return {
    parameters: cvc ? [...values, { name: CVC_LAST_UPDATED, value: cvc.value }] : values,
    accountIdentifier: iban ? maskIban(iban) : (holder ?? method.id),
  }
}

/**
 * An instrument's parameters after an update: the stored ones with the sent ones laid over them. A value
 * sent back as the API shows it (a masked IBAN) keeps the stored value, so a client may send the whole
 * instrument it read.
 */
export function updatedParameters(stored: PaymentParameter[], sent: PaymentParameter[]): PaymentParameter[] {
  const result = stored.map((p) => ({ ...p }))
  for (const p of sent) {
    const old = result.find((r) => r.name === p.name)
    if (!old) result.push({ ...p })
    else if (shownParameter(old).value !== p.value) old.value = p.value
  }
  return result
}

/**
 * `PATCH baskets/{id}/payment-instruments/{id}`: changes the basket's own instrument (the contract's CVC
 * update sends `cvcLastUpdated`), checked again as a whole.
 */
export async function updateBasketInstrument(
  db: Db,
  basket: BasketRow,
  id: string,
  locale: Locale,
  parameters: PaymentParameter[],
) {
  if (!isUuid(id)) throw instrumentNotFound(id)
  return inBasketTransaction(db, basket, async (t) => {
    const [row] = await t
      .select()
      .from(paymentInstruments)
      .where(and(eq(paymentInstruments.id, id), eq(paymentInstruments.basketId, basket.id)))
    if (!row) throw instrumentNotFound(id)
    const method = await methodOf(t, row.paymentMethodId)
    const checked = checkParameters(method, updatedParameters(row.parameters, parameters), locale)
    const [updated] = await t
      .update(paymentInstruments)
      .set(checked)
      .where(eq(paymentInstruments.id, id))
      .returning()
    return updated!
  })
}

export async function methodOf(db: Db, id: string) {
  const method = (await allPaymentMethods(db)).find((m) => m.id === id)
  if (!method)
    throw paymentRefused(
      'payment.method.not_found.error',
      `There is no payment method '${id}'.`,
      'paymentMethod',
    )
  return method
}

/** `POST baskets/{id}/payment-instruments`: an instrument entered for this basket. */
export async function createBasketInstrument(
  db: Db,
  basket: BasketRow,
  locale: Locale,
  body: { paymentMethod: string; parameters: PaymentParameter[] },
) {
  const method = await methodOf(db, body.paymentMethod)
  const checked = checkParameters(method, body.parameters, locale)
  return inBasketTransaction(db, basket, async (t) => {
    const [row] = await t
      .insert(paymentInstruments)
      .values({ paymentMethodId: method.id, basketId: basket.id, ...checked })
      .returning()
    return { instrument: row!, method }
  })
}

/** `DELETE baskets/{id}/payment-instruments/{id}`: the basket's instrument, and the payment made with it. */
export async function deleteBasketInstrument(db: Db, basket: BasketRow, id: string) {
  if (!isUuid(id)) throw instrumentNotFound(id)
  await inBasketTransaction(db, basket, async (t) => {
    const deleted = await t
      .delete(paymentInstruments)
      .where(and(eq(paymentInstruments.id, id), eq(paymentInstruments.basketId, basket.id)))
      .returning({ id: paymentInstruments.id })
    if (!deleted.length) throw instrumentNotFound(id)
  })
}
