/**
 * The ICM wire format of baskets (`application/vnd.intershop.basket.v1+json`, PWA `BasketData`): the
 * envelope `{data, included, infos, errors}`, line items, rebates, the payment, and the answers of adding
 * items and validating. Everything here is made from the domain's BasketState; nothing is decided here.
 */
import type { StoredApprovalReason } from '../db/schema'
import type { ApprovalReason } from '../domain/approval'
import type { Person } from '../domain/approvers'
import { addressUrn, type AddressRow } from '../domain/addresses'
import {
  basketNotices,
  type AddItemsResult,
  type BasketNotice,
  type BasketState,
  type ItemCause,
  type PricedLine,
  type QuantityAdjustment,
} from '../domain/basket'
import type { Currency, Locale } from '../domain/channel'
import type { MandatoryState } from '../domain/mandatory'
import { subtract, taxIn, ZERO, type Amount } from '../domain/money'
import { paymentBasisOf } from '../domain/payments'
import type { AppliedRebate } from '../domain/rebates'
import { shippingCosts } from '../domain/shipping'
import type { ValidationResults } from '../domain/validation'
import { addressJson } from './addresses'
import { money, priceItemOf } from './money'
import { infoJson } from './infos'
import { methodInstrumentJson, paymentInstrumentJson, paymentJson, paymentMethodJson } from './payments'
import { shippingMethodJson } from './shipping'
import { lineItemWarranty } from './warranties'

export const BASKET_INCLUDES = [
  'lineItems',
  'discounts',
  'invoiceToAddress',
  'commonShipToAddress',
  'commonShippingMethod',
  'payments',
  'payments_paymentMethod',
  'payments_paymentInstrument',
] as const

/** A line's mandatory selection and accessory links (ADR 0011): its parent, and its own links when it has any. */
function mandatoryJson(line: PricedLine, state: MandatoryState | undefined) {
  return {
    ...(line.row.mandatorySelectionItemOf
      ? { mandatorySelectionItemOf: line.row.mandatorySelectionItemOf }
      : {}),
    ...(state
      ? {
          mandatorySelectionLinks: state.selections,
          mandatoryAccessoryLinks: state.accessories,
          mandatoryLinksSatisfied: state.satisfied,
        }
      : {}),
  }
}

/** ICM's LineItem of a line of the basket. */
export function lineItemJson(state: BasketState, line: PricedLine) {
  const { currency, locale } = state
  const rebate = state.rebates.lines.get(line.row.id)
  const totals = state.totals.lines.get(line.row.id)
  const total = totals?.total ?? subtract(line, rebate ?? ZERO)
  const undiscounted = priceItemOf(line, currency)
  const single = priceItemOf(line.unit, currency)
  return {
    id: line.row.id,
    position: line.row.position,
    calculated: true,
    product: line.row.sku,
    quantity: { type: 'Quantity', value: line.row.quantity, unit: '' },
    pricing: {
      singleBasePrice: single,
      undiscountedSingleBasePrice: single,
      price: undiscounted,
      undiscountedPrice: undiscounted,
      total: priceItemOf(total, currency),
      valueRebatesTotal: priceItemOf(rebate ?? ZERO, currency),
      salesTaxTotal: money(totals?.salesTax ?? taxIn(total), currency),
      shippingTotal: priceItemOf(ZERO, currency),
    },
    ...(line.row.desiredDelivery ? { desiredDelivery: line.row.desiredDelivery } : {}),
    ...(line.warranty
      ? { warranty: lineItemWarranty(line.warranty.row, line.warranty.price, currency, locale) }
      : {}),
    ...(line.customFields.length ? { customFields: line.customFields } : {}),
    ...mandatoryJson(line, state.mandatory.get(line.row.id)),
    hiddenGift: false,
    freeGift: false,
    // A quoted line's quantity is the quote's (issue 36).
    quantityFixed: line.row.quoteId !== null,
    ...(line.row.quoteId ? { quote: line.row.quoteId } : {}),
  }
}

/** A rebate's id in `included.discounts`: a promotion applies at most once per basket and scope. */
const rebateId = (rebate: AppliedRebate) => `${rebate.scope}-${rebate.promotionId}`

/** ICM's `BasketRebateData`: the promotion's title is the rebate's `description`. */
function rebateJson(rebate: AppliedRebate, currency: Currency) {
  return {
    id: rebateId(rebate),
    promotionType: rebate.scope === 'order' ? 'ORDER_VALUE_REBATE' : 'ITEM_VALUE_REBATE',
    promotion: rebate.promotionId,
    description: rebate.name,
    code: rebate.code ?? undefined,
    amount: priceItemOf(rebate.amount, currency),
  }
}

