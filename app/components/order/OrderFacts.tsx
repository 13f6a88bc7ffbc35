import '~/browser/account-texts'
import { useTranslation } from '~/components/useTranslation'
import type { Address } from '~/models/address'
import type { Order } from '~/models/order'
import { AddressView } from '../checkout/CheckoutParts'
import { costCenterLabel } from '../checkout/CostCenterSelection'

function OrderAddress({ title, address }: { title: string; address: Address }) {
  return (
    <section className="order-address">
      <h3>{title}</h3>
      <AddressView address={address} />
    </section>
  )
}

/**
 * What else was ordered besides the lines: addresses, shipping method, payment, cost center, reference,
 * message.
 */
export function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation()
  return (
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
      {order.costCenter ? (
        <section>
          <h3>{t('checkout.cost_center.label')}</h3>
          <p data-testid="order-cost-center">{costCenterLabel(order.costCenter)}</p>
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
  )
}
