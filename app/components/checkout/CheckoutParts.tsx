import { useTranslation } from '~/components/useTranslation'
import { LineNote, LineTable } from '~/components/LineTable'
import { PricesHiddenNote } from '~/components/Price'
import { TotalsList } from '~/components/TotalsList'
import { useShell } from '~/components/useShell'
import { addressLines, type Address } from '~/models/address'
import type { CheckoutBasket } from '~/models/checkout-basket'
import type { TotalsRow } from '~/models/checkout-totals'
import { messageText, type ApiMessage } from '~/models/messages'

type Message = ApiMessage

/** Validation results of the step the shopper stayed on: errors to fix, and what ICM adjusted. */
export function ValidationMessages({
  validation,
  id,
}: {
  validation: { errors: Message[]; infos: Message[] } | null | undefined
  /** An id for a page that links to the messages (the basket's `#checkout-blocked`). */
  id?: string
}) {
  const { t } = useTranslation()
  const text = (m: Message) => messageText(t, m)
  if (!validation || (validation.errors.length === 0 && validation.infos.length === 0)) return null
  return (
    <div className="checkout-messages" id={id}>
      {validation.errors.length ? (
        // Live regions around the lists: a list given a role would no longer hold its items.
        <div role="alert">
          <ul className="form-errors">
            {validation.errors.map((m, i) => (
              <li key={`${m.code}-${i}`}>{text(m)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {validation.infos.length ? (
        <div role="status">
          <ul className="basket-infos">
            {validation.infos.map((m, i) => (
              <li key={`${m.code}-${i}`}>{text(m)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

export function AddressView({ address }: { address: Address }) {
  return (
    <address className="address-view">
      {addressLines(address).map((line, i) => (
        <span key={i}>
          {line}
          <br />
        </span>
      ))}
      {address.email ? <span>{address.email}</span> : null}
    </address>
  )
}

export { Amount } from '~/components/Price'

/**
 * The totals rows of a basket (`totalsRows`); "estimated" until addresses and shipping method are known.
 * `title: null` leaves the heading to the section around them (the checkout's order summary).
 */
export function CheckoutTotals({
  totals: { rows, estimated },
  title,
}: {
  totals: { rows: TotalsRow[]; estimated: boolean }
  title?: string | null
}) {
  const { t } = useTranslation()
  const { prices } = useShell()
  return (
    <section
      className="basket-totals checkout-totals"
      aria-labelledby={title === null ? undefined : 'checkout-totals-title'}
    >
      {title === null ? null : <h2 id="checkout-totals-title">{title ?? t('basket.totals.title')}</h2>}
      <PricesHiddenNote />
      {prices === 'shown' ? (
        <>
          <dl>
            <TotalsList rows={rows} totalTestId="checkout-total" />
          </dl>
          {estimated ? <p className="hint">{t('basket.totals.estimated')}</p> : null}
        </>
      ) : null}
    </section>
  )
}

export type NamedLine = CheckoutBasket['lines'][number] & { name: string; variation?: string }

/** The lines to be ordered: product, unit price, quantity, total, and the desired delivery date. */
export function CheckoutLines({ lines }: { lines: NamedLine[] }) {
  const { t } = useTranslation()
  return (
    <LineTable
      lines={lines}
      className="checkout-lines"
      rowTestId="checkout-line"
      details={(line) =>
        line.desiredDelivery ? (
          <LineNote>{t('checkout.line.desired_delivery', { date: line.desiredDelivery })}</LineNote>
        ) : null
      }
    />
  )
}

/** "3–5 days", "1 day": a shipping method's delivery time. */
export function DeliveryTime({ days }: { days?: { min: number; max: number } }) {
  const { t } = useTranslation()
  if (!days) return null
  return (
    <>
      {days.min === days.max
        ? t('checkout.shipping.days', { count: days.max })
        : t('checkout.shipping.days_range', { min: days.min, count: days.max })}
    </>
  )
}
