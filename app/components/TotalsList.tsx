import { useTranslation } from '~/components/useTranslation'
import { useShell } from './useShell'
import type { TotalsRow } from '~/models/checkout-totals'
import { usePriceText } from './Price'

/**
 * Rows of totals as `<dt>`/`<dd>` pairs inside a `<dl>`, in the one wording of `models/checkout-totals`
 * (basket, checkout, receipt, order and requisition): rebates taken off, the total payable emphasised.
 */
export function TotalsList({ rows, totalTestId }: { rows: TotalsRow[]; totalTestId: string }) {
  const { t } = useTranslation()
  const { money } = usePriceText()
  const { prices } = useShell()
  // Without prices (ADR 0045) there are no totals to show: the section around says why (PricesHiddenNote).
  if (prices !== 'shown') return null
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
          {money(row.amount)}
        </dd>
      </div>
    )
  })
}
