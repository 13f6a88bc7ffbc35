import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { safeReturnUrl } from '~/models/url'
import { logout } from '~/services/auth.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

async function logoutAndLeave(
  request: Request,
  params: ActionFunctionArgs['params'],
  returnUrl: string | null,
) {
  const { locale, session, scope } = await shopperOf(request, params)
  await logout(scope, session)
  return redirectWithToast(session, safeReturnUrl(returnUrl, `/${locale.lang}/home`), {
    key: 'account.logout.success.message',
    type: 'info',
  })
}

/** The header's logout button posts here. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData()
  return logoutAndLeave(request, params, form.get('returnUrl') as string | null)
}

/** `/logout` triggers logout and shows no page (spec §2.1). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return logoutAndLeave(request, params, new URL(request.url).searchParams.get('returnUrl'))
}
