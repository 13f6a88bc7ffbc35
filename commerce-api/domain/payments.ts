/**
 * A basket's payment (ICM's open tender) and payment instruments (ADR 0010): choosing a method or an
 * instrument, the redirect before checkout through the hosted payment page and its signed return, instruments
 * entered for a basket and saved for a user.
 */
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { baskets } from '../db/schema'
import { basketPayments, paymentInstruments, type PaymentParameter } from '../db/schema'
import { ApiError } from '../http'
import { localize, type Locale } from './channel'
import { basketState, paymentJson, type BasketState } from './basket'
import { inBasketTransaction } from './basket-edits'
import {
  allPaymentMethods,
  methodInstrumentJson,
  maskIban,
  paymentInstrumentJson,
  paymentMethodJson,
  paymentRestrictions,
  redirectsBeforeCheckout,
  type PaymentInstrumentRow,
  type PaymentMethodRow,
} from './payment-methods'
import { createPaymentSession, finishSession, verifiedReturn, type PaymentOutcome } from './psp'
import type { Principal } from './tokens'
import { readTogether } from '../db/reads'
import { isUuid } from './ids'

type BasketRow = typeof baskets.$inferSelect
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

const methodContext = (state: BasketState, principal: Principal) => ({
  locale: state.locale,
  currency: state.currency,
  itemsNet: state.itemsNet,
  taxRate: state.taxRate,
  anonymous: principal.anonymous,
})

/** `GET baskets/{id}/eligible-payment-methods` (PWA `PaymentMethodData`). */
export async function eligiblePaymentMethods(
  db: Db,
  state: BasketState,
  principal: Principal,
  withInstruments: boolean,
) {
  const [methods, instruments] = await readTogether(db, [
    () => allPaymentMethods(db),
    () => usableInstruments(db, state.basket, principal),
  ])
  const ctx = methodContext(state, principal)
  return {
    data: methods.map((m) =>
      paymentMethodJson(
        m,
        ctx,
        instruments.filter((i) => i.paymentMethodId === m.id).map((i) => i.id),
      ),
    ),
    included: {
      paymentInstruments: withInstruments
        ? Object.fromEntries(instruments.map((i) => [i.id, paymentInstrumentJson(i)]))
        : {},
    },
  }
}

const paymentError = (status: number, code: string, message: string, path: string) =>
  new ApiError(status, code, message, [{ code, message, paths: [path] }])

/** The answer to open-tender calls: the payment, its method and instrument. */
function openTenderJson(state: BasketState, principal: Principal) {
  const payment = paymentJson(state)
  if (!payment || !state.payment) return { data: null, infos: [] }
  return {
    data: payment,
    included: {
      paymentMethod: {
        [state.payment.method.id]: paymentMethodJson(state.payment.method, methodContext(state, principal)),
      },
      paymentInstrument: {
        [payment.paymentInstrument]: state.payment.instrument
          ? paymentInstrumentJson(state.payment.instrument)
          : methodInstrumentJson(state.payment.method),
      },
    },
    infos: [],
  }
}

/**
 * `PUT baskets/{id}/payments/open-tender`: pay with a method without parameters (its id) or an instrument
 * (basket's or saved). A restricted method is refused. A method that redirects before checkout gets a hosted
 * payment page session when redirect URLs come with the call.
 */
