import { z } from 'zod'
import {
  AddressSchema,
  CountriesSchema,
  mapAddress,
  type Address,
  type Country,
  type Region,
} from '~/models/address'
import type { AddressForm } from '~/models/address-form'
import {
  CHECKOUT_INCLUDE,
  CheckoutBasketSchema,
  ShippingMethodsSchema,
  ValidationSchema,
  adjustmentsAllowed,
  mapCheckoutBasket,
  mapShippingMethod,
  mapValidation,
  type CheckoutBasket,
  type ShippingMethod,
  type ValidationResults,
} from '~/models/checkout'
import { PaymentMethodsSchema, mapPaymentMethods, type PaymentMethod } from '~/models/payment'
import { refusal, type ChangeResult } from './basket.server'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

/** Checkout calls on the shopper's basket (spec §7 Baskets): each personal, never cached. */

const Anything = z.unknown()
const basketPath = (basketId: string, rest = '') => `baskets/${encodeURIComponent(basketId)}${rest}`

/** The current basket with its addresses, shipping method and payment; null without token or basket. */
export async function checkoutBasket(scope: IcmScope): Promise<CheckoutBasket | null> {
  if (!scope.token) return null
  try {
    const data = await icmCall(scope, {
      path: 'baskets/current',
      query: { include: CHECKOUT_INCLUDE },
      schema: CheckoutBasketSchema,
      cache: 'none',
    })
    return mapCheckoutBasket(data)
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 401)) return null
    throw error
  }
}

/** Countries the shop delivers to, localized; channel data, cached `long`. */
export async function countries(scope: IcmScope): Promise<Country[]> {
  const data = await icmCall(scope, { path: 'countries', schema: CountriesSchema, cache: 'long' })
  return data.data.map((c) => ({ countryCode: c.id, name: c.name }))
}

/** The regions (main divisions) of a country; empty for a country without. Cached `long`. */
export async function regions(scope: IcmScope, countryCode: string): Promise<Region[]> {
  try {
    const data = await icmCall(scope, {
      path: `countries/${encodeURIComponent(countryCode)}/main-divisions`,
      schema: CountriesSchema,
      cache: 'long',
    })
    return data.data.map((r) => ({ countryCode, regionCode: r.id, name: r.name }))
  } catch (error) {
    if (error instanceof IcmError && error.status === 404) return []
    throw error
  }
}

/** All countries with their regions, for the address forms (the region select follows the country). */
export async function countriesWithRegions(scope: IcmScope) {
  const list = await countries(scope)
  const all = await Promise.all(list.map((c) => regions(scope, c.countryCode)))
  return {
    countries: list,
    regions: Object.fromEntries(list.map((c, i) => [c.countryCode, all[i] ?? []])) as Record<
      string,
      Region[]
    >,
  }
}

const AddressEnvelope = z.object({ data: AddressSchema })
const AddressListSchema = z.object({ data: z.array(AddressSchema) })

/** Addresses a logged-in user may choose for this basket (the customer's and the basket's own). */
export async function eligibleAddresses(scope: IcmScope, basketId: string): Promise<Address[]> {
  const data = await icmCall(scope, {
    path: basketPath(basketId, '/eligible-addresses'),
    schema: AddressListSchema,
    cache: 'none',
  })
  return data.data.map(mapAddress)
}

const addressBody = (form: AddressForm, email?: string) => ({
  ...form,
  mainDivisionCode: form.mainDivision,
  ...(email ? { email } : {}),
})

type AddressResult =
  { ok: true; address: Address } | { ok: false; errors: { code: string; message: string }[] }

/** A guest's address on the basket (`POST baskets/{id}/addresses`); the invoice address carries the e-mail. */
export async function createBasketAddress(
  scope: IcmScope,
  basketId: string,
  form: AddressForm,
  email?: string,
): Promise<AddressResult> {
  try {
    const data = await icmCall(scope, {
      method: 'POST',
      path: basketPath(basketId, '/addresses'),
      json: addressBody(form, email),
      schema: AddressEnvelope,
      cache: 'none',
    })
    return { ok: true, address: mapAddress(data.data) }
  } catch (error) {
    return refusal(error)
  }
}

