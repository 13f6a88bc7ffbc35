import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { requireFeature } from '~/services/guards.server'
import { z } from 'zod'
import { ProductPriceView } from '~/components/Price'
import { useShell } from '~/components/useShell'
import { addToComparison, comparisonRows, removeFromComparison } from '~/models/compare'
import { safeReturnUrl } from '~/models/url'
import { productLinker } from '~/services/categories.server'
import { prices } from '~/services/prices.server'
import { product } from '~/services/products.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid } from '~/services/form-result.server'

export const headers = pageHeaders

const CompareSchema = z.object({
  intent: z.enum(['add', 'remove']),
  sku: z.string().trim().min(1).max(100),
  returnUrl: z.string().optional(),
})

/** `/compare`: the chosen products side by side (feature compare, noindex). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'compare')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const skus = session.get('compare') ?? []
  const [found, priceMap, linkOf] = await Promise.all([
    Promise.all(skus.map((sku) => product(scope, sku).catch(() => null))),
    prices(scope, skus),
    productLinker(scope),
  ])
  const products = found.flatMap((p) => (p ? [p] : []))
  return data(
    {
      title: fixedT(locale.id)('compare.title'),
      products: products.map((p) => ({
        sku: p.sku,
        name: p.name,
        image: p.images.find((i) => i.typeID === 'M')?.url,
        url: linkOf(p),
        price: priceMap.get(p.sku),
      })),
      rows: comparisonRows(products),
    },
    { headers: cacheHeaders(request, 'private') },
  )
}

/** Add or remove a product: a form post from tiles, product pages and this page; then back where it came from. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'compare')
  const { locale, session, scope } = await shopperOf({ request, params, context })
  const submission = parseSubmission(await readForm(request), { schema: CompareSchema, t: fixedT(locale.id) })
  if (submission.status !== 'success') return invalid(submission)
  const { intent, sku, returnUrl } = submission.value
  const list = session.get('compare') ?? []
  if (intent === 'add') {
    await product(scope, sku) // an unknown SKU is a 404, not an entry
    session.set('compare', addToComparison(list, sku))
  } else {
    session.set('compare', removeFromComparison(list, sku))
  }
  return redirectWithToast(session, safeReturnUrl(returnUrl, `/${locale.lang}/compare`), {
    key: intent === 'add' ? 'compare.added.message' : 'compare.removed.message',
    values: { sku },
    type: 'success',
  })
}

export default function ComparePage() {
  const { products, rows } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const { locale, display } = useShell()
  return (
    <>
      <h1>{t('compare.title')}</h1>
      {products.length === 0 ? (
        <p>{t('compare.empty')}</p>
      ) : (
        <div className="compare-scroll">
          <table className="compare-table">
            <thead>
              <tr>
                <th scope="col">{t('compare.attribute')}</th>
                {products.map((p) => (
                  <th key={p.sku} scope="col">
                    {p.image ? <img src={p.image} alt="" width={120} height={120} /> : null}
                    <Link to={p.url}>{p.name}</Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="sku" value={p.sku} />
                      <button
                        type="submit"
                        className="link-button"
                        aria-label={`${t('compare.remove')}: ${p.name}`}
                      >
                        {t('compare.remove')}
                      </button>
                    </Form>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('compare.price')}</th>
                {products.map((p) => (
                  <td key={p.sku}>
                    <ProductPriceView price={p.price} display={display} locale={locale} />
                  </td>
                ))}
              </tr>
              {rows.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  {row.values.map((value, i) => (
                    <td key={products[i]?.sku ?? i}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
