import { z } from 'zod'
import {
  AddressEnvelopeSchema,
  AddressListSchema,
  CreatedLinkSchema,
  createdId,
  mapAddress,
  type Address,
} from '~/models/address'
import type { AddressForm } from '~/models/address-form'
import { icmCall, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

/** Addresses (spec §7): the basket's own (guests) and the customer's address book. Personal, never cached. */

const basketPath = (basketId: string, rest = '') => `baskets/${encodeURIComponent(basketId)}${rest}`

/** The customer resource of the logged-in user: business customers and private customers live apart. */
export const customerResource = (user: SessionUser) =>
  user.customerType === 'SMBCustomer' ? 'customers' : 'privatecustomers'

const addressBody = (form: AddressForm, email?: string) => ({
  ...form,
  mainDivisionCode: form.mainDivision,
  ...(email ? { email } : {}),
})

/** Addresses a logged-in user may choose for this basket (the customer's and the basket's own). */
export async function eligibleAddresses(scope: IcmScope, basketId: string): Promise<Address[]> {
  const data = await icmCall(scope, {
    path: basketPath(basketId, '/eligible-addresses'),
    schema: AddressListSchema,
    cache: 'none',
  })
  return data.data.map(mapAddress)
}

/** Writes a guest's address on the basket and answers it as ICM stored it. */
function writeBasketAddress(
  scope: IcmScope,
  method: 'POST' | 'PATCH',
  path: string,
  form: AddressForm,
  email?: string,
): Promise<IcmResult<Address>> {
  return tryIcm(
    icmCall(scope, {
      method,
      path,
      json: addressBody(form, email),
      schema: AddressEnvelopeSchema,
      cache: 'none',
    }).then((data) => mapAddress(data.data)),
  )
}

/** A guest's address on the basket (`POST baskets/{id}/addresses`); the invoice address carries the e-mail. */
export function createBasketAddress(
  scope: IcmScope,
  basketId: string,
  form: AddressForm,
  email?: string,
): Promise<IcmResult<Address>> {
  return writeBasketAddress(scope, 'POST', basketPath(basketId, '/addresses'), form, email)
}

export function updateBasketAddress(
  scope: IcmScope,
  basketId: string,
  addressId: string,
  form: AddressForm,
  email?: string,
): Promise<IcmResult<Address>> {
  const path = basketPath(basketId, `/addresses/${encodeURIComponent(addressId)}`)
  return writeBasketAddress(scope, 'PATCH', path, form, email)
}

/**
 * Adds to one of the logged-in customer's collections (`POST {customers}/-/{collection}`: addresses, payments);
 * answers the new item's id, which ICM gives only as a link.
 */
export function createForCustomer(
  scope: IcmScope,
  user: SessionUser,
  collection: 'addresses' | 'payments',
  json: unknown,
): Promise<IcmResult<string>> {
  return tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: `${customerResource(user)}/-/${collection}`,
      json,
      schema: CreatedLinkSchema,
      cache: 'none',
    }).then((link) => {
      const id = createdId(link)
      if (!id) throw new Response(null, { status: 502, statusText: 'Bad Gateway' })
      return id
    }),
  )
}

/** A new address in the logged-in customer's address book; answers its id. */
export function createCustomerAddress(
  scope: IcmScope,
  user: SessionUser,
  form: AddressForm,
): Promise<IcmResult<string>> {
  return createForCustomer(scope, user, 'addresses', addressBody(form))
}

export function updateCustomerAddress(
  scope: IcmScope,
  user: SessionUser,
  addressId: string,
  form: AddressForm,
): Promise<IcmResult> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: `${customerResource(user)}/-/addresses/${encodeURIComponent(addressId)}`,
      json: addressBody(form),
      schema: z.unknown(),
      cache: 'none',
    }).then(() => undefined),
  )
}
