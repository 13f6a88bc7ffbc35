import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useNonce } from '~/components/NonceProvider'
import { HookFormView } from '~/components/punchout/HookFormView'
import { SEND_PERMISSION, transferTypeOf } from '~/models/punchout'
import { noindexMeta } from '~/models/seo'
import { errorPageUrl, loginAgainIfRefused, requireFeature, requireLogin } from '~/services/guards.server'
import { formPageHeaders, formTargetOf } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { transferForm } from '~/services/punchout.server'

export const headers = formPageHeaders

/**
 * `/{lang}/basket/transfer` (issue 34, spec §4.7): the basket goes back to the procurement system in the
 * format the user's permissions select. The page lists the lines the format cannot carry as they are, then
 * holds the form to the hook or return URL: it sends itself when nothing is wrong (and JavaScript runs),
 * else the buyer presses "Continue". Reached by a full page load (the basket page's button), so that the
 * answer's CSP lets the form post to the procurement system.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'punchout')
  const shopper = await requireLogin({ request, params, context })
  const type = transferTypeOf(shopper.user.permissions)
  if (!type)
    throw redirect(
      errorPageUrl(shopper.locale.lang, 'missing-permission', Object.values(SEND_PERMISSION).join(',')),
    )
  const form = await loginAgainIfRefused(request, shopper, transferForm(shopper, type))
  return data(
    { title: fixedT(shopper.locale.id)('punchout.transfer.title'), form },
    { headers: { ...privateHeaders(), ...formTargetOf(form.action) } },
  )
}

export default function TransferPage() {
  const { title, form } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <>
      <h1>{title}</h1>
      <HookFormView form={form} t={t} nonce={useNonce() || undefined} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
