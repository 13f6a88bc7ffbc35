import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { SubmitButton } from '~/components/form-controls'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { logout } from '~/services/auth.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { providerLogoutUrl } from '~/services/sso.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/** The logout form (the header's button and this page's): only where to go afterwards. */
const LogoutSchema = z.object({ returnUrl: z.string().max(2048).optional() })

/**
 * `/logout` (spec §2.1): a plain GET must not change anything, or any page on the web could log a shopper
 * out with an image or link (issue 14). A logged-in shopper gets a page with the logout button; anyone
 * else goes straight on to `returnUrl`.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, session } = await shopperOf({ request, params, context })
  const returnUrl = safeReturnUrl(new URL(request.url).searchParams.get('returnUrl'), `/${locale.lang}/home`)
  if (!session.get('user')) throw redirect(returnUrl)
  const t = fixedT(locale.id)
  return data({ title: t('account.logout.title'), returnUrl }, { headers: privateHeaders() })
}

/**
 * The header's logout button and the page's post here: logout, then `returnUrl` or home (spec §4.7); a user
 * who signed in at an OpenID provider goes through its logout, which comes back to the shop's start page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const { locale, session, scope } = await shopperOf({ request, params, context })
  const submission = parseSubmission(form, { schema: LogoutSchema, t: fixedT(locale.id) })
  if (submission.status !== 'success') return invalid(submission)
  // A user of an OpenID provider is logged out there too (RP-initiated logout), which returns to the shop.
  const atProvider = await providerLogoutUrl(session, locale)
  await logout(scope, session)
  return redirectWithToast(
    session,
    atProvider ?? safeReturnUrl(submission.value.returnUrl, `/${locale.lang}/home`),
    { key: 'account.logout.success.message', type: 'info' },
  )
}

export default function LogoutPage() {
  const { returnUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('account.logout.title')}</h1>
      <p>{t('account.logout.confirm.text')}</p>
      <Form method="post">
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <SubmitButton>{t('header.logout')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