export async function updateBasketAddress(
  scope: IcmScope,
  basketId: string,
  addressId: string,
  form: AddressForm,
  email?: string,
): Promise<AddressResult> {
  try {
    const data = await icmCall(scope, {
      method: 'PATCH',
      path: basketPath(basketId, `/addresses/${encodeURIComponent(addressId)}`),
      json: addressBody(form, email),
      schema: AddressEnvelope,
      cache: 'none',
    })
    return { ok: true, address: mapAddress(data.data) }
  } catch (error) {
    return refusal(error)
  }
}

const customerResource = (user: SessionUser) =>
  user.customerType === 'SMBCustomer' ? 'customers' : 'privatecustomers'

const LinkSchema = z.object({
  itemId: z.string().optional(),
  uri: z.string().optional(),
  title: z.string().optional(),
})

/** A new address in the logged-in customer's address book; answers its id. */
export async function createCustomerAddress(
  scope: IcmScope,
  user: SessionUser,
  form: AddressForm,
): Promise<{ ok: true; id: string } | { ok: false; errors: { code: string; message: string }[] }> {
  try {
    const link = await icmCall(scope, {
      method: 'POST',
      path: `${customerResource(user)}/-/addresses`,
      json: addressBody(form),
      schema: LinkSchema,
      cache: 'none',
    })
    const id = link.itemId ?? link.uri?.split('/').pop() ?? link.title
    if (!id) throw new Response(null, { status: 502, statusText: 'Bad Gateway' })
    return { ok: true, id }
  } catch (error) {
    return refusal(error)
  }
}

export async function updateCustomerAddress(
  scope: IcmScope,
  user: SessionUser,
  addressId: string,
  form: AddressForm,
): Promise<ChangeResult> {
  try {
    await icmCall(scope, {
      method: 'PUT',
      path: `${customerResource(user)}/-/addresses/${encodeURIComponent(addressId)}`,
      json: addressBody(form),
      schema: Anything,
      cache: 'none',
    })
    return { ok: true }
  } catch (error) {
    return refusal(error)
  }
}

/** Basket fields checkout sets: invoice and ship-to address (URN or id) and the shipping method. */
export async function updateCheckoutBasket(
  scope: IcmScope,
  basketId: string,
  fields: { invoiceToAddress?: string; commonShipToAddress?: string; commonShippingMethod?: string },
): Promise<ChangeResult> {
  try {
    await icmCall(scope, {
      method: 'PATCH',
      path: basketPath(basketId),
      json: fields,
      schema: Anything,
      cache: 'none',
    })
    return { ok: true }
  } catch (error) {
    return refusal(error)
  }
}

export async function eligibleShippingMethods(scope: IcmScope, basketId: string): Promise<ShippingMethod[]> {
  const data = await icmCall(scope, {
    path: basketPath(basketId, '/eligible-shipping-methods'),
    schema: ShippingMethodsSchema,
    cache: 'none',
  })
  return data.data.map(mapShippingMethod)
}

export async function eligiblePaymentMethods(scope: IcmScope, basketId: string): Promise<PaymentMethod[]> {
  const data = await icmCall(scope, {
    path: basketPath(basketId, '/eligible-payment-methods'),
    query: { include: 'paymentInstruments' },
    schema: PaymentMethodsSchema,
    cache: 'none',
  })
  return mapPaymentMethods(data)
}

export type RedirectUrls = { successUrl: string; cancelUrl: string; failureUrl: string }

const OpenTenderSchema = z.object({
  data: z
    .object({ redirect: z.object({ redirectUrl: z.string().optional() }).optional() })
    .passthrough()
    .nullable()
    .optional(),
  infos: z.array(z.object({ code: z.string(), message: z.string().optional() })).optional(),
})

