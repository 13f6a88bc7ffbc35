import { useTranslation } from 'react-i18next'
import type { TotalsRow } from '~/models/checkout-totals'
import { formatMoney } from '~/models/price'
import { useShell } from './useShell'

/**
 * Rows of totals as `<dt>`/`<dd>` pairs inside a `<dl>`, in the one wording of `models/checkout-totals`
 * (basket, checkout, receipt, order and requisition): rebates taken off, the total payable emphasised.
 */
export function TotalsList({ rows, totalTestId }: { rows: TotalsRow[]; totalTestId: string }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return rows.map((row) => {
    const className = row.kind === 'total' ? 'grand' : row.kind === 'included' ? 'included' : undefined
    return (
      <div key={`${row.key}-${row.values?.name ?? ''}`} style={{ display: 'contents' }}>
        <dt className={className}>{t(row.key, row.values)}</dt>
        <dd
          className={className}
          data-testid={
            row.kind === 'total' ? totalTestId : row.kind === 'rebate' ? 'checkout-rebate' : undefined
          }
        >
          {row.kind === 'rebate' ? '−' : ''}
          {formatMoney(row.amount, locale.tag)}
        </dd>
      </div>
    )
  })
}
