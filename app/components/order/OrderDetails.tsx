import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { addressLines, type Address } from '~/models/address'
import type { ShopLocale } from '~/models/locale'
import type { Order, OrderLine } from '~/models/order'
import { formatMoney, pick, type PriceDisplay, type PriceItem } from '~/models/price'
import { useShell } from '../useShell'

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
export function useCodeText() {
  const { t } = useTranslation()
  return (key: string, fallback: string) => {
    const text = t(key)
    return text === key ? fallback : text
  }
}

/** The order's status as a badge: translated by status code, else ICM's status name. */
export function OrderStatus({ order }: { order: Pick<Order, 'status' | 'statusCode'> }) {
  const text = useCodeText()
  const code = order.statusCode ?? ''
  return (
    <span className={`order-status order-status-${code.toLowerCase()}`}>
      {code ? text(`account.orders.status.${code}`, order.status ?? code) : (order.status ?? '')}
    </span>
  )
}

/** Fulfilment status of a line, translated by code. */
export function FulfillmentStatus({ status }: { status: string }) {
  const text = useCodeText()
  return <span className="fulfillment-status">{text(`account.orders.fulfillment.${status}`, status)}</span>
}

function OrderAddress({ title, address }: { title: string; address: Address }) {
  return (
    <section className="order-address">
      <h3>{title}</h3>
      <address>
        {addressLines(address).map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
        {address.email ? <span>{address.email}</span> : null}
      </address>
    </section>
  )
}

function OrderLineRow({
  line,
  amount,
  locale,
}: {
  line: OrderLine
  amount: (p: PriceItem) => string
  locale: ShopLocale
}) {
  const { t } = useTranslation()
  return (
    <tr data-testid="order-line">
      <td>
        <Link to={`/${locale.lang}/product/${encodeURIComponent(line.sku)}`}>{line.name}</Link>
        <br />
        <small>{t('product.sku', { sku: line.sku })}</small>
        {line.customFields.map((field) => (
          <span key={field.name}>
            <br />
            <small className="line-custom-field" data-testid="order-line-custom-field">
              {field.name}: {field.value}
            </small>
          </span>
        ))}
        {line.warranty ? (
          <>
            <br />
            <small className="line-warranty">
              {t('basket.line.warranty', { name: line.warranty.name })}{' '}
              {t('product.warranty.price', { price: amount(line.warranty.price) })}
            </small>
          </>
        ) : null}
        {line.desiredDelivery ? (
          <>
            <br />
            <small>
              {t('account.orders.line.desired_delivery', {
                date: formatDate(line.desiredDelivery, locale.tag),
              })}
            </small>
          </>
        ) : null}
        {line.fulfillmentStatus ? (
          <>
            <br />
            <small>
              {t('account.orders.line.fulfillment')} <FulfillmentStatus status={line.fulfillmentStatus} />
            </small>
          </>
        ) : null}
      </td>
      <td className="num">{amount(line.unitPrice)}</td>
      <td className="num">{line.quantity}</td>
      <td className="num">
        {line.rebate && line.undiscounted ? (
          <>
            <s aria-label={t('basket.line.undiscounted')}>{amount(line.undiscounted)}</s>
            <br />
          </>
        ) : null}
        {amount(line.total)}
      </td>
    </tr>
  )
}

/** Totals of an order: items, rebates, shipping, payment costs, surcharges, tax and the total. */
export function OrderTotals({
  order,
  display,
  locale,
}: {
  order: Order
  display: PriceDisplay
  locale: ShopLocale
}) {
  const { t } = useTranslation()
  const amount = (item: PriceItem) => formatMoney(pick(item, display), locale.tag)
  const { totals } = order
  return (
    <section className="order-totals basket-totals" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title">{t('basket.totals.title')}</h2>
      <dl>
        <dt>{t('basket.totals.items')}</dt>
        <dd>{amount(totals.items)}</dd>
        {order.valueRebates.length > 0
          ? order.valueRebates.map((rebate) => (
              <div key={rebate.name} style={{ display: 'contents' }}>
                <dt>{t('basket.totals.rebate', { name: rebate.name })}</dt>
                <dd>−{amount(rebate.amount)}</dd>
              </div>
            ))
          : totals.valueRebates && (
              <>
                <dt>{t('account.orders.totals.rebates')}</dt>
                <dd>−{amount(totals.valueRebates)}</dd>
              </>
            )}
        {totals.shipping ? (
          <>
            <dt>{t('basket.totals.shipping')}</dt>
            <dd>{amount(totals.shipping)}</dd>
          </>
        ) : null}
        {totals.paymentCosts ? (
          <>
            <dt>{t('account.orders.totals.payment_costs')}</dt>
            <dd>{amount(totals.paymentCosts)}</dd>
          </>
        ) : null}
        {totals.surcharges ? (
          <>
            <dt>{t('account.orders.totals.surcharges')}</dt>
            <dd>{amount(totals.surcharges)}</dd>
          </>
        ) : null}
        {totals.tax ? (
          <>
            <dt>{t('basket.totals.tax')}</dt>
            <dd>{formatMoney(totals.tax, locale.tag)}</dd>
          </>
        ) : null}
        <dt className="grand">{t('basket.totals.total')}</dt>
        <dd className="grand" data-testid="order-total">
          {amount(totals.total)}
        </dd>
      </dl>
    </section>
  )
}

/**
 * What was ordered: lines (name linking to the product, SKU, warranty, desired delivery, fulfilment status,
 * unit price, quantity, total), addresses, shipping method, payment, message to merchant, reference and totals.
 * Used by the receipt and the account's order detail.
 */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const amount = (item: PriceItem) => formatMoney(pick(item, display), locale.tag)
  return (
    <div className="order-details">
      <table className="basket-table order-lines">
        <caption>{t('account.orders.lines.title')}</caption>
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
          {order.lines.map((line) => (
            <OrderLineRow key={line.id} line={line} amount={amount} locale={locale} />
          ))}
        </tbody>
      </table>
      <div className="order-facts">
        {order.invoiceToAddress ? (
          <OrderAddress title={t('account.orders.invoice_address')} address={order.invoiceToAddress} />
        ) : null}
        {order.shipToAddress ? (
          <OrderAddress title={t('account.orders.ship_to_address')} address={order.shipToAddress} />
        ) : null}
        {order.shippingMethod ? (
          <section>
            <h3>{t('account.orders.shipping_method')}</h3>
            <p>{order.shippingMethod.name}</p>
            {order.shippingMethod.description ? (
              <p className="hint">{order.shippingMethod.description}</p>
            ) : null}
          </section>
        ) : null}
        {order.payment ? (
          <section>
            <h3>{t('account.orders.payment')}</h3>
            <p>{order.payment.methodName}</p>
            {order.payment.accountIdentifier ? <p>{order.payment.accountIdentifier}</p> : null}
          </section>
        ) : null}
        {order.externalOrderReference ? (
          <section>
            <h3>{t('basket.fields.external_order_reference')}</h3>
            <p>{order.externalOrderReference}</p>
          </section>
        ) : null}
        {order.messageToMerchant ? (
          <section>
            <h3>{t('basket.fields.message_to_merchant')}</h3>
            <p className="order-message">{order.messageToMerchant}</p>
          </section>
        ) : null}
      </div>
      <OrderTotals order={order} display={display} locale={locale} />
    </div>
  )
}
