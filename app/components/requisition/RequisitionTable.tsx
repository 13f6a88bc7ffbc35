import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { formatDate } from '~/components/order/OrderStatus'
import { ScrollRegion } from '~/components/ScrollRegion'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import { formatMoney, type PriceItem } from '~/models/price'
import { requisitionPath, type RequisitionRow, type RequisitionView } from '~/models/requisition'
import { RequisitionStatus } from './RequisitionStatus'

/**
 * A requisition's net and gross amount, each labelled, one per line (issue 32): the figures its page, its
 * mail and the decision page show, whatever the viewer's price display.
 */
export function RequisitionAmounts({ total }: { total: PriceItem }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <>
      <span className="requisition-amount" data-testid="requisition-amount-net">
        {t('account.requisitions.amount.net', { amount: formatMoney(total.net, locale.tag) })}
      </span>
      <br />
      <span className="requisition-amount" data-testid="requisition-amount-gross">
        {t('account.requisitions.amount.gross', { amount: formatMoney(total.gross, locale.tag) })}
      </span>
    </>
  )
}

/** A checkbox per row for a bulk decision: the field's name and the rows chosen. */
export type RowSelection = { name: string; chosen: Set<string>; describedBy?: string }

/**
 * A list of requisitions: number (linked to the requisition), date, buyer (approver view), net and gross total,
 * status with the date of the decision, and who approves (pending) or decided. On phones each requisition is a
 * card, its values labelled (`card-table`); wider, a table that scrolls sideways in a named region when it does
 * not fit. With `select`, a checkbox per requisition for the bulk decision.
 */
export function RequisitionTable({
  rows,
  view,
  caption,
  select,
}: {
  rows: RequisitionRow[]
  view: RequisitionView
  caption: string
  select?: RowSelection
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <ScrollRegion label={caption}>
      <table className="requisitions-table card-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          columns={[
            ...(select ? [{ label: t('account.requisitions.column.select'), hidden: true }] : []),
            { label: t('account.requisitions.column.number') },
            { label: t('account.requisitions.column.date') },
            ...(view === 'approver' ? [{ label: t('account.requisitions.column.buyer') }] : []),
            { label: t('account.requisitions.column.total'), numeric: true },
            { label: t('account.requisitions.column.status') },
            { label: t('account.requisitions.column.approvers') },
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="requisition-row">
              {select ? (
                <td data-label={t('account.requisitions.column.select')}>
                  <input
                    type="checkbox"
                    name={select.name}
                    value={row.id}
                    defaultChecked={select.chosen.has(row.id)}
                    key={`${row.id}-${select.chosen.has(row.id)}`}
                    aria-label={t('account.requisitions.select', { number: row.requisitionNo })}
                    aria-describedby={select.describedBy}
                  />
                </td>
              ) : null}
              <td data-label={t('account.requisitions.column.number')}>
                <Link
                  to={requisitionPath(locale.lang, view, row.id)}
                  aria-label={t('account.requisitions.view', { number: row.requisitionNo })}
                >
                  {row.requisitionNo}
                </Link>
              </td>
              <td data-label={t('account.requisitions.column.date')}>
                {row.creationDate ? formatDate(row.creationDate, locale.tag) : null}
              </td>
              {view === 'approver' ? (
                <td data-label={t('account.requisitions.column.buyer')}>{row.buyer}</td>
              ) : null}
              <td className="num" data-label={t('account.requisitions.column.total')}>
                <RequisitionAmounts total={row.total} />
              </td>
              <td data-label={t('account.requisitions.column.status')}>
                <RequisitionStatus status={row.status} />
                {row.approvalDate ? (
                  <span className="requisition-date">
                    {' '}
                    {t('account.requisitions.decided_on', { date: formatDate(row.approvalDate, locale.tag) })}
                  </span>
                ) : null}
              </td>
              <td data-label={t('account.requisitions.column.approvers')}>{row.approvers.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
