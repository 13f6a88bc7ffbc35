import {
  BasketInstrumentEnvelopeSchema,
  OpenTenderSchema,
  PaymentMethodsSchema,
  mapPaymentMethods,
  type PaymentMethod,
} from '~/models/payment'
import type { ApiMessage } from '~/models/messages'
import { createForCustomer } from './addresses.server'
import { icmCall, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

/** Payment methods, the basket's open tender and payment instruments (spec §5, §7). Personal, never cached. */

const basketPath = (basketId: string, rest = '') => `baskets/${encodeURIComponent(basketId)}${rest}`

export type RedirectUrls = { successUrl: string; cancelUrl: string; failureUrl: string }
export type ProviderAnswer = { name: string; value: string }[]

export async function eligiblePaymentMethods(scope: IcmScope, basketId: string): Promise<PaymentMethod[]> {
  const data = await icmCall(scope, {
    path: basketPath(basketId, '/eligible-payment-methods'),
    query: { include: 'paymentInstruments' },
    schema: PaymentMethodsSchema,
    cache: 'none',
  })
  return mapPaymentMethods(data)
}

/**
 * Chooses how the basket is paid (`PUT payments/open-tender`): a method without parameters by its id, or an
 * instrument. A method that authorises before checkout gets the return URLs and answers the provider's page.
 */
export function setPayment(
  scope: IcmScope,
  basketId: string,
  paymentInstrument: string,
  redirect?: RedirectUrls,
): Promise<IcmResult<{ redirectUrl?: string }>> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: basketPath(basketId, '/payments/open-tender'),
      json: { paymentInstrument, ...(redirect ? { redirect } : {}) },
      schema: OpenTenderSchema,
      cache: 'none',
    }).then((data) => ({ redirectUrl: data.data?.redirect?.redirectUrl })),
  )
}

/**
 * The provider's answer before checkout, passed on as it came (spec §4 "Payment redirect return"): the
 * status upper-cased and every query parameter as name/value. Answers the infos (cancelled, failed).
 */
export function returnToOpenTender(
  scope: IcmScope,
  basketId: string,
  status: string,
  parameters: ProviderAnswer,
): Promise<IcmResult<{ authorized: boolean; infos: ApiMessage[] }>> {
  return tryIcm(
    icmCall(scope, {
      method: 'PATCH',
      path: basketPath(basketId, '/payments/open-tender'),
      json: { redirect: { status: status.toUpperCase(), parameters } },
      schema: OpenTenderSchema,
      cache: 'none',
    }).then((data) => ({ authorized: data.data?.status === 'Authorized', infos: data.infos ?? [] })),
  )
}

/** Payment data entered for this basket only (`POST baskets/{id}/payment-instruments`); answers its id. */
export function createBasketInstrument(
  scope: IcmScope,
  basketId: string,
  paymentMethod: string,
  parameters: ProviderAnswer,
): Promise<IcmResult<string>> {
  return tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: basketPath(basketId, '/payment-instruments'),
      query: { include: 'paymentMethod' },
      json: { paymentMethod, parameters },
      schema: BasketInstrumentEnvelopeSchema,
      cache: 'none',
    }).then((data) => data.data.id),
  )
}

/** Payment data saved for later in the user's account (`POST {customers}/-/payments`, ICM's key/property). */
export function saveUserInstrument(
  scope: IcmScope,
  user: SessionUser,
  paymentMethod: string,
  parameters: ProviderAnswer,
): Promise<IcmResult<string>> {
  return createForCustomer(scope, user, 'payments', {
    name: paymentMethod,
    parameters: parameters.map((p) => ({ key: p.name, property: p.value })),
  })
}
