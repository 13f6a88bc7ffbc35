import '~/browser/account-texts'
import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import {
  AddressCard,
  DeleteAddress,
  EditAddressForm,
  NewAddressForm,
  ShareAddressForm,
} from '~/components/account/AddressBook'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { useShell } from '~/components/useShell'
import { addressBookPath, sortBook } from '~/models/address-book'
import { noindexMeta } from '~/models/seo'
import { addressBookAction } from '~/services/address-book-page.server'
import { addressBook } from '~/services/address-book.server'
import { countriesWithRegions } from '~/services/countries.server'
import { readForm } from '~/services/form.server'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'

export const headers = pageHeaders

/**
 * The address book (`/{lang}/account/addresses`, logged in): the addresses the user sees as cards, the
 * preferred ones first; `?edit=`, `?share=` and `?delete=` (the delete's confirmation step) name the address
 * a form is for, `?new` opens the new address form. Every form works without JavaScript.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const { scope, user, locale } = shopper
  const query = new URL(request.url).searchParams
  const [book, places] = await Promise.all([
    loginAgainIfRefused(request, shopper, addressBook(scope, user)),
    countriesWithRegions(scope),
  ])
  const pick = (param: string) => {
    const id = query.get(param)
    return (id && book.find((a) => a.id === id && a.editable)) || null
  }
  const t = fixedT(locale.id)
  return data(
    {
      title: t('account.address_book.title'),
      addresses: sortBook(book),
      business: user.customerType === 'SMBCustomer',
      places,
      editing: pick('edit'),
      sharing: user.customerType === 'SMBCustomer' ? pick('share') : null,
      deleting: pick('delete'),
      adding: query.has('new') || book.length === 0,
    },
    { headers: privateHeaders() },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  return addressBookAction(request, shopper, await readForm(request))
}

export default function AddressBookPage() {
  const { addresses, business, places, editing, sharing, deleting, adding } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ formId: string; result: SubmissionResult<string[]> }>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const here = addressBookPath(locale.lang)
  // The page has several forms: each shows only the answer to its own post.
  const resultFor = (formId: string) => (actionData?.formId === formId ? actionData.result : null)
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: t('account.address_book.title') }]} />
      <h1>{t('account.address_book.title')}</h1>
      <p>{t(business ? 'account.address_book.intro.business' : 'account.address_book.intro')}</p>
      {deleting ? <DeleteAddress address={deleting} cancelUrl={here} /> : null}
      {editing ? <EditAddressForm address={editing} places={places} lastResult={resultFor('edit')} /> : null}
      {sharing ? <ShareAddressForm address={sharing} lastResult={resultFor('share')} /> : null}
      {addresses.length ? (
        <ul className="address-cards" aria-label={t('account.address_book.list')}>
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} business={business} here={here} />
          ))}
        </ul>
      ) : (
        <p data-testid="address-book-empty">{t('account.address_book.empty')}</p>
      )}
      <NewAddressForm
        places={places}
        lastResult={resultFor('create')}
        open={adding || !!resultFor('create')}
      />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
