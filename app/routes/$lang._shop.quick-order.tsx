import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { outcomeText, QuickOrderResults } from '~/components/QuickOrderResults'
import { useShell } from '~/components/useShell'
import { noindexMeta } from '~/models/seo'
import {
  QUICK_ORDER_MAX_LIST,
  QUICK_ORDER_MAX_ROWS,
  QUICK_ORDER_ROWS,
  quickOrderSchema,
  type QuickOrderResult,
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
 * typed. Otherwise the page lists every line's result and the form starts again with the lines that could
 * not be added, for correction: 200 when anything was added (with a link to the basket), 422 when nothing
 * was.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'quickorder')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: quickOrderSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const { added, ...summary } = await orderQuickly(scope, session, t, submission.value)
  return data<ActionResult & { summary: QuickOrderSummary; added: number; kept: KeptLines }>(
    {
      result: submission.reply({ resetForm: true }),
      summary,
      added,
      kept: keptLines(submission.payload, summary),
    },
    { status: added > 0 ? 200 : 422, headers: privateHeaders() },
  )
}

/** The lines a post could not add, back in the form for correction: rows with their outcome, list lines. */
type KeptLines = { sku: string[]; quantity: string[]; outcomes: QuickOrderResult[]; list: string }

const FAILED: QuickOrderResult['status'][] = ['unknown', 'invalid', 'refused', 'variations']

function keptLines(payload: Record<string, unknown>, summary: QuickOrderSummary): KeptLines {
  const cells = (value: unknown) =>
    (Array.isArray(value) ? value : [value]).map((cell) => (typeof cell === 'string' ? cell : ''))
  const [skus, quantities] = [cells(payload.sku), cells(payload.quantity)]
  const failed = summary.results.filter((r) => FAILED.includes(r.status))
  const rows = failed.filter((r) => r.source === 'row')
  return {
    sku: rows.map((r) => skus[r.line - 1] ?? ''),
    quantity: rows.map((r) => quantities[r.line - 1] ?? ''),
    outcomes: rows,
    list: failed
      .filter((r) => r.source === 'list')
      .map((r) => r.text)
      .join('\n'),
  }
}

export default function QuickOrderPage() {
  const { rows, values } = useLoaderData<typeof loader>()
  const answer = useActionData<{ summary?: QuickOrderSummary; added?: number; kept?: KeptLines }>()
  const { t } = useTranslation()
  const { locale } = useShell()
  const kept = answer?.kept
  const [form, fields] = useShopForm({
    id: 'quick-order',
    schema: quickOrderSchema(t),
    // After a post the rows start again (a new key) with the lines that could not be added; Conform's own
    // reset would set every input of a repeated name alike, so it only gets the refusals of bad input.
    lastResult: kept ? null : undefined,
    defaultValue: kept ? { sku: kept.sku, quantity: kept.quantity, list: kept.list } : values,
  })
  const cell = (value: unknown, row: number) =>
    (Array.isArray(value) ? value[row] : row === 0 ? value : '') ?? ''
  const shownRows = Math.max(rows, kept?.sku.length ?? 0)
  return (
    <>
      <h1>{t('quickorder.title')}</h1>
      <p>{t('quickorder.intro')}</p>
      {answer?.summary ? (
        <QuickOrderResults
          summary={answer.summary}
          basketUrl={answer.added ? `/${locale.lang}/basket` : undefined}
          kept={(kept?.sku.length ?? 0) + (kept?.list ? kept.list.split('\n').length : 0)}
        />
      ) : null}
      <Form method="post" className="quick-order-form" {...getFormProps(form)}>
        <FormErrors form={form} />
        {/* After a post the rows start again with the lines that could not be added, each with its reason. */}
        <table className="quick-order-rows" key={`${form.key}-${JSON.stringify(kept ?? null)}`}>
          <thead>
            <tr>
              <th scope="col">{t('quickorder.sku.label')}</th>
              <th scope="col">{t('quickorder.quantity.label')}</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: shownRows }, (_, row) => (
              <tr key={row}>
                <td>
                  <input
                    type="text"
                    name={fields.sku.name}
                    defaultValue={kept ? (kept.sku[row] ?? '') : cell(fields.sku.initialValue, row)}
                    aria-label={t('quickorder.row.sku', { row: row + 1 })}
                    aria-invalid={kept?.outcomes[row] ? true : undefined}
                    aria-describedby={kept?.outcomes[row] ? `quick-order-row-${row}-problem` : undefined}
                    autoComplete="off"
                    maxLength={100}
                  />
                  {kept?.outcomes[row] ? (
                    <p className="field-error" id={`quick-order-row-${row}-problem`}>
                      {outcomeText(t, kept.outcomes[row])}
                    </p>
                  ) : null}
                </td>
                <td>
                  <input
                    type="number"
                    name={fields.quantity.name}
                    defaultValue={kept ? (kept.quantity[row] ?? '') : cell(fields.quantity.initialValue, row)}
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
            key={`${fields.list.key}-${JSON.stringify(kept ?? null)}`}
            rows={8}
            defaultValue={kept ? kept.list : (fields.list.initialValue ?? '')}
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