/**
 * The basket's `discounts` as ICM lists them: ids of the order value rebates (`valueBasedDiscounts`), and ours
 * of the item rebates per promotion (`itemValueBasedDiscounts`); `included.discounts` holds both.
 */
function discountsJson({ rebates }: BasketState) {
  return {
    valueBasedDiscounts: rebates.valueRebates.map(rebateId),
    itemValueBasedDiscounts: rebates.itemRebates.map(rebateId),
  }
}

/** The registered user's basket names its buyer (ICM clients read it as the basket's user); anonymous ones not. */
function buyerJson({ buyer }: BasketState) {
  if (!buyer) return {}
  return {
    buyer: {
      accountID: buyer.login,
      customerNo: buyer.customerNo,
      email: buyer.email,
      title: buyer.title ?? undefined,
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      companyName: buyer.companyName ?? undefined,
    },
  }
}

/** The basket's totals (`BasketTotals`); estimated until invoice address, ship-to and shipping method are set. */
function totalsJson(state: BasketState) {
  const { totals, currency } = state
  const pi = (a: Amount) => priceItemOf(a, currency)
  return {
    itemTotal: pi(totals.items),
    undiscountedItemTotal: pi(totals.undiscountedItems),
    shippingTotal: pi(totals.shipping),
    undiscountedShippingTotal: pi(totals.shipping),
    paymentCostsTotal: pi(totals.paymentCosts),
    surchargeTotal: pi(ZERO),
    itemValueDiscountsTotal: pi(totals.itemRebates),
    basketValueDiscountsTotal: pi(totals.valueRebates),
    dutiesAndSurchargesTotal: pi(ZERO),
    itemRebatesTotal: pi(totals.itemRebates),
    valueRebatesTotal: pi(totals.valueRebates),
    salesTaxTotal: money(totals.salesTax, currency),
    grandTotal: { ...pi(totals.grand), tax: money(totals.salesTax, currency) },
    isEstimated: totals.isEstimated,
  }
}

const urnOf = (address: AddressRow | undefined) => address && addressUrn(address)

/**
 * The basket's cost center: ICM's `costCenter` field, and the attribute `Order_CostCenter_ID` the storefront
 * spec names for it (commerce-and-checkout §5).
 */
function costCenterJson(costCenter: string | null) {
  if (!costCenter) return {}
  return { costCenter }
}

/** A sales representative as an order or basket names them in `attributes` (issue 35). */
export const SALES_REP_ID_ATTRIBUTE = 'salesRepId'
export const SALES_REP_NAME_ATTRIBUTE = 'salesRepName'

export const salesRepAttributes = (rep: { id: string; firstName: string; lastName: string }) => [
  { name: SALES_REP_ID_ATTRIBUTE, type: 'String', value: rep.id },
  { name: SALES_REP_NAME_ATTRIBUTE, type: 'String', value: `${rep.firstName} ${rep.lastName}`.trim() },
]

/**
 * The basket's `attributes`: its cost center as `Order_CostCenter_ID` (the storefront spec's name for it,
 * commerce-and-checkout §5), and the sales representative who changed it last through co-browse.
 */
function attributesJson({ basket, salesRep }: BasketState) {
  const attributes = [
    ...(basket.costCenter ? [{ name: 'Order_CostCenter_ID', type: 'String', value: basket.costCenter }] : []),
    ...(salesRep ? salesRepAttributes(salesRep) : []),
  ]
  return attributes.length ? { attributes } : {}
}

/** ICM's approver (`BasketApprover`): who may decide an approval stage. */
export const approverJson = (person: Pick<Person, 'firstName' | 'lastName' | 'email'>) => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
})

/**
 * A reason for approval as this API adds it to ICM's `approval` (ICM names the approvers but not why): the
 * limit, the stage, and in the limit's currency what it allows, what the order comes to, by how much it is
 * exceeded and what would be left of the budget. Issue 32 added, beside these: `priceType`, which total of an
 * order every figure is (the customer's `budgetPriceType`), and apart what was spent (orders of the period),
 * what is `pending` (requisitions waiting for approval) and `orderTotal`, this order; a per-order limit has no
 * spent or pending. Reasons stored before carry none of them. A client that does not know them ignores them.
 */
export const approvalReasonJson = (reason: ApprovalReason | StoredApprovalReason) => {
  const currency = reason.currency as Currency
  const optional = (name: string, value: number | null | undefined) =>
    value === null || value === undefined ? {} : { [name]: money(value, currency) }
  return {
    limit: reason.limit,
    stage: reason.stage,
    allowed: money(reason.allowed, currency),
    amount: money(reason.amount, currency),
    exceededBy: money(reason.exceededBy, currency),
    ...(reason.leftAfter === null ? {} : { leftAfter: money(reason.leftAfter, currency) }),
    ...(reason.priceType ? { priceType: reason.priceType } : {}),
    ...optional('spent', reason.spent),
    ...optional('pending', reason.pending),
    ...optional('orderTotal', reason.order),
  }
}

