/**
 * The wire shapes of ICM's basket, checkout and order resources (`…basket.v1+json`, `…order.v1+json`), written
 * from the Intershop PWA's interfaces (`core/models/basket`, `line-item`, `order`, `address`, `payment`,
 * `payment-method`, `payment-instrument`, `shipping-method`, `basket-total`, `basket-rebate`,
 * `basket-validation`) and services (`basket.service.ts`, `order.service.ts`, `payment.service.ts`,
 * `address.service.ts`). Strict about what the PWA's mappers read; extra fields of ours are allowed.
 */
import { z } from 'zod'
import {
  AttributeSchema,
  envelope,
  FeedbackSchema,
  LinkSchema,
  MoneySchema,
  PriceItemSchema,
  resourceCollection,
} from './common'
import type { WireRule } from './rules'

const maps = <T extends z.ZodTypeAny>(value: T) => z.record(value).optional()

/** A deletion answers 204 without a body. */
const NoContentSchema = z.undefined()

/** `AddressData`: ids and URNs, the name and the place; the usage flags in ICM's spelling. */
export const AddressSchema = z.object({
  id: z.string(),
  urn: z.string(),
  addressName: z.string().optional(),
  companyName1: z.string().optional(),
  companyName2: z.string().optional(),
  title: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  addressLine3: z.string().optional(),
  postalCode: z.string(),
  city: z.string(),
  mainDivision: z.string().optional(),
  mainDivisionCode: z.string().optional(),
  mainDivisionName: z.string().optional(),
  country: z.string().optional(),
  countryCode: z.string(),
  phoneHome: z.string().optional(),
  phoneMobile: z.string().optional(),
  phoneBusiness: z.string().optional(),
  fax: z.string().optional(),
  email: z.string().optional(),
  eligibleInvoiceToAddress: z.boolean().optional(),
  eligibleShipToAddress: z.boolean().optional(),
  invoiceToAddress: z.boolean().optional(),
  shipToAddress: z.boolean().optional(),
  /** A customer address as the caller may treat it (spec §3 Address): `sharedFor` lists partner numbers. */
  editable: z.boolean().optional(),
  shared: z.boolean().optional(),
  owner: z.string().optional(),
  sharedFor: z.array(z.string()).optional(),
})

/** `ShippingMethodData`. */
export const ShippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  deliveryTimeMin: z.union([z.string(), z.number()]).optional(),
  deliveryTimeMax: z.union([z.string(), z.number()]).optional(),
  shippingCosts: PriceItemSchema,
  /** This API's addition: the item total from which the method ships free (icm/shipping.ts). */
  shippingCostsThreshold: PriceItemSchema.optional(),
})

/** `BasketRebateData`: one discount, referenced by id from the basket's or a line's `discounts`. */
export const RebateSchema = z.object({
  id: z.string(),
  promotionType: z.string(),
  amount: PriceItemSchema,
  description: z.string().optional(),
  code: z.string().optional(),
  promotion: z.string().optional(),
})

const PricingSchema = z.object({
  price: PriceItemSchema,
  undiscountedPrice: PriceItemSchema,
  singleBasePrice: PriceItemSchema,
  undiscountedSingleBasePrice: PriceItemSchema.optional(),
  total: PriceItemSchema,
  shippingTotal: PriceItemSchema,
  valueRebatesTotal: PriceItemSchema.optional(),
  salesTaxTotal: MoneySchema.optional(),
  shippingTaxTotal: MoneySchema.optional(),
})

/** `LineItemData`: a line of a basket (or `OrderItemData` of an order). */
export const LineItemSchema = z.object({
  id: z.string(),
  calculated: z.boolean(),
  position: z.number().int(),
  quantity: z.object({ value: z.number(), unit: z.string().optional() }),
  product: z.string(),
  pricing: PricingSchema,
  discounts: z.array(z.string()).optional(),
  hiddenGift: z.boolean(),
  freeGift: z.boolean(),
  quantityFixed: z.boolean().optional(),
  /** The quote whose price the line has (issue 36). */
  quote: z.string().optional(),
  desiredDelivery: z.string().optional(),
  customFields: z.array(AttributeSchema).optional(),
})

