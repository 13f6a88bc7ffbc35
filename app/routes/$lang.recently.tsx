import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ProductGrid } from '~/components/ProductTile'
import { recentlyViewedSkus } from '~/models/recently'
import { noindexMeta } from '~/models/seo'
import { requireFeature } from '~/services/features.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { recentlyViewedTiles } from '~/services/recently.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { readForm } from '~/services/form.server'

export const headers = pageHeaders

const RecentlySchema = z.object({ intent: z.literal('clear') })

/** `/recently`: the products this shopper viewed in the last 7 days, most recent first (feature recently). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireFeature('recently')
  const { locale, scope, session } = await shopperOf(request, params)
  const skus = recentlyViewedSkus(session.get('recently'), Date.now())
  return data(
    { title: fixedT(locale.id)('recently.title'), products: await recentlyViewedTiles(scope, skus) },
    { headers: cacheHeaders(request, 'private') },
  )
}

/** Clear the list: a plain form post, answered by a redirect back here with a message. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireFeature('recently')
  const { locale, session } = await shopperOf(request, params)
  const parsed = RecentlySchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) throw new Response('Expected intent clear.', { status: 400 })
  session.unset('recently')
  return redirectWithToast(session, `/${locale.lang}/recently`, {
    key: 'recently.cleared.message',
    type: 'success',
  })
}

export default function RecentlyViewedPage() {
  const { products } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const navigation = useNavigation()
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
              <input type="hidden" name="intent" value="clear" />
              <button type="submit" disabled={navigation.state === 'submitting'}>
                {t('recently.clear')}
              </button>
            </Form>
          </div>
          <ProductGrid entries={products} />
        </>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
