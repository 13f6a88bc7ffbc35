import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { logout } from '~/services/auth.server'
import { formText, readForm } from '~/services/form.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/**
 * `/logout` (spec §2.1): a plain GET must not change anything, or any page on the web could log a shopper
 * out with an image or link (issue 14). A logged-in shopper gets a page with the logout button; anyone
 * else goes straight on to `returnUrl`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, session } = await shopperOf(request, params)
  const returnUrl = safeReturnUrl(new URL(request.url).searchParams.get('returnUrl'), `/${locale.lang}/home`)
  if (!session.get('user')) throw redirect(returnUrl)
  const t = fixedT(locale.id)
  return data({ title: t('account.logout.title'), returnUrl }, { headers: cacheHeaders(request, 'private') })
}

/** The header's logout button and the page's post here: logout, then `returnUrl` or home (spec §4.7). */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request)
  const { locale, session, scope } = await shopperOf(request, params)
  await logout(scope, session)
  return redirectWithToast(session, safeReturnUrl(formText(form, 'returnUrl'), `/${locale.lang}/home`), {
    key: 'account.logout.success.message',
    type: 'info',
  })
}

export default function LogoutPage() {
  const { returnUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const navigation = useNavigation()
  return (
    <>
      <h1>{t('account.logout.title')}</h1>
      <p>{t('account.logout.confirm.text')}</p>
      <Form method="post">
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <button type="submit" disabled={navigation.state === 'submitting'}>
          {t('header.logout')}
        </button>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
