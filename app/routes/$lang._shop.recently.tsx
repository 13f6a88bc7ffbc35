import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/form-controls'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { ProductGrid } from '~/components/ProductTile'
import { recentlyViewedSkus } from '~/models/recently'
import { noindexMeta } from '~/models/seo'
import { requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { recentlyViewedTiles } from '~/services/recently.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid } from '~/services/form-result.server'

export const headers = pageHeaders

const RecentlySchema = z.object({ intent: z.literal('clear') })

/** `/recently`: the products this shopper viewed in the last 7 days, most recent first (feature recently). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'recently')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const skus = recentlyViewedSkus(session.get('recently'), Date.now())
  return data(
    { title: fixedT(locale.id)('recently.title'), products: await recentlyViewedTiles(scope, skus) },
    { headers: cacheHeaders(request, 'private') },
  )
}

/** Clear the list: a plain form post, answered by a redirect back here with a message. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'recently')
  const { locale, session } = await shopperOf({ request, params, context })
  const submission = parseSubmission(await readForm(request), {
    schema: RecentlySchema,
    t: fixedT(locale.id),
  })
  if (submission.status !== 'success') return invalid(submission)
  session.unset('recently')
  return redirectWithToast(session, `/${locale.lang}/recently`, {
    key: 'recently.cleared.message',
    type: 'success',
  })
}

export default function RecentlyViewedPage() {
  const { products } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('recently.title')}</h1>
      {products.length === 0 ? (
        <p>{t('recently.empty')}</p>
      ) : (
        <>
          <div className="recently-toolbar">
            <p>{t('recently.count', { count: products.length })}</p>
            <Form method="post">
              <SubmitButton intent="clear">{t('recently.clear')}</SubmitButton>
            </Form>
          </div>
          <ProductGrid entries={products} />
        </>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
