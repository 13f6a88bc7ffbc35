import { regionCodes, type Address } from '~/models/address'
import { guestAddressesSchema, userAddressesSchema } from '~/models/address-form'
import {
  createBasketAddress,
  createCustomerAddress,
  updateBasketAddress,
  updateCustomerAddress,
} from './addresses.server'
import { updateCheckoutBasket } from './checkout.server'
import { continueFrom, type CheckoutContext } from './checkout-flow.server'
import { countriesWithRegions } from './countries.server'
import { echoSubmission, parseSubmission } from './form.server'
import { invalid, refused } from './form-result.server'
import { redirectWithToast } from './toast.server'
import type { SessionUser } from './session.server'
import type { IcmProblem } from './icm.server'
import { data } from '@remix-run/node'

type RegionsOf = (country: string) => string[] | undefined

/** Which of the step's forms an answer belongs to: the page has up to three, each shows only its own. */
export type AddressFormId = 'guest' | 'select' | 'create' | 'edit'

const isBasketAddress = (address: Address | undefined) => !!address?.urn.startsWith('urn:address:basket:')

/**
 * The address step's post. Without JavaScript a changed country or a changed "ship to the invoice address"
 * posts the form back (`update`, naming the control to focus afterwards): the page re-renders with what was
 * typed, the new country's regions and the ship-to fields only when they are wanted; nothing is checked or
 * saved.
 */
export async function addressStepAction(ctx: CheckoutContext, form: FormData) {
  const places = await countriesWithRegions(ctx.scope)
  const regionsOf = regionCodes(places.regions)
  const user = ctx.session.get('user')
  const schema = user ? userAddressesSchema(ctx.t, regionsOf) : guestAddressesSchema(ctx.t, regionsOf)
  const update = form.get('update')
  if (typeof update === 'string') {
    const formId = String(form.get('formId') ?? '')
    return data({ formId, result: echoSubmission(form, schema), focus: update })
  }
  return user ? userAction(ctx, user, form, regionsOf) : guestAction(ctx, form, regionsOf)
}

/** A guest's e-mail and addresses, kept on the basket (updated when it has them already), then assigned. */
async function guestAction(ctx: CheckoutContext, form: FormData, regionsOf: RegionsOf) {
  const { scope, basket, t } = ctx
  const submission = parseSubmission(form, { schema: guestAddressesSchema(t, regionsOf), t })
  if (submission.status !== 'success') return answer('guest', invalid(submission))
  const fail = (errors: IcmProblem[]) => answer('guest', refused(submission, t, errors))
  const value = submission.value
  const invoice = isBasketAddress(basket.invoiceAddress)
    ? await updateBasketAddress(scope, basket.id, basket.invoiceAddress!.id, value.invoice, value.email)
    : await createBasketAddress(scope, basket.id, value.invoice, value.email)
  if (!invoice.ok) return fail(invoice.errors)
  let shipToUrn = invoice.value.urn
  if (value.shipping) {
    const separate =
      isBasketAddress(basket.shipToAddress) && basket.shipToAddress!.id !== basket.invoiceAddress?.id
    const shipTo = separate
      ? await updateBasketAddress(scope, basket.id, basket.shipToAddress!.id, value.shipping)
      : await createBasketAddress(scope, basket.id, value.shipping)
    if (!shipTo.ok) return fail(shipTo.errors)
    shipToUrn = shipTo.value.urn
  }
  const assigned = await updateCheckoutBasket(scope, basket.id, {
    invoiceToAddress: invoice.value.urn,
    commonShipToAddress: shipToUrn,
  })
  if (!assigned.ok) return fail(assigned.errors)
  return continueFrom(ctx, 'address')
}

/** A user chooses among the eligible addresses, or adds or edits one of the address book. */
async function userAction(ctx: CheckoutContext, user: SessionUser, form: FormData, regionsOf: RegionsOf) {
  const { scope, session, basket, locale, t } = ctx
  const submission = parseSubmission(form, { schema: userAddressesSchema(t, regionsOf), t })
  const formId = String(form.get('intent') ?? '')
  if (submission.status !== 'success') return answer(formId, invalid(submission))
  const fail = (errors: IcmProblem[]) => answer(formId, refused(submission, t, errors))
  const value = submission.value
  const here = `/${locale.lang}/checkout/address`
  switch (value.intent) {
    case 'select': {
      const result = await updateCheckoutBasket(scope, basket.id, {
        invoiceToAddress: value.invoiceAddress,
        commonShipToAddress: value.shipToAddress,
      })
      if (!result.ok) return fail(result.errors)
      return continueFrom(ctx, 'address')
    }
    case 'create': {
      const created = await createCustomerAddress(scope, user, value.address)
      if (!created.ok) return fail(created.errors)
      const result = await updateCheckoutBasket(scope, basket.id, {
        ...(value.use !== 'shipping' ? { invoiceToAddress: created.value } : {}),
        ...(value.use !== 'invoice' ? { commonShipToAddress: created.value } : {}),
      })
      if (!result.ok) return fail(result.errors)
      return redirectWithToast(session, here, {
        key: 'account.addresses.new_address_created.message',
        type: 'success',
      })
    }
    case 'edit': {
      const result = await updateCustomerAddress(scope, user, value.addressId, value.address)
      if (!result.ok) return fail(result.errors)
      return redirectWithToast(session, here, {
        key: 'account.addresses.address_updated.message',
        type: 'success',
      })
    }
  }
}

/** The form's answer (`invalid`/`refused`) with the id of the form it belongs to. */
function answer(formId: string, reply: ReturnType<typeof invalid>) {
  return data({ formId, result: reply.data.result }, reply.init ?? undefined)
}
