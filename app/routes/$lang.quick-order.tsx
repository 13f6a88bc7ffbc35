import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { messageText } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import {
  parseQuickOrderList,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_ROWS,
  QUICK_ORDER_ROWS,
  quickOrderRows,
  type QuickOrderLine,
  type QuickOrderResult,
} from '~/models/quick-order'
import { addToBasket, type BasketItem } from '~/services/basket.server'
import { requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders, PRIVATE_NO_STORE } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { lookupProduct } from '~/services/product-lookup.server'
import { shopperOf } from '~/services/shopper.server'
import { readForm } from '~/services/form.server'

export const headers = pageHeaders

/** Rows to show: `rows` from "add more rows" (a GET of the form, so typed rows come along), within limits. */
function rowCount(value: string | null, filled: number) {
  const asked = Number(value)
  const rows = Number.isInteger(asked) && asked > 0 ? asked : QUICK_ORDER_ROWS
  return Math.min(Math.max(rows, filled, QUICK_ORDER_ROWS), QUICK_ORDER_MAX_ROWS)
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'quickorder')
  const { locale } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const query = new URL(request.url).searchParams
  const skus = query.getAll('sku').slice(0, QUICK_ORDER_MAX_ROWS)
  const quantities = query.getAll('quantity').slice(0, QUICK_ORDER_MAX_ROWS)
  return data(
    {
      title: t('quickorder.title'),
      rows: rowCount(query.get('rows'), skus.length),
      values: skus.map((sku, i) => ({ sku, quantity: quantities[i] ?? '' })),
      list: (query.get('list') ?? '').slice(0, 20_000),
    },
    { headers: cacheHeaders(request, 'private') },
  )
}

