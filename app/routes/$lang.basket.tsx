import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MoneyText } from '~/components/Price'
import { useShell } from '~/components/useShell'
import { formatMoney, pick } from '~/models/price'
import { productUrl } from '~/models/url'
import { currentBasket } from '~/services/basket.server'
import { product } from '~/services/catalog.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { noindexMeta } from '~/models/seo'

export const headers = pageHeaders

/** The basket page: lines with product data, quantities and totals; personal, never cached. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf(request, params)
  const t = fixedT(locale.id)
  const basket = await currentBasket(scope)
  const products = await Promise.all(
    (basket?.lines ?? []).map((line) => product(scope, line.sku).catch(() => null)),
  )
  return data(
    {
      title: t('basket.title'),
      basket: basket && {
        ...basket,
        lines: basket.lines.map((line, i) => {
          const p = products[i]
          return {
            ...line,
            name: p?.name ?? line.sku,
            image: p?.images.find((img) => img.typeID === 'S')?.url,
            url: p
              ? productUrl(locale, {
                  sku: p.sku,
                  name: p.name,
                  variationValues: p.variationValues.map((v) => v.displayValue),
                })
              : undefined,
            variation: p?.variationValues.map((v) => `${v.name}: ${v.displayValue}`).join(', '),
          }
        }),
      },
    },
    { headers: cacheHeaders(request, 'private') },
  )
}

export default function BasketPage() {
  const { basket } = useLoaderData<typeof loader>()
  const { locale, display } = useShell()
  const { t } = useTranslation()
  if (!basket || basket.lines.length === 0) {
    return (
      <>
        <h1>{t('basket.title')}</h1>
        <p>{t('basket.empty')}</p>
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </>
    )
  }
  return (
    <>
      <h1>{t('basket.title')}</h1>
      <table className="basket-table">
        <thead>
          <tr>
            <th scope="col">{t('basket.line.product')}</th>
            <th scope="col" className="num">
              {t('basket.line.unit_price')}
            </th>
            <th scope="col" className="num">
              {t('basket.line.quantity')}
            </th>
            <th scope="col" className="num">
              {t('basket.line.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {basket.lines.map((line) => (
            <tr key={line.id} data-testid="basket-line">
              <td>
                {line.image ? <img src={line.image} alt="" width={60} height={60} /> : null}{' '}
                {line.url ? <Link to={line.url}>{line.name}</Link> : line.name}
                <br />
                <small>{t('product.sku', { sku: line.sku })}</small>
                {line.variation ? (
                  <>
                    <br />
                    <small>{line.variation}</small>
                  </>
                ) : null}
                {line.warranty ? (
                  <>
                    <br />
                    <small className="line-warranty" data-testid="line-warranty">
                      {t('basket.line.warranty', { name: line.warranty.name })}{' '}
                      {t('product.warranty.price', {
                        price: formatMoney(pick(line.warranty.price, display), locale.tag),
                      })}
                    </small>
                  </>
                ) : null}
              </td>
              <td className="num">
                <MoneyText money={pick(line.singleBasePrice, display)} locale={locale} />
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">
                <MoneyText money={pick(line.total, display)} locale={locale} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="basket-totals" aria-labelledby="totals-title">
        <h2 id="totals-title">{t('basket.totals.title')}</h2>
        <dl>
          <dt>{t('basket.totals.items')}</dt>
          <dd>
            <MoneyText money={pick(basket.totals.items, display)} locale={locale} />
          </dd>
          {basket.totals.tax ? (
            <>
              <dt>{t('basket.totals.tax')}</dt>
              <dd>
                <MoneyText money={basket.totals.tax} locale={locale} />
              </dd>
            </>
          ) : null}
          <dt className="grand">{t('basket.totals.total')}</dt>
          <dd className="grand" data-testid="basket-total">
            <MoneyText money={pick(basket.totals.total, display)} locale={locale} />
          </dd>
        </dl>
        {basket.totals.estimated ? <p className="hint">{t('basket.totals.estimated')}</p> : null}
      </section>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