/**
 * Chooses how the basket is paid (`PUT payments/open-tender`): a method without parameters by its id, or an
 * instrument. A method that authorises before checkout gets the return URLs and answers the provider's page.
 */
export async function setPayment(
  scope: IcmScope,
  basketId: string,
  paymentInstrument: string,
  redirect?: RedirectUrls,
): Promise<{ ok: true; redirectUrl?: string } | { ok: false; errors: { code: string; message: string }[] }> {
  try {
    const data = await icmCall(scope, {
      method: 'PUT',
      path: basketPath(basketId, '/payments/open-tender'),
      json: { paymentInstrument, ...(redirect ? { redirect } : {}) },
      schema: OpenTenderSchema,
      cache: 'none',
    })
    return { ok: true, redirectUrl: data.data?.redirect?.redirectUrl }
  } catch (error) {
    return refusal(error)
  }
}

/**
 * The provider's answer before checkout, passed on as it came (spec §4 "Payment redirect return"): the
 * status upper-cased and every query parameter as name/value. Answers the infos (cancelled, failed).
 */
export async function returnToOpenTender(
  scope: IcmScope,
  basketId: string,
  status: string,
  parameters: { name: string; value: string }[],
): Promise<
  | { ok: true; authorized: boolean; infos: { code: string; message?: string }[] }
  | { ok: false; errors: { code: string; message: string }[] }
> {
  try {
    const data = await icmCall(scope, {
      method: 'PATCH',
      path: basketPath(basketId, '/payments/open-tender'),
      json: { redirect: { status: status.toUpperCase(), parameters } },
      schema: OpenTenderSchema,
      cache: 'none',
    })
    return {
      ok: true,
      authorized: (data.data as { status?: string } | null)?.status === 'Authorized',
      infos: data.infos ?? [],
    }
  } catch (error) {
    return refusal(error)
  }
}

const InstrumentEnvelope = z.object({ data: z.object({ id: z.string() }).passthrough() })

/** Payment data entered for this basket only (`POST baskets/{id}/payment-instruments`). */
export async function createBasketInstrument(
  scope: IcmScope,
  basketId: string,
  paymentMethod: string,
  parameters: { name: string; value: string }[],
): Promise<{ ok: true; id: string } | { ok: false; errors: { code: string; message: string }[] }> {
  try {
    const data = await icmCall(scope, {
      method: 'POST',
      path: basketPath(basketId, '/payment-instruments'),
      query: { include: 'paymentMethod' },
      json: { paymentMethod, parameters },
      schema: InstrumentEnvelope,
      cache: 'none',
    })
    return { ok: true, id: data.data.id }
  } catch (error) {
    return refusal(error)
  }
}

/** ICM answers a Link to the saved instrument. */
const SavedInstrumentSchema = z.object({
  id: z.string().optional(),
  itemId: z.string().optional(),
  uri: z.string().optional(),
})

/** Payment data saved for later in the user's account (`POST {customers}/-/payments`, ICM's key/property). */
export async function saveUserInstrument(
  scope: IcmScope,
  user: SessionUser,
  paymentMethod: string,
  parameters: { name: string; value: string }[],
): Promise<{ ok: true; id: string } | { ok: false; errors: { code: string; message: string }[] }> {
  try {
    const data = await icmCall(scope, {
      method: 'POST',
      path: `${customerResource(user)}/-/payments`,
      json: { name: paymentMethod, parameters: parameters.map((p) => ({ key: p.name, property: p.value })) },
      schema: SavedInstrumentSchema,
      cache: 'none',
    })
    const id = data.itemId ?? data.id ?? data.uri?.split('/').pop()
    if (!id) throw new Response(null, { status: 502, statusText: 'Bad Gateway' })
    return { ok: true, id }
  } catch (error) {
    return refusal(error)
  }
}

