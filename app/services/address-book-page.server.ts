/**
 * What the address book page's forms do (`/{lang}/account/addresses`, spec §5, §8): create, edit, delete,
 * prefer and share an address, each answered by post/redirect/get with the spec's message, or the form shown
 * again with the API's reasons. Without JavaScript a changed country posts the form back (`update`) for its
 * regions, as on the checkout's address step.
 */
import { data } from '@remix-run/node'
import { regionCodes } from '~/models/address'
import { addressBookPath, addressBookSchema, partnerNumbers } from '~/models/address-book'
import { createCustomerAddress, updateCustomerAddress } from './addresses.server'
import { deleteBookAddress, preferAddress, shareBookAddress } from './address-book.server'
import { countriesWithRegions } from './countries.server'
import { echoSubmission, parseSubmission } from './form.server'
import { invalid, refused } from './form-result.server'
import { loginAgainIfRefused, type LoggedIn } from './guards.server'
import { fixedT } from './i18n.server'
import type { IcmProblem } from './icm.server'
import { redirectWithToast } from './toast.server'

export async function addressBookAction(request: Request, shopper: LoggedIn, form: FormData) {
  const { scope, session, locale, user } = shopper
  const t = fixedT(locale.id)
  const places = await countriesWithRegions(scope)
  const schema = addressBookSchema(t, regionCodes(places.regions))
  const update = form.get('update')
  if (typeof update === 'string') {
    const formId = String(form.get('formId') ?? '')
    return data({ formId, result: echoSubmission(form, schema), focus: update })
  }
  const submission = parseSubmission(form, { schema, t })
  const formId = String(form.get('intent') ?? '')
  if (submission.status !== 'success') return answer(formId, invalid(submission))
  const fail = (errors: IcmProblem[]) => answer(formId, refused(submission, t, errors))
  const here = addressBookPath(locale.lang)
  const done = (key: string) => redirectWithToast(session, here, { key, type: 'success' })
  const value = submission.value
  switch (value.intent) {
    case 'create': {
      const result = await loginAgainIfRefused(
        request,
        shopper,
        createCustomerAddress(scope, user, value.address),
      )
      return result.ok ? done('account.addresses.new_address_created.message') : fail(result.errors)
    }
    case 'edit': {
      const result = await loginAgainIfRefused(
        request,
        shopper,
        updateCustomerAddress(scope, user, value.addressId, value.address),
      )
      return result.ok ? done('account.addresses.address_updated.message') : fail(result.errors)
    }
    case 'delete': {
      const result = await loginAgainIfRefused(
        request,
        shopper,
        deleteBookAddress(scope, user, value.addressId),
      )
      if (result.ok) return done('account.addresses.new_address_deleted.message')
      // The refusal (the last address, a preferred one) in the shopper's language, back on the list.
      return redirectWithToast(session, here, { key: result.errors[0]!.code, type: 'error' })
    }
    case 'prefer': {
      const result = await loginAgainIfRefused(
        request,
        shopper,
        preferAddress(scope, user, value.purpose, value.addressId),
      )
      if (!result.ok) return redirectWithToast(session, here, { key: result.errors[0]!.code, type: 'error' })
      return done(
        value.purpose === 'invoiceTo'
          ? 'account.address_book.preferred_invoice.message'
          : 'account.address_book.preferred_ship_to.message',
      )
    }
    case 'share': {
      const sharedFor = value.sharing === 'users' ? partnerNumbers(value.sharedFor) : []
      const result = await loginAgainIfRefused(
        request,
        shopper,
        shareBookAddress(scope, user, value.addressId, { shared: value.sharing !== 'none', sharedFor }),
      )
      return result.ok ? done('ede.account.addresses.address_shared.message') : fail(result.errors)
    }
  }
}

/** The form's answer (`invalid`/`refused`) with the id of the form it belongs to. */
function answer(formId: string, reply: ReturnType<typeof invalid>) {
  return data({ formId, result: reply.data.result }, reply.init ?? undefined)
}
