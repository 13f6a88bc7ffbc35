import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useShopForm } from '~/components/forms'
import { QuickOrderResults } from '~/components/QuickOrderResults'
import { noindexMeta } from '~/models/seo'
import {
  QUICK_ORDER_MAX_LIST,
  QUICK_ORDER_MAX_ROWS,
  QUICK_ORDER_ROWS,
  quickOrderSchema,
  type QuickOrderSummary,
} from '~/models/quick-order'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, type ActionResult } from '~/services/form-result.server'
import { requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders, privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { orderQuickly } from '~/services/quick-order.server'
import { shopperOf } from '~/services/shopper.server'

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
  const sku = query.getAll('sku').slice(0, QUICK_ORDER_MAX_ROWS)
  return data(
    {
      title: t('quickorder.title'),
      rows: rowCount(query.get('rows'), sku.length),
      values: {
        sku,
        quantity: query.getAll('quantity').slice(0, QUICK_ORDER_MAX_ROWS),
        list: (query.get('list') ?? '').slice(0, QUICK_ORDER_MAX_LIST),
      },
    },
    { headers: cacheHeaders(request, 'private') },
  )
}

/**
 * Adds the rows and the pasted list (see orderQuickly). An empty form or too many lines: 400 with what was
 * typed. Otherwise the form starts empty again and the page lists every line's result: 200 when anything
 * was added, 422 when nothing was.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'quickorder')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: quickOrderSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const { added, ...summary } = await orderQuickly(scope, session, t, submission.value)
  return data<ActionResult & { summary: QuickOrderSummary }>(
    { result: submission.reply({ resetForm: true }), summary },
    { status: added > 0 ? 200 : 422, headers: privateHeaders() },
  )
}

export default function QuickOrderPage() {
  const { rows, values } = useLoaderData<typeof loader>()
  const answer = useActionData<{ summary?: QuickOrderSummary }>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'quick-order', schema: quickOrderSchema(t), defaultValue: values })
  const cell = (value: unknown, row: number) =>
    (Array.isArray(value) ? value[row] : row === 0 ? value : '') ?? ''
  return (
    <>
      <h1>{t('quickorder.title')}</h1>
      <p>{t('quickorder.intro')}</p>
      {answer?.summary ? <QuickOrderResults summary={answer.summary} /> : null}
      <Form method="post" className="quick-order-form" {...getFormProps(form)}>
        <FormErrors form={form} />
        <table className="quick-order-rows" key={form.key}>
          <thead>
            <tr>
              <th scope="col">{t('quickorder.sku.label')}</th>
              <th scope="col">{t('quickorder.quantity.label')}</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, row) => (
              <tr key={row}>
                <td>
                  <input
                    type="text"
                    name={fields.sku.name}
                    defaultValue={cell(fields.sku.initialValue, row)}
                    aria-label={t('quickorder.row.sku', { row: row + 1 })}
                    autoComplete="off"
                    maxLength={100}
                  />
                </td>
                <td>
                  <input
                    type="number"
                    name={fields.quantity.name}
                    defaultValue={cell(fields.quantity.initialValue, row)}
                    aria-label={t('quickorder.row.quantity', { row: row + 1 })}
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
          <textarea
            name={fields.list.name}
            key={fields.list.key}
            rows={8}
            defaultValue={fields.list.initialValue ?? ''}
            maxLength={QUICK_ORDER_MAX_LIST}
          />
        </label>
        <p className="hint">{t('quickorder.list.hint')}</p>
        <SubmitButton>{t('quickorder.submit')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
