import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { LineView } from '~/models/line'
import { usePriceText } from './Price'
import { TableHead } from './TableHead'

type LineTableProps<L extends LineView> = {
  lines: L[]
  caption?: ReactNode
  className?: string
  /** `data-testid` of each row. */
  rowTestId?: string
  /** The id of each row, for a page that links to its lines. */
  rowId?: (line: L) => string
  rowClassName?: (line: L) => string | undefined
  /** More about a line under its name (forms, notes); the basket's own parts. */
  details?: (line: L) => ReactNode
  /** The quantity cell; the plain quantity when not given. */
  quantity?: (line: L) => ReactNode
}

/**
 * The one table of lines (basket, checkout, order): product, unit price, quantity, total. On phones each row
 * is a card, its cells labelled from `data-label` (app.css), so no page scrolls sideways.
 */
export function LineTable<L extends LineView>({
  lines,
  caption,
  className,
  rowTestId,
  rowId,
  rowClassName,
  details,
  quantity,
}: LineTableProps<L>) {
  const { t } = useTranslation()
  const amount = useAmount()
  return (
    <table className={className ? `basket-table ${className}` : 'basket-table'}>
      {caption ? <caption>{caption}</caption> : null}
      <TableHead
        columns={[
          { label: t('basket.line.product') },
          { label: t('basket.line.unit_price'), numeric: true },
          { label: t('basket.line.quantity'), numeric: true },
          { label: t('basket.line.total'), numeric: true },
        ]}
      />
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} id={rowId?.(line)} data-testid={rowTestId} className={rowClassName?.(line)}>
            <td>
              <LineProduct line={line} />
              {details?.(line)}
            </td>
            <td className="num" data-label={t('basket.line.unit_price')}>
              {amount(line.singleBasePrice)}
            </td>
            <td className="num" data-label={t('basket.line.quantity')}>
              {quantity ? quantity(line) : line.quantity}
            </td>
            <td className="num" data-label={t('basket.line.total')}>
              <LineTotal line={line} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A price item in the shop's display mode (gross or net) and locale, as the shopper may see it (ADR 0045). */
function useAmount() {
  return usePriceText().item
}

/** A note under a line's name (SKU, variation, warranty, delivery...). */
export function LineNote({
  children,
  ...props
}: {
  children: ReactNode
  className?: string
  'data-testid'?: string
}) {
  return (
    <>
      <br />
      <small {...props}>{children}</small>
    </>
  )
}

function LineProduct({ line }: { line: LineView }) {
  const { t } = useTranslation()
  const amount = useAmount()
  return (
    <>
      {line.image ? <img src={line.image} alt="" width={60} height={60} /> : null}{' '}
      {line.url ? <Link to={line.url}>{line.name}</Link> : line.name}
      <LineNote>{t('product.sku', { sku: line.sku })}</LineNote>
      {line.variation ? <LineNote>{line.variation}</LineNote> : null}
      {line.warranty ? (
        <LineNote className="line-warranty" data-testid="line-warranty">
          {t('basket.line.warranty', { name: line.warranty.name })}{' '}
          {t('product.warranty.price', { price: amount(line.warranty.price) })}
        </LineNote>
      ) : null}
      {line.customFields?.map((field) => (
        <LineNote key={field.name} className="line-custom-field" data-testid="line-custom-field">
          {t('basket.line.custom_field', { name: field.name, value: field.value })}
        </LineNote>
      ))}
    </>
  )
}

function LineTotal({ line }: { line: LineView }) {
  const { t } = useTranslation()
  const amount = useAmount()
  return (
    <>
      {line.rebate && line.undiscounted ? (
        <>
          <s aria-label={t('basket.line.undiscounted')} data-testid="line-undiscounted">
            {amount(line.undiscounted)}
          </s>
          <br />
        </>
      ) : null}
      <span data-testid="line-total">{amount(line.total)}</span>
      {line.rebate ? (
        <LineNote className="line-rebate">
          {t('basket.line.rebate', { amount: amount(line.rebate) })}
        </LineNote>
      ) : null}
    </>
  )
}
