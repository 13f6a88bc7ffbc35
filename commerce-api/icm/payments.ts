/**
 * The ICM wire format of payments (PWA `PaymentMethodBaseData`, `PaymentInstrument`, `PaymentData`): methods
 * with their costs, restrictions and parameter definitions, instruments (secrets masked), the open tender,
 * and the legacy user payment resources.
 */
import type { BasketNotice, BasketState } from '../domain/basket'
import { localize, type Locale } from '../domain/channel'
import {
  instrumentUrn,
  paymentTerms,
  redirectsAfterCheckout,
  redirectsBeforeCheckout,
  shownParameter,
  type PaymentBasis,
  type PaymentInstrumentRow,
  type PaymentMethodRow,
} from '../domain/payment-methods'
import { paymentBasisOf } from '../domain/payments'
import type { PaymentParameter } from '../db/schema'
import { infoJson } from './infos'
import { money, priceItemOf } from './money'

export function parameterDefinitionsJson(method: PaymentMethodRow, locale: Locale) {
  return method.parameterDefinitions.map((p) => ({
    name: p.name,
    type: p.type,
    displayName: localize(p.displayNames, locale),
    description: p.descriptions ? localize(p.descriptions, locale) : undefined,
    hidden: false,
    constraints: {
      ...(p.required ? { required: { message: localize(p.messages.required, locale) } } : {}),
      ...(p.size ? { size: { ...p.size, message: localize(p.messages.size, locale) } } : {}),
      ...(p.pattern ? { pattern: { regexp: p.pattern, message: localize(p.messages.pattern, locale) } } : {}),
    },
  }))
}

/** The payment of a basket or order as ICM's `PaymentData`. */
export function paymentJson(state: BasketState) {
  const { payment, currency, totals } = state
  if (!payment) return undefined
  const open = payment.session && payment.session.status === 'open'
  return {
    id: payment.payment.id,
    paymentInstrument: payment.instrument?.id ?? payment.method.id,
    paymentMethod: payment.method.id,
    paymentCosts: priceItemOf(totals.paymentCosts, currency),
    redirectRequired: redirectsBeforeCheckout(payment.method) || redirectsAfterCheckout(payment.method),
    ...(open ? { redirect: { redirectUrl: payment.session!.pageUrl } } : {}),
    totalAmount: { gross: money(totals.grand.gross, currency) },
    status: payment.payment.status,
  }
}

/** A payment method as a basket (or a user without one) sees it: its costs and restrictions on `basis`. */
export function paymentMethodJson(
  method: PaymentMethodRow,
  basis: PaymentBasis,
  locale: Locale,
  anonymous: boolean,
  instrumentIds?: string[],
) {
  const terms = paymentTerms(method, basis)
  return {
    id: method.id,
    serviceID: method.serviceId,
    displayName: localize(method.names, locale),
    description: localize(method.descriptions, locale),
    capabilities: method.capabilities,
    restricted: terms.restrictions.length > 0,
    restrictions: terms.restrictions,
    saveAllowed: method.saveAllowed && !anonymous,
    paymentCosts: priceItemOf(terms.costs, basis.currency),
    ...(terms.costsThreshold
      ? { paymentCostsThreshold: priceItemOf(terms.costsThreshold, basis.currency) }
      : {}),
    // ICM leaves the definitions out of a method that has none (an ICM client then offers it as a choice).
    ...(method.parameterDefinitions.length
      ? { parameterDefinitions: parameterDefinitionsJson(method, locale) }
      : {}),
    ...(instrumentIds ? { paymentInstruments: instrumentIds } : {}),
  }
}

const shownParameters = (parameters: PaymentParameter[]) => parameters.map(shownParameter)

export function paymentInstrumentJson(row: PaymentInstrumentRow) {
  return {
    id: row.id,
    urn: instrumentUrn(row),
    accountIdentifier: row.accountIdentifier,
    parameters: shownParameters(row.parameters),
    paymentMethod: row.paymentMethodId,
  }
}

/** Methods without parameters are their own instrument: the instrument id is the method id. */
export const methodInstrumentJson = (method: PaymentMethodRow, locale: Locale) => ({
  id: method.id,
  accountIdentifier: localize(method.names, locale),
  parameters: [],
  paymentMethod: method.id,
})

/** `GET baskets/{id}/eligible-payment-methods` (PWA `PaymentMethodData`). */
export function eligiblePaymentMethodsJson(
  state: BasketState,
  { methods, instruments }: { methods: PaymentMethodRow[]; instruments: PaymentInstrumentRow[] },
  anonymous: boolean,
  withInstruments: boolean,
) {
  const basis = paymentBasisOf(state)
  return {
    data: methods.map((m) =>
      paymentMethodJson(
        m,
        basis,
        state.locale,
        anonymous,
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

/** The answer to open-tender calls: the payment, its method and instrument; `data: null` once it is gone. */
export function openTenderJson(state: BasketState, anonymous: boolean, notice?: BasketNotice) {
  const payment = paymentJson(state)
  const infos = notice ? [infoJson(notice)] : []
  if (!payment || !state.payment || notice) return { data: null, infos }
  const { method, instrument } = state.payment
  return {
    data: payment,
    included: {
      paymentMethod: {
        [method.id]: paymentMethodJson(method, paymentBasisOf(state), state.locale, anonymous),
      },
      paymentInstrument: {
        [payment.paymentInstrument]: instrument
          ? paymentInstrumentJson(instrument)
          : methodInstrumentJson(method, state.locale),
      },
    },
    infos,
  }
}

/** ICM's legacy user payment instrument (`PaymentInstrumentData`) plus the basket instrument's fields. */
export function userInstrumentJson(row: PaymentInstrumentRow) {
  const json = paymentInstrumentJson(row)
  return { ...json, name: row.paymentMethodId, attributes: json.parameters }
}

/** `{customers}/{no}/eligible-payment-methods`: the methods a user may save, priced on `basis`. */
export const userPaymentMethodsJson = (methods: PaymentMethodRow[], basis: PaymentBasis, locale: Locale) => ({
  methods: [{ payments: methods.map((m) => paymentMethodJson(m, basis, locale, false)) }],
})