/**
 * A business basket's `approval` (ICM `BasketApproval`): whether it needs approval, the approvers of customer
 * approval and of cost center approval, and this API's `reasons`. Private and anonymous baskets have none.
 */
function approvalJson({ approval }: BasketState) {
  if (!approval) return {}
  const approversOf = (stage: string) => approval.stages.find((s) => s.stage === stage)?.approvers
  const customer = approversOf('customer')
  const costCenter = approversOf('costCenter')
  return {
    approval: {
      approvalRequired: approval.required,
      ...(customer ? { customerApproval: { approvers: customer.map(approverJson) } } : {}),
      ...(costCenter ? { costCenterApproval: { approvers: costCenter.map(approverJson) } } : {}),
      reasons: approval.reasons.map(approvalReasonJson),
    },
  }
}

/** The basket's `data`: its own fields, with ids (URNs for addresses) of what `included` holds. */
export function basketData(state: BasketState) {
  const { basket, currency, rebates } = state
  const payment = paymentJson(state)
  return {
    id: basket.id,
    purchaseCurrency: currency,
    calculated: true,
    customer: basket.customerNo ?? undefined,
    ...buyerJson(state),
    email: basket.email ?? undefined,
    invoiceToAddress: urnOf(state.invoiceToAddress),
    commonShipToAddress: urnOf(state.shipToAddress),
    commonShippingMethod: state.shippingMethod?.id,
    ...costCenterJson(basket.costCenter),
    ...attributesJson(state),
    payments: payment ? [payment.id] : [],
    lineItems: state.lines.map((l) => l.id),
    totalProductQuantity: state.lines.reduce((total, l) => total + l.quantity, 0),
    promotionCodes: rebates.codes,
    messageToMerchant: basket.messageToMerchant ?? undefined,
    externalOrderReference: basket.externalOrderReference ?? undefined,
    // ICM's `recurrence` (PWA `Recurrence`), when the basket is to be ordered again and again.
    ...(basket.recurrence ? { recurrence: basket.recurrence } : {}),
    discounts: discountsJson(state),
    totals: totalsJson(state),
    ...approvalJson(state),
  }
}

const addressEntry = (address: AddressRow | undefined, locale: Locale) =>
  address ? { [addressUrn(address)]: addressJson(address, locale) } : undefined

/** The payment's method and instrument, as `included` holds them. */
function paymentIncluded(state: BasketState, anonymous: boolean) {
  const payment = state.payment
  if (!payment) return undefined
  const instrumentId = payment.instrument?.id ?? payment.method.id
  return {
    method: {
      [payment.method.id]: paymentMethodJson(payment.method, paymentBasisOf(state), state.locale, anonymous),
    },
    instrument: {
      [instrumentId]: payment.instrument
        ? paymentInstrumentJson(payment.instrument)
        : methodInstrumentJson(payment.method, state.locale),
    },
  }
}

/** The `included` maps of the includes asked for (and that the basket has); each made only when asked for. */
export function basketIncluded(state: BasketState, include: Set<string>) {
  const { locale, shippingMethod, rebates, currency } = state
  const payment = paymentJson(state)
  const paymentMaps = paymentIncluded(state, state.basket.userId === null)
  const candidates: Record<string, () => Record<string, unknown> | undefined> = {
    lineItems: () => Object.fromEntries(state.priced.map((l) => [l.row.id, lineItemJson(state, l)])),
    discounts: () =>
      Object.fromEntries(
        [...rebates.valueRebates, ...rebates.itemRebates].map((r) => [rebateId(r), rebateJson(r, currency)]),
      ),
    invoiceToAddress: () => addressEntry(state.invoiceToAddress, locale),
    commonShipToAddress: () => addressEntry(state.shipToAddress, locale),
    commonShippingMethod: () =>
      shippingMethod && {
        [shippingMethod.id]: shippingMethodJson(
          shippingMethod,
          locale,
          state.currency,
          shippingCosts(shippingMethod, state),
        ),
      },
    payments: () => payment && { [payment.id]: payment },
    payments_paymentMethod: () => paymentMaps?.method,
    payments_paymentInstrument: () => paymentMaps?.instrument,
  }
  const included: Record<string, Record<string, unknown>> = {}
  for (const [key, make] of Object.entries(candidates)) {
    const value = include.has(key) ? make() : undefined
    if (value) included[key] = value
  }
  return included
}