/** `PaymentData`: the basket's (or order's) payment; ids of its method and instrument. */
export const PaymentSchema = z.object({
  id: z.string(),
  paymentInstrument: z.string(),
  paymentMethod: z.string(),
  paymentCosts: PriceItemSchema.optional(),
  redirectRequired: z.boolean(),
  redirect: z.object({ redirectUrl: z.string() }).optional(),
  totalAmount: z.object({ gross: MoneySchema }),
  status: z.string().optional(),
})

const ParameterDefinitionSchema = z.object({
  name: z.string(),
  type: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  hidden: z.boolean().optional(),
  options: z.array(z.object({ displayName: z.string(), id: z.string() })).optional(),
  constraints: z
    .object({
      required: z.object({ message: z.string().optional() }).optional(),
      size: z
        .object({ min: z.number().optional(), max: z.number().optional(), message: z.string().optional() })
        .optional(),
      pattern: z.object({ regexp: z.string(), message: z.string().optional() }).optional(),
    })
    .optional(),
})

/** `PaymentMethodBaseData`. */
export const PaymentMethodSchema = z.object({
  id: z.string(),
  serviceID: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  capabilities: z.array(z.string()).optional(),
  restricted: z.boolean().optional(),
  restrictions: z.array(z.object({ code: z.string(), message: z.string().optional() })).optional(),
  saveAllowed: z.boolean().optional(),
  paymentCosts: PriceItemSchema.optional(),
  paymentCostsThreshold: PriceItemSchema.optional(),
  paymentInstruments: z.array(z.string()).optional(),
  /** Left out when the method has none (never `[]`). */
  parameterDefinitions: z.array(ParameterDefinitionSchema).nonempty().optional(),
})

/** `PaymentInstrument` of a basket: parameters as `{name, value}`. */
export const PaymentInstrumentSchema = z.object({
  id: z.string(),
  urn: z.string().optional(),
  accountIdentifier: z.string().optional(),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  paymentMethod: z.string(),
})

/** The legacy user payment instrument (`PaymentInstrumentData`), behind a Link of the user's payments. */
export const UserPaymentInstrumentSchema = PaymentInstrumentSchema.extend({
  name: z.string().optional(),
  attributes: z.array(AttributeSchema).optional(),
})

/** The basket's buyer (registered users only): whose basket it is, read by ICM clients as the basket's user. */
export const BuyerSchema = z.object({
  accountID: z.string(),
  customerNo: z.string(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  title: z.string().optional(),
  companyName: z.string().optional(),
})

/**
 * ICM's `Recurrence` of a basket (and of a recurring order): an ISO 8601 interval of one unit, weeks answered
 * as days (P14D); the days as yyyy-mm-dd; at most one end.
 */
export const RecurrenceSchema = z.object({
  interval: z.string().regex(/^P[1-9]\d*[DMY]$/),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  repetitions: z.number().int().min(1).optional(),
})

/** ICM's `BasketApprover`. */
export const ApproverSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string().optional(),
})

/** This API's reason for an approval (icm/basket.ts approvalReasonJson). */
export const ApprovalReasonSchema = z.object({
  limit: z.enum(['orderSpentLimit', 'userBudget', 'costCenterBudget', 'costCenterBuyerBudget']),
  stage: z.enum(['customer', 'costCenter']),
  allowed: MoneySchema,
  amount: MoneySchema,
  exceededBy: MoneySchema,
  leftAfter: MoneySchema.optional(),
  priceType: z.enum(['gross', 'net']).optional(),
  spent: MoneySchema.optional(),
  pending: MoneySchema.optional(),
  orderTotal: MoneySchema.optional(),
})

/** `BasketTotalData`: PriceItems; the grand total carries the tax. */
export const TotalsSchema = z.object({
  itemTotal: PriceItemSchema,
  undiscountedItemTotal: PriceItemSchema.optional(),
  shippingTotal: PriceItemSchema.optional(),
  undiscountedShippingTotal: PriceItemSchema.optional(),
  paymentCostsTotal: PriceItemSchema.optional(),
  surchargeTotal: PriceItemSchema.optional(),
  itemValueDiscountsTotal: PriceItemSchema.optional(),
  basketValueDiscountsTotal: PriceItemSchema.optional(),
  itemShippingDiscountsTotal: PriceItemSchema.optional(),
  basketShippingDiscountsTotal: PriceItemSchema.optional(),
  grandTotal: PriceItemSchema.and(z.object({ tax: MoneySchema })),
})

