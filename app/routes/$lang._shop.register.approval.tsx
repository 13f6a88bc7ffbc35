import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/** `/register/approval` (spec §2): after a registration that waits for the shop's approval. */
export async function loader(args: LoaderFunctionArgs) {
  const { locale } = await shopperOf(args)
  return data({ title: fixedT(locale.id)('account.register.approval.title') }, { headers: privateHeaders() })
}

export default function RegistrationApprovalPage() {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <>
      <h1>{t('account.register.approval.title')}</h1>
      <p>{t('account.register.approval.text')}</p>
      <p>
        <Link to={`/${locale.lang}/home`}>{t('account.register.approval.to_home')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
