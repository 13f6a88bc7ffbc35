import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import { noindexMeta } from '~/models/seo'
import { config } from '~/services/config.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { requireLocale } from '~/services/shopper.server'

export const headers = pageHeaders

/**
 * `/portal` (spec shell §2.1: the external catalogue portal page, noindex). The portal is another site
 * (PORTAL_URL): the page leads there. Without one configured, the page says the shop has none and leads
 * home, with 404: there is nothing here to find.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const portalUrl = config.portalUrl ?? null
  return data(
    { title: fixedT(locale.id)('portal.title'), portalUrl },
    { status: portalUrl ? 200 : 404, headers: cacheHeaders(request, 'catalog') },
  )
}

export default function PortalPage() {
  const { portalUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <div className="portal-page">
      <h1>{t('portal.title')}</h1>
      {portalUrl ? (
        <>
          <p>{t('portal.intro')}</p>
          <p>
            <a href={portalUrl} className="button" rel="noopener">
              {t('portal.open')}
            </a>
          </p>
        </>
      ) : (
        <>
          <p>{t('portal.not_configured')}</p>
          <p>
            <Link to={`/${locale.lang}/home`}>{t('portal.home')}</Link>
          </p>
        </>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