/** `BasketBaseData`: ids of what `included` holds (URNs for addresses), discounts by id. */
export const BasketDataSchema = z.object({
  id: z.string(),
  purchaseCurrency: z.string().optional(),
  calculated: z.boolean(),
  invoiceToAddress: z.string().optional(),
  commonShipToAddress: z.string().optional(),
  commonShippingMethod: z.string().optional(),
  costCenter: z.string().optional(),
  customer: z.string().optional(),
  user: z.string().optional(),
  buyer: BuyerSchema.optional(),
  discounts: z
    .object({
      dynamicMessages: z.array(z.string()).optional(),
      shippingBasedDiscounts: z.array(z.string()).optional(),
      valueBasedDiscounts: z.array(z.string()).optional(),
    })
    .optional(),
  buckets: z.array(z.string()).optional(),
  lineItems: z.array(z.string()).optional(),
  payments: z.array(z.string()).optional(),
  promotionCodes: z.array(z.string()).optional(),
  totals: TotalsSchema,
  totalProductQuantity: z.number().optional(),
  approval: z
    .object({
      approvalRequired: z.boolean(),
      customerApproval: z.object({ approvers: z.array(ApproverSchema) }).optional(),
      costCenterApproval: z.object({ approvers: z.array(ApproverSchema) }).optional(),
      reasons: z.array(ApprovalReasonSchema).optional(),
    })
    .optional(),
  attributes: z.array(AttributeSchema).optional(),
  externalOrderReference: z.string().optional(),
  messageToMerchant: z.string().optional(),
  recurrence: RecurrenceSchema.optional(),
})

/** The `included` maps of a basket (and, with `lineItems_warranty` etc., of an order). */
const basketIncluded = (prefix = '') =>
  z
    .object({
      [`${prefix}invoiceToAddress`]: maps(AddressSchema),
      [`${prefix}commonShipToAddress`]: maps(AddressSchema),
      [`${prefix}commonShippingMethod`]: maps(ShippingMethodSchema),
      [`${prefix}lineItems`]: maps(LineItemSchema),
      [`${prefix}discounts`]: maps(RebateSchema),
      [`${prefix}lineItems_discounts`]: maps(RebateSchema),
      [`${prefix}payments`]: maps(PaymentSchema),
      [`${prefix}payments_paymentMethod`]: maps(PaymentMethodSchema),
      [`${prefix}payments_paymentInstrument`]: maps(PaymentInstrumentSchema),
    })
    .optional()

/** `BasketData`: the basket envelope. */
export const BasketSchema = envelope(BasketDataSchema).extend({ included: basketIncluded() })

/** `POST baskets/{id}/items`: `{data:[LineItem], infos, errors}`. */
export const AddItemsSchema = z.object({
  data: z.array(LineItemSchema),
  infos: z.array(FeedbackSchema).optional(),
  errors: z.array(FeedbackSchema).optional(),
})

/** `PATCH baskets/{id}/items/{itemId}`: the changed line, or only an info when quantity 0 removed it. */
export const LineItemUpdateSchema = z.object({
  data: LineItemSchema.optional(),
  infos: z.array(FeedbackSchema).optional(),
  errors: z.array(FeedbackSchema).optional(),
})

/** `BasketValidationData`: the results, the basket included under `basket_*`. */
export const BasketValidationSchema = z.object({
  data: z.object({
    basket: z.string(),
    results: z.object({
      valid: z.boolean(),
      adjusted: z.boolean(),
      errors: z.array(FeedbackSchema).optional(),
      infos: z.array(FeedbackSchema).optional(),
    }),
    scopes: z.array(z.string()).optional(),
  }),
  included: basketIncluded('basket_')
    .unwrap()
    .extend({ basket: z.record(BasketDataSchema) })
    .optional(),
  infos: z.array(FeedbackSchema).optional(),
  errors: z.array(FeedbackSchema).optional(),
})

/** `OrderBaseData`: the basket's fields plus the order's own. */
export const OrderDataSchema = BasketDataSchema.extend({
  documentNumber: z.string(),
  creationDate: z.union([z.string(), z.number()]),
  orderCreation: z.object({
    status: z.enum(['COMPLETED', 'ROLLED_BACK', 'STOPPED', 'CONTINUE']),
    stopAction: z
      .object({
        type: z.enum(['Redirect', 'Workflow']),
        exitReason: z
          .enum(['waiting_for_pending_payments', 'redirect_urls_required', 'recurring.order'])
          .optional(),
        redirectUrl: z.string().optional(),
      })
      .optional(),
  }),
  statusCode: z.string(),
  status: z.string(),
  basket: z.string(),
  requisitionDocumentNo: z.string().optional(),
  recurringOrderID: z.string().optional(),
  /** Per parcel shipped, the carrier's tracking page or the tracking number. */
  trackingLinks: z.array(z.string()).optional(),
})