/**
 * Reads the rows and the pasted list, looks every SKU up (spec §5: no masters, exact manufacturer SKU
 * first) and adds all found items in one call with the typed quantities, ICM fitting them to the product's
 * rules (`adjustmentsAllowed`). Items ICM refuses are reported and the rest added (see addToBasket). Every
 * line gets its result on the page: added, fitted by ICM (with its reason), refused, unknown or invalid.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'quickorder')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const form = await readForm(request)
  const list = String(form.get('list') ?? '')
  const lines: QuickOrderLine[] = [
    ...quickOrderRows(form.getAll('sku').map(String), form.getAll('quantity').map(String)),
    ...parseQuickOrderList(list),
  ]
  const values = {
    rows: rowCount(null, form.getAll('sku').length),
    values: [] as { sku: string; quantity: string }[],
    list: '',
  }
  if (lines.length === 0 || lines.length > QUICK_ORDER_MAX_LINES) {
    const message = t(lines.length ? 'quickorder.too_many_lines' : 'quickorder.empty', {
      max: QUICK_ORDER_MAX_LINES,
    })
    return data(
      { id: Date.now(), message, results: [] as QuickOrderResult[], error: true, ...values, list },
      { status: 400, headers: { 'Cache-Control': PRIVATE_NO_STORE } },
    )
  }
  const items = lines.flatMap((line) => (line.kind === 'item' ? [line] : []))
  const skus = [...new Set(items.map((line) => line.sku))]
  const found = await Promise.all(skus.map((sku) => lookupProduct(scope, sku)))
  const productBy = new Map(skus.map((sku, i) => [sku, found[i]]))

  const toAdd: { line: QuickOrderLine & { kind: 'item' }; item: BasketItem }[] = []
  for (const line of items) {
    const product = productBy.get(line.sku)
    if (product) toAdd.push({ line, item: { sku: product.sku, quantity: line.quantity } })
  }
  const result = await addToBasket(
    scope,
    session,
    toAdd.map((entry) => entry.item),
    { adjustmentsAllowed: true },
  )
  const refusedBy = new Map(result.refused.map((r) => [r.item, r.errors]))
  const adjustedBy = new Map(result.adjusted.map((a) => [a.item, a]))
  const generalError = result.errors[0] && messageText(t, result.errors[0])

  const results: QuickOrderResult[] = lines.map((line) => {
    const base = { source: line.source, line: line.line, text: line.text }
    if (line.kind === 'invalid') return { ...base, status: 'invalid' }
    const product = productBy.get(line.sku)
    if (!product) return { ...base, status: 'unknown', sku: line.sku, quantity: line.quantity }
    const entry = toAdd.find((e) => e.line === line)!
    const refusal = refusedBy.get(entry.item)
    const adjusted = adjustedBy.get(entry.item)
    const common = { ...base, sku: product.sku, name: product.name, quantity: entry.item.quantity }
    if (refusal || generalError) {
      return {
        ...common,
        status: 'refused',
        reason: refusal?.[0] ? messageText(t, refusal[0]) : generalError,
      }
    }
    return adjusted
      ? {
          ...common,
          status: 'adjusted',
          quantity: adjusted.quantity,
          requested: line.quantity,
          reason: adjusted.message,
        }
      : { ...common, status: 'added' }
  })
  const foundCount = items.filter((line) => productBy.get(line.sku)).length
  return data(
    {
      id: Date.now(),
      message: t('ede.quickorder.csv.lookup.result.message', { searched: items.length, found: foundCount }),
      results,
      error: false,
      ...values,
    },
    {
      status: result.added.length > 0 ? 200 : 422,
      headers: { 'Cache-Control': PRIVATE_NO_STORE },
    },
  )
}

function resultText(t: (key: string, values?: Record<string, unknown>) => string, result: QuickOrderResult) {
  const where = t(result.source === 'row' ? 'quickorder.result.row' : 'quickorder.result.line', {
    line: result.line,
  })
  const text = (() => {
    switch (result.status) {
      case 'added':
        return t('quickorder.result.added', { sku: result.sku, name: result.name, quantity: result.quantity })
      case 'adjusted':
        return t('quickorder.result.adjusted', {
          sku: result.sku,
          name: result.name,
          requested: result.requested,
          quantity: result.quantity,
        })
      case 'unknown':
        return t('quickorder.result.unknown', { sku: result.sku })
      case 'invalid':
        return t('quickorder.result.invalid', { text: result.text })
      case 'refused':
        return t('quickorder.result.refused', { sku: result.sku, reason: result.reason })
    }
  })()
  return `${where}: ${text}`
}

export default function QuickOrderPage() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const busy = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  // After a post the form starts empty again: what was sent is listed in the results.
  const page = answer && !answer.error ? answer : { ...loaded, ...(answer ?? {}) }
  const rows = Math.max(page.rows, loaded.rows)
  return (
    <>
      <h1>{t('quickorder.title')}</h1>
      <p>{t('quickorder.intro')}</p>
      {answer ? (
        <section aria-labelledby="quick-order-results" className="quick-order-results">
          <h2 id="quick-order-results">{t('quickorder.result.title')}</h2>
          <p role={answer.error ? 'alert' : 'status'} className={answer.error ? 'form-error' : 'form-info'}>
            {answer.message}
          </p>
          {answer.results.length ? (
            <ul data-testid="quick-order-results">
              {answer.results.map((result) => (
                <li key={`${result.source}-${result.line}`} className={`quick-order-result ${result.status}`}>
                  {resultText(t, result)}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <Form method="post" className="quick-order-form" key={answer?.id ?? 'start'}>
        <table className="quick-order-rows">
          <thead>
            <tr>
              <th scope="col">{t('quickorder.sku.label')}</th>
              <th scope="col">{t('quickorder.quantity.label')}</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, i) => (
              <tr key={i}>
                <td>
                  <input
                    type="text"
                    name="sku"
                    defaultValue={page.values[i]?.sku ?? ''}
                    aria-label={t('quickorder.row.sku', { row: i + 1 })}
                    autoComplete="off"
                    maxLength={100}
                  />
                </td>
                <td>
                  <input
                    type="number"
                    name="quantity"
                    defaultValue={page.values[i]?.quantity ?? ''}
                    aria-label={t('quickorder.row.quantity', { row: i + 1 })}
                    min={1}
                    inputMode="numeric"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows < QUICK_ORDER_MAX_ROWS ? (
          <button
            type="submit"
            name="rows"
            value={rows + QUICK_ORDER_ROWS}
            formMethod="get"
            formNoValidate
            className="link-button"
          >
            {t('quickorder.add_rows')}
          </button>
        ) : null}
        <label className="quick-order-list">
          {t('quickorder.list.label')}
          <textarea name="list" rows={8} defaultValue={page.list} maxLength={20_000} />
        </label>
        <p className="hint">{t('quickorder.list.hint')}</p>
        <button type="submit" disabled={busy}>
          {t('quickorder.submit')}
        </button>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