/** Validates the basket for the given scopes (spec §4); adjustments are allowed except for scope All. */
export async function validateBasket(
  scope: IcmScope,
  basketId: string,
  scopes: string[],
): Promise<ValidationResults> {
  const data = await icmCall(scope, {
    method: 'POST',
    path: basketPath(basketId, '/validations'),
    json: { adjustmentsAllowed: adjustmentsAllowed(scopes), scopes },
    schema: ValidationSchema,
    cache: 'none',
  })
  return mapValidation(data)
}

// ---------------------------------------------------------------------------------------------------------
// Orders

const OrderCreationSchema = z.object({
  data: z
    .object({
      id: z.string().optional(),
      orderCreation: z
        .object({
          status: z.string(),
          stopAction: z
            .object({
              type: z.string().optional(),
              redirectUrl: z.string().optional(),
              exitReason: z.string().optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .passthrough(),
  infos: z.array(z.object({ code: z.string(), message: z.string().optional() })).optional(),
})

export type OrderOutcome =
  | { kind: 'completed'; orderId: string }
  | { kind: 'rolledBack'; infos: { code: string; message?: string }[] }
  | { kind: 'redirect'; orderId?: string; url: string }
  | { kind: 'redirectUrlsRequired'; orderId: string }
  | { kind: 'basketNotFound' }
  | { kind: 'refused'; errors: { code: string; message: string }[] }

function outcomeOf(data: z.infer<typeof OrderCreationSchema>): OrderOutcome {
  const creation = data.data.orderCreation
  const id = data.data.id
  if (creation?.status === 'ROLLED_BACK') return { kind: 'rolledBack', infos: data.infos ?? [] }
  if (creation?.status === 'STOPPED') {
    const stop = creation.stopAction
    if (stop?.type === 'Redirect' && stop.redirectUrl)
      return { kind: 'redirect', orderId: id, url: stop.redirectUrl }
    if (stop?.type === 'Workflow' && stop.exitReason === 'redirect_urls_required' && id)
      return { kind: 'redirectUrlsRequired', orderId: id }
  }
  if (!id) throw new Response(null, { status: 502, statusText: 'Bad Gateway' })
  return { kind: 'completed', orderId: id }
}

function orderRefusal(error: unknown): OrderOutcome {
  if (error instanceof IcmError && (error.code === 'basket.not_found.error' || error.status === 404))
    return { kind: 'basketNotFound' }
  const refused = refusal(error)
  return { kind: 'refused', errors: refused.errors }
}

/**
 * Places the order (`POST orders`). A basket that already has its order (double click, reloaded POST, a
 * second tab) gets that order back from the API, which is a success like the first answer. That is also why a
 * submit that timed out (504) is asked once more: the first call may have placed the order after all, and the
 * shopper should see its receipt, not a gateway error while the order exists.
 */
export async function createOrder(
  scope: IcmScope,
  basketId: string,
  termsAndConditionsAccepted: boolean,
  retried = false,
): Promise<OrderOutcome> {
  try {
    const data = await icmCall(scope, {
      method: 'POST',
      path: 'orders',
      json: { basket: basketId, termsAndConditionsAccepted },
      schema: OrderCreationSchema,
      cache: 'none',
    })
    return outcomeOf(data)
  } catch (error) {
    if (error instanceof Response && error.status === 504 && !retried)
      return createOrder(scope, basketId, termsAndConditionsAccepted, true)
    return orderRefusal(error)
  }
}

/** Continues a stopped order: with the return URLs it asks for, or with the provider's answer. */
export async function continueOrder(
  scope: IcmScope,
  orderId: string,
  redirect: RedirectUrls | { status: string; parameters: { name: string; value: string }[] },
): Promise<OrderOutcome> {
  try {
    const data = await icmCall(scope, {
      method: 'PATCH',
      path: `orders/${encodeURIComponent(orderId)}`,
      json: { orderCreation: { status: 'CONTINUE', redirect } },
      schema: OrderCreationSchema,
      cache: 'none',
    })
    return outcomeOf(data)
  } catch (error) {
    return orderRefusal(error)
  }
}
