import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { CheckoutTotals, type NamedLine } from '~/components/checkout/CheckoutParts'
import { useShell } from '~/components/useShell'
import type { CheckoutBasket } from '~/models/checkout-basket'
import { totalsRows } from '~/models/checkout-totals'
import { usePriceText } from '~/components/Price'

/**
 * A checkout step's page: its heading and messages, the order summary, then the step's forms. On a desktop
 * the summary is a column beside the forms; below 992 px it comes before them, a closed drawer whose line
 * already says how many items and what total (app.css), so the form starts on the first screen. The order of
 * the markup is the order on a phone, so reading and focus order are the same at every width.
 */
export function CheckoutStep({
  head,
  basket,
  lines,
  children,
}: {
  /** The step's heading and its messages. */
  head: ReactNode
  basket: CheckoutBasket
  lines: NamedLine[]
  children: ReactNode
}) {
  return (
    <div className="checkout-step">
      <div className="checkout-step-head">{head}</div>
      <OrderSummary basket={basket} lines={lines} />
      <div className="checkout-step-body">{children}</div>
    </div>
  )
}

/** What is being ordered: each line's name, quantity and total, the totals, and the way back to the basket. */
export function OrderSummary({ basket, lines }: { basket: CheckoutBasket; lines: NamedLine[] }) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const amount = usePriceText()
  const items = lines.reduce((sum, line) => sum + line.quantity, 0)
  // The amount payable, also where business customers see net prices; none where prices are not shown.
  const total = amount.money(basket.totals.total.gross)
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <details className="checkout-summary-drawer">
        <summary>
          {total
            ? t('checkout.summary.toggle', { items: t('checkout.summary.items', { count: items }), total })
            : t('checkout.summary.toggle_items', { items: t('checkout.summary.items', { count: items }) })}
        </summary>
        <h2 id="checkout-summary-title">{t('checkout.summary.title')}</h2>
        <ul className="checkout-summary-lines">
          {lines.map((line) => (
            <li key={line.id}>
              <span className="checkout-summary-name">
                {line.name}
                {line.variation ? <small> ({line.variation})</small> : null}
              </span>{' '}
              <span className="checkout-summary-quantity">
                {t('checkout.summary.quantity', { quantity: line.quantity })}
              </span>{' '}
              <span className="checkout-summary-amount">{amount.item(line.total)}</span>
            </li>
          ))}
        </ul>
        <CheckoutTotals totals={totalsRows(basket, display)} title={null} />
        <p>
          <Link to={`/${locale.lang}/basket`}>{t('checkout.summary.edit')}</Link>
        </p>
      </details>
    </aside>
  )
}