export async function setOpenTender(
  db: Db,
  basket: BasketRow,
  principal: Principal,
  locale: Locale,
  body: { paymentInstrument: string; redirect?: RedirectUrls },
  pageBase: string,
) {
  const methods = await allPaymentMethods(db)
  let method: PaymentMethodRow | undefined
  let instrument: PaymentInstrumentRow | undefined
  if (isUuid(body.paymentInstrument)) {
    instrument = (await usableInstruments(db, basket, principal)).find((i) => i.id === body.paymentInstrument)
    method = instrument && methods.find((m) => m.id === instrument!.paymentMethodId)
  } else {
    method = methods.find((m) => m.id === body.paymentInstrument)
    if (method && method.parameterDefinitions.length > 0) {
      throw paymentError(
        422,
        'basket.payment.instrument_required.error',
        `${method.id} needs a payment instrument with its parameters; create one first.`,
        'paymentInstrument',
      )
    }
  }
  if (!method) {
    throw paymentError(
      422,
      'basket.payment.instrument.not_found.error',
      `There is no payment instrument '${body.paymentInstrument}' for this basket.`,
      'paymentInstrument',
    )
  }
  const before = await basketState(db, basket, locale)
  const restrictions = paymentRestrictions(method, before.currency, before.itemsNet)
  if (restrictions.length) {
    throw paymentError(422, 'basket.payment.restricted.error', restrictions[0]!.message, 'paymentInstrument')
  }
  const chosen = method
  await inBasketTransaction(db, basket, async (t) => {
    await endReplacedSession(t, basket.id)
    await t.delete(basketPayments).where(eq(basketPayments.basketId, basket.id))
    await t.insert(basketPayments).values({
      basketId: basket.id,
      paymentMethodId: chosen.id,
      paymentInstrumentId: instrument?.id ?? null,
    })
  })
  if (redirectsBeforeCheckout(chosen) && body.redirect) {
    const withPayment = await basketState(db, basket, locale)
    const session = await createPaymentSession(
      db,
      {
        basketId: basket.id,
        paymentMethodId: chosen.id,
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
  return openTenderJson(await basketState(db, basket, locale), principal)
}

/**
 * `PATCH baskets/{id}/payments/open-tender`: the shopper is back from the hosted page. A signed SUCCESS
 * authorises the payment; CANCEL and FAILURE clear it (with an info saying why).
 */
export async function returnToOpenTender(
  db: Db,
  basket: BasketRow,
  principal: Principal,
  locale: Locale,
  secret: string,
  redirect: { status: string; parameters: { name: string; value: string }[] },
) {
  const status = redirect.status.toUpperCase() as PaymentOutcome
  const session = await verifiedReturn(db, secret, status, redirect.parameters)
  const [payment] = await db.select().from(basketPayments).where(eq(basketPayments.basketId, basket.id))
  if (!payment || payment.sessionId !== session.id || session.basketId !== basket.id || session.orderId) {
    throw paymentError(
      422,
      'payment.redirect.session.invalid.error',
      'The payment return belongs to another payment.',
      'redirect.parameters',
    )
  }
  if (status === 'SUCCESS') {
    await inBasketTransaction(db, basket, (t) =>
      t.update(basketPayments).set({ status: 'Authorized' }).where(eq(basketPayments.id, payment.id)),
    )
    return openTenderJson(await basketState(db, basket, locale), principal)
  }
  await inBasketTransaction(db, basket, (t) =>
    t.delete(basketPayments).where(eq(basketPayments.id, payment.id)),
  )
  return {
    data: null,
    infos: [
      {
        code: status === 'CANCEL' ? 'payment.redirect.cancelled.info' : 'payment.redirect.failed.info',
        message:
          status === 'CANCEL'
            ? 'The payment was cancelled; please choose a payment method.'
            : 'The payment provider declined the payment; please choose another payment method.',
        causes: [],
      },
    ],
  }
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
  new ApiError(404, 'basket.payment.not_found.error', `The payment '${id}' is not in the basket.`)
export const instrumentNotFound = (id: string) =>
  new ApiError(
    404,
    'payment.instrument.not_found.error',
    `The payment instrument '${id}' could not be found.`,
  )

/**
 * Checks parameters against a method's definitions: each failed constraint is a cause carrying the
 * definition's message (in the caller's locale). Unknown parameters are refused too.
 */
export function checkParameters(method: PaymentMethodRow, parameters: PaymentParameter[], locale: Locale) {
  const causes: { code: string; message: string; paths: string[] }[] = []
  const values: PaymentParameter[] = []
  for (const p of parameters) {
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
    throw new ApiError(422, 'payment.instrument.invalid.error', 'The payment data is not valid.', causes)
  const iban = values.find((v) => v.name === 'IBAN')?.value
  const holder = values.find((v) => v.name === 'accountHolder')?.value
  return { parameters: values, accountIdentifier: iban ? maskIban(iban) : (holder ?? method.id) }
}

async function methodOf(db: Db, id: string) {
  const method = (await allPaymentMethods(db)).find((m) => m.id === id)
  if (!method) {
    throw paymentError(
      422,
      'payment.method.not_found.error',
      `There is no payment method '${id}'.`,
      'paymentMethod',
    )
  }
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

export const savedInstruments = (db: Db, userId: string) =>
  db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), isNull(paymentInstruments.basketId)))
    .orderBy(asc(paymentInstruments.createdAt), asc(paymentInstruments.id))

/** Saves an instrument for a user: only for methods that allow saving. */
export async function saveInstrument(
  db: Db,
  principal: Extract<Principal, { anonymous: false }>,
  locale: Locale,
  body: { paymentMethod: string; parameters: PaymentParameter[] },
) {
  const method = await methodOf(db, body.paymentMethod)
  if (!method.saveAllowed) {
    throw paymentError(
      422,
      'payment.instrument.save_not_allowed.error',
      `Payment data of ${method.id} cannot be saved.`,
      'name',
    )
  }
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

export async function deleteSavedInstrument(db: Db, userId: string, id: string) {
  if (!isUuid(id)) throw instrumentNotFound(id)
  const deleted = await db
    .delete(paymentInstruments)
    .where(
      and(
        eq(paymentInstruments.id, id),
        eq(paymentInstruments.userId, userId),
        isNull(paymentInstruments.basketId),
      ),
    )
    .returning({ id: paymentInstruments.id })
  if (!deleted.length) throw instrumentNotFound(id)
}