export const orderIncluded = basketIncluded()
  .unwrap()
  .extend({ lineItems_warranty: maps(z.record(z.unknown())) })
  .optional()

/** `OrderData` of one order. */
export const OrderSchema = envelope(OrderDataSchema).extend({ included: orderIncluded })

/** `GET orders`: the orders' data, their included maps merged, and the page (`info`). */
export const OrderListSchema = envelope(z.array(OrderDataSchema)).extend({
  included: orderIncluded,
  info: z
    .object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() })
    .passthrough()
    .optional(),
})

/**
 * `POST orders`: the order, or rolled back, the basket as it stands with `orderCreation.status = ROLLED_BACK`;
 * for a basket that needs approval, the requisition it became (requisitions.ts has that route's rule).
 */
export const OrderCreationSchema = z.union([
  OrderSchema,
  envelope(
    BasketDataSchema.extend({
      basket: z.string(),
      orderCreation: z.object({ status: z.literal('ROLLED_BACK') }),
    }),
  ),
])

/** `GET baskets/{id}/eligible-addresses` and the answers of basket address calls. */
export const EligibleAddressesSchema = z.object({ data: z.array(AddressSchema) })
export const BasketAddressSchema = z.object({ data: AddressSchema })

/** The customer's address book: a ResourceCollection of Links; one address as `AddressData`. */
export const AddressBookSchema = resourceCollection(LinkSchema)

/** `GET baskets/{id}[/buckets/{b}]/eligible-shipping-methods`. */
export const EligibleShippingMethodsSchema = z.object({ data: z.array(ShippingMethodSchema) })

/** `PaymentMethodData`: the methods, their instruments included by id. */
export const EligiblePaymentMethodsSchema = z.object({
  data: z.array(PaymentMethodSchema),
  included: z.object({ paymentInstruments: z.record(PaymentInstrumentSchema) }).optional(),
})

/** The open tender: the payment with its method and instrument, or `data: null` once it is gone. */
export const OpenTenderSchema = z.union([
  z.object({
    data: PaymentSchema,
    included: z
      .object({
        paymentMethod: maps(PaymentMethodSchema),
        paymentInstrument: maps(PaymentInstrumentSchema),
      })
      .optional(),
    infos: z.array(FeedbackSchema).optional(),
  }),
  z.object({ data: z.null(), infos: z.array(FeedbackSchema).optional() }),
])

/** `POST baskets/{id}/payment-instruments`: the instrument, its method included when asked for. */
export const BasketPaymentInstrumentSchema = z.object({
  data: PaymentInstrumentSchema,
  included: z.object({ paymentMethod: maps(PaymentMethodSchema) }).optional(),
})

/** The user's saved payments: a ResourceCollection of Links to `PaymentInstrumentData`. */
export const UserPaymentsSchema = resourceCollection(LinkSchema)

/** `{res}/{no}/eligible-payment-methods`: `{methods:[{payments:[PaymentMethodBaseData]}]}`. */
export const UserPaymentMethodsSchema = z.object({
  methods: z.array(z.object({ payments: z.array(PaymentMethodSchema) })),
})

/**
 * `POST baskets/{target}/merges` (`BasketMergeData`): both baskets' ids; the merged basket included as
 * `targetBasket` (by its id) with its includes as `targetBasket_…` (the PWA's `BasketMergeHelper`).
 */
export const BasketMergeSchema = z.object({
  data: z.object({ sourceBasket: z.string(), targetBasket: z.string() }).strict(),
  included: basketIncluded('targetBasket_')
    .unwrap()
    .extend({ targetBasket: z.record(BasketDataSchema) })
    .strict()
    .optional(),
  infos: z.array(FeedbackSchema).optional(),
  errors: z.array(FeedbackSchema).optional(),
})