/** The ICM basket envelope of a state: `data` and the `included` maps asked for. */
export function basketEnvelope(state: BasketState, include: Set<string>) {
  const included = basketIncluded(state, include)
  return { data: basketData(state), ...(Object.keys(included).length ? { included } : {}) }
}

/** The basket answer: envelope, the call's notices and the basket's own (infos), no errors. */
export function basketJson(state: BasketState, include: Set<string>, notices: BasketNotice[] = []) {
  return {
    ...basketEnvelope(state, include),
    infos: [...notices, ...basketNotices(state)].map(infoJson),
    errors: [],
  }
}

/** A fitted quantity as ICM reports adjustments on adding items (`causes[].parameters.requested`). */
function adjustmentJson(adjustment: QuantityAdjustment) {
  const cause = adjustment.toExistingLine
    ? 'basket.line_item.adjustment.cause.AddedToExistingLineItemWithAdjustedQuantity'
    : 'basket.line_item.adjustment.cause.AddedToNewLineItemWithAdjustedQuantity'
  return {
    code: 'basket.line_item.quantity.adjusted.info',
    message: `${adjustment.reason.message} ${adjustment.added} of the ${adjustment.requested} requested were added.`,
    causes: [
      {
        code: cause,
        message: adjustment.reason.message,
        paths: [`[${adjustment.index}].quantity.value`],
        parameters: {
          product: adjustment.sku,
          requested: String(adjustment.requested),
          adjusted: String(adjustment.added),
          lineItemQuantity: String(adjustment.lineQuantity),
          reason: adjustment.reason.code,
          lineItem: adjustment.lineItemId,
        },
      },
    ],
  }
}

/** The items that could not be added, as ICM names them: one error whose causes carry the items' paths. */
const refusedJson = (refused: ItemCause[]) =>
  refused.length
    ? [
        {
          code: 'basket.line_item.creation.failed',
          message: 'Some items could not be added to the basket.',
          causes: refused,
        },
      ]
    : []

/** `POST baskets/{id}/items`: the lines the items went into, what was merged or fitted, what was left out. */
export function addItemsJson(result: AddItemsResult) {
  const { state } = result
  const byId = new Map(state.priced.map((l) => [l.row.id, l]))
  return {
    data: result.lineIds.flatMap((id) => {
      const line = byId.get(id)
      return line ? [lineItemJson(state, line)] : []
    }),
    infos: [
      ...result.increased.map((sku) => ({
        code: 'basket.line_item.add_item_added_to_existing_line_item.info',
        message: `The quantity of '${sku}' in the basket was increased.`,
        causes: [],
      })),
      ...result.adjusted.map(adjustmentJson),
    ],
    errors: refusedJson(result.refused),
  }
}

/**
 * A basket included in another resource's answer, as ICM nests it: the basket under `{name}` by its id, its
 * own includes under `{name}_…` (`basket_lineItems`, `targetBasket_payments_paymentMethod`).
 */
function basketIncludedAs(name: string, state: BasketState, include: Set<string>) {
  const envelope = basketEnvelope(state, include)
  const included: Record<string, unknown> = { [name]: { [state.basket.id]: envelope.data } }
  for (const [key, value] of Object.entries(envelope.included ?? {})) included[`${name}_${key}`] = value
  return included
}

/** `POST baskets/{id}/validations`: the results in the PWA's shape, the basket included as `basket_*`. */
export function validationJson(state: BasketState, results: ValidationResults, scopes: readonly string[]) {
  const included = basketIncludedAs('basket', state, new Set(BASKET_INCLUDES))
  return { data: { basket: state.basket.id, results, scopes }, included, infos: [], errors: [] }
}

/**
 * `POST baskets/{target}/merges` (the PWA's `BasketMergeData`): the ids of both baskets, and the merged basket
 * as `targetBasket` with its includes as `targetBasket_…` when the call asks for them
 * (`include=targetBasket,targetBasket_lineItems,…`); the merge's notices and the basket's own as infos.
 */
export function basketMergeJson(
  sourceBasketId: string,
  state: BasketState,
  include: Set<string>,
  notices: BasketNotice[],
) {
  const PREFIX = 'targetBasket_'
  const targetIncludes = [...include].filter((name) => name.startsWith(PREFIX))
  const withBasket = include.has('targetBasket') || targetIncludes.length > 0
  return {
    data: { sourceBasket: sourceBasketId, targetBasket: state.basket.id },
    ...(withBasket
      ? {
          included: basketIncludedAs(
            'targetBasket',
            state,
            new Set(targetIncludes.map((name) => name.slice(PREFIX.length))),
          ),
        }
      : {}),
    infos: [...notices, ...basketNotices(state)].map(infoJson),
    errors: [],
  }
}
