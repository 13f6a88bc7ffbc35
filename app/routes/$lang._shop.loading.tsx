import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useParams } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { requireLocale } from '~/services/shopper.server'

export const headers = pageHeaders

/**
 * `/loading` (spec §2.1, §2.2): the loading page, a target to show while the shop is busy elsewhere. It has no
 * data of its own and says so in every language; without JavaScript it is a page with a way on, not a dead end.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  return data({ title: fixedT(locale.id)('loading.title') }, { headers: cacheHeaders(request, 'catalog') })
}

export default function LoadingPage() {
  const { t } = useTranslation()
  const { lang } = useParams()
  return (
    <section className="loading-page" aria-busy="true" aria-labelledby="loading-title">
      <span className="loading-spinner" aria-hidden="true" />
      <h1 id="loading-title">{t('loading.title')}</h1>
      <p>{t('loading.text')}</p>
      <p>
        <Link to={`/${lang}/home`}>{t('loading.continue')}</Link>
      </p>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