export const checkoutWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/baskets', schema: BasketSchema },
  { method: 'GET', route: '/rest/:site/baskets/:id', schema: BasketSchema },
  { method: 'PATCH', route: '/rest/:site/baskets/:id', schema: BasketSchema },
  { method: 'PATCH', route: '/rest/:site/baskets/:id/items/:itemId', schema: LineItemUpdateSchema },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/items/:itemId', schema: NoContentSchema },
  { method: 'POST', route: '/rest/:site/baskets/:id/promotioncodes', schema: BasketSchema },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/promotioncodes/:code', schema: NoContentSchema },
  { method: 'POST', route: '/rest/:site/baskets/:id/items', schema: AddItemsSchema },
  { method: 'POST', route: '/rest/:site/baskets/:id/merges', schema: BasketMergeSchema },
  { method: 'GET', route: '/rest/:site/:resource/:customer/addresses', schema: AddressBookSchema },
  { method: 'POST', route: '/rest/:site/:resource/:customer/addresses', schema: LinkSchema },
  { method: 'GET', route: '/rest/:site/:resource/:customer/addresses/:id', schema: AddressSchema },
  { method: 'PUT', route: '/rest/:site/:resource/:customer/addresses/:id', schema: AddressSchema },
  { method: 'DELETE', route: '/rest/:site/:resource/:customer/addresses/:id', schema: NoContentSchema },
  { method: 'PUT', route: '/rest/:site/:resource/:customer/addresses/:id/shared', schema: AddressSchema },
  { method: 'POST', route: '/rest/:site/baskets/:id/addresses', schema: BasketAddressSchema },
  { method: 'PATCH', route: '/rest/:site/baskets/:id/addresses/:addressId', schema: BasketAddressSchema },
  { method: 'GET', route: '/rest/:site/baskets/:id/eligible-addresses', schema: EligibleAddressesSchema },
  {
    method: 'GET',
    route: '/rest/:site/baskets/:id/eligible-shipping-methods',
    schema: EligibleShippingMethodsSchema,
  },
  {
    method: 'GET',
    route: '/rest/:site/baskets/:id/buckets/:bucketId/eligible-shipping-methods',
    schema: EligibleShippingMethodsSchema,
  },
  {
    method: 'GET',
    route: '/rest/:site/baskets/:id/eligible-payment-methods',
    schema: EligiblePaymentMethodsSchema,
  },
  { method: 'PUT', route: '/rest/:site/baskets/:id/payments/open-tender', schema: OpenTenderSchema },
  { method: 'PATCH', route: '/rest/:site/baskets/:id/payments/open-tender', schema: OpenTenderSchema },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/payments/:paymentId', schema: NoContentSchema },
  {
    method: 'POST',
    route: '/rest/:site/baskets/:id/payment-instruments',
    schema: BasketPaymentInstrumentSchema,
  },
  {
    method: 'DELETE',
    route: '/rest/:site/baskets/:id/payment-instruments/:instrumentId',
    schema: NoContentSchema,
  },
  {
    method: 'PATCH',
    route: '/rest/:site/baskets/:id/payment-instruments/:instrumentId',
    schema: z.object({ data: PaymentInstrumentSchema }),
  },
  { method: 'POST', route: '/rest/:site/baskets/:id/validations', schema: BasketValidationSchema },
  { method: 'GET', route: '/rest/:site/:resource/:customer/payments', schema: UserPaymentsSchema },
  {
    method: 'GET',
    route: '/rest/:site/:resource/:customer/payments/:instrumentId',
    schema: UserPaymentInstrumentSchema,
  },
  { method: 'POST', route: '/rest/:site/:resource/:customer/payments', schema: LinkSchema },
  {
    method: 'PUT',
    route: '/rest/:site/:resource/:customer/payments/:instrumentId',
    schema: UserPaymentInstrumentSchema,
  },
  {
    method: 'PUT',
    route: '/rest/:site/customers/-/payments/:instrumentId',
    schema: UserPaymentInstrumentSchema,
  },
  {
    method: 'DELETE',
    route: '/rest/:site/:resource/:customer/payments/:instrumentId',
    schema: NoContentSchema,
  },
  {
    method: 'GET',
    route: '/rest/:site/:resource/:customer/eligible-payment-methods',
    schema: UserPaymentMethodsSchema,
  },
  { method: 'GET', route: '/rest/:site/orders', schema: OrderListSchema },
  { method: 'GET', route: '/rest/:site/orders/:id', schema: OrderSchema },
  { method: 'PATCH', route: '/rest/:site/orders/:id', schema: OrderSchema },
]
