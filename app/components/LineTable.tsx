import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { LineView } from '~/models/line'
import { formatMoney, pick, type PriceItem } from '~/models/price'
import { useShell } from './useShell'

type LineTableProps<L extends LineView> = {
  lines: L[]
  caption?: ReactNode
  className?: string
  /** `data-testid` of each row. */
  rowTestId?: string
  rowClassName?: (line: L) => string | undefined
  /** More about a line under its name (forms, notes); the basket's own parts. */
  details?: (line: L) => ReactNode
  /** The quantity cell; the plain quantity when not given. */
  quantity?: (line: L) => ReactNode
}

/** The one table of lines (basket, checkout, order): product, unit price, quantity, total. */
export function LineTable<L extends LineView>({
  lines,
  caption,
  className,
  rowTestId,
  rowClassName,
  details,
  quantity,
}: LineTableProps<L>) {
  const { t } = useTranslation()
  const amount = useAmount()
  return (
    <table className={className ? `basket-table ${className}` : 'basket-table'}>
      {caption ? <caption>{caption}</caption> : null}
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
        {lines.map((line) => (
          <tr key={line.id} data-testid={rowTestId} className={rowClassName?.(line)}>
            <td>
              <LineProduct line={line} />
              {details?.(line)}
            </td>
            <td className="num">{amount(line.singleBasePrice)}</td>
            <td className="num">{quantity ? quantity(line) : line.quantity}</td>
            <td className="num">
              <LineTotal line={line} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A price item in the shop's display mode (gross or net) and locale. */
function useAmount() {
  const { locale, display } = useShell()
  return (item: PriceItem) => formatMoney(pick(item, display), locale.tag)
}

function Small({ children, ...props }: { children: ReactNode; className?: string; 'data-testid'?: string }) {
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
      <Small>{t('product.sku', { sku: line.sku })}</Small>
      {line.variation ? <Small>{line.variation}</Small> : null}
      {line.warranty ? (
        <Small className="line-warranty" data-testid="line-warranty">
          {t('basket.line.warranty', { name: line.warranty.name })}{' '}
          {t('product.warranty.price', { price: amount(line.warranty.price) })}
        </Small>
      ) : null}
      {line.customFields?.map((field) => (
        <Small key={field.name} className="line-custom-field" data-testid="line-custom-field">
          {t('basket.line.custom_field', { name: field.name, value: field.value })}
        </Small>
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
        <Small className="line-rebate">{t('basket.line.rebate', { amount: amount(line.rebate) })}</Small>
      ) : null}
    </>
  )
}
