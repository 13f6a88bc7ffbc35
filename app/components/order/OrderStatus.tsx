import '~/browser/account-texts'
import { useTranslation } from '~/components/useTranslation'
import type { Translate } from '~/models/messages'
import { displayStatusOf, type Order } from '~/models/order'

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** A date (ISO timestamp or yyyy-mm-dd) in the page's locale; formatters are reused. */
export function formatDate(value: string, localeTag: string): string {
  let format = dateFormats.get(localeTag)
  if (!format) {
    // A plain yyyy-mm-dd is a calendar day: shown in UTC so no time zone moves it to the day before.
    format = new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeZone: 'UTC' })
    dateFormats.set(localeTag, format)
  }
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : format.format(date)
}

/** A translated text for an ICM code, or ICM's own text when there is no translation. */
function useCodeText() {
  const { t } = useTranslation()
  return (key: string, fallback: string) => {
    const text = t(key)
    return text === key ? fallback : text
  }
}

/**
 * The order's status as a badge: translated by status code (an order in progress with lines shipped says
 * "partly shipped"), else ICM's status name.
 */
export function OrderStatus({
  order,
}: {
  order: Pick<Order, 'status' | 'statusCode'> & Partial<Pick<Order, 'lines'>>
}) {
  const { t } = useTranslation()
  const code = displayStatusOf(order) ?? ''
  return (
    <span className={`order-status order-status-${code.toLowerCase()}`}>
      {code ? orderStatusText(t, code, order.status) : (order.status ?? '')}
    </span>
  )
}

/** Fulfilment status of a line, translated by code. */
export function FulfillmentStatus({ status }: { status: string }) {
  const text = useCodeText()
  return <span className="fulfillment-status">{text(`account.orders.fulfillment.${status}`, status)}</span>
}

/**
 * An order status in the shopper's language by its code (`NEW` → "Neu"), wherever a status shows (order
 * history and detail, cost center orders, a recurring order's last orders); ICM's own text (or the code)
 * when the shop has no words for the code.
 */
export function orderStatusText(t: Translate, code: string, fallback?: string): string {
  const key = `account.orders.status.${code}`
  const text = t(key)
  return text && text !== key ? text : (fallback ?? code)
}
