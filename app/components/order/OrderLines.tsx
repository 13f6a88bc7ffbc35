import '~/browser/account-texts'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { LineView } from '~/models/line'
import type { OrderLine } from '~/models/order'
import { LineNote, LineTable } from '../LineTable'
import { ScrollRegion } from '../ScrollRegion'
import { useShell } from '../useShell'
import { FulfillmentStatus, formatDate } from './OrderStatus'

type OrderLineView = LineView & OrderLine

/**
 * The ordered lines, each linking to its product, with desired delivery and fulfilment status, and the
 * page's own control for a line (`lineAction`) when it has one.
 */
export function OrderLines({
  lines,
  lineAction,
}: {
  lines: OrderLine[]
  lineAction?: (line: OrderLine) => ReactNode
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const views = lines.map((line): OrderLineView => ({
    ...line,
    singleBasePrice: line.unitPrice,
    url: `/${locale.lang}/product/${encodeURIComponent(line.sku)}`,
  }))
  // On a phone the table scrolls in its own named region rather than the page sideways.
  return (
    <ScrollRegion label={t('account.orders.lines.title')}>
      <LineTable
        lines={views}
        caption={t('account.orders.lines.title')}
        className="order-lines"
        rowTestId="order-line"
        details={(line) => (
          <>
            {line.desiredDelivery ? (
              <LineNote>
                {t('account.orders.line.desired_delivery', {
                  date: formatDate(line.desiredDelivery, locale.tag),
                })}
              </LineNote>
            ) : null}
            {line.fulfillmentStatus ? (
              <LineNote>
                {t('account.orders.line.fulfillment')} <FulfillmentStatus status={line.fulfillmentStatus} />
              </LineNote>
            ) : null}
            {lineAction?.(line)}
          </>
        )}
      />
    </ScrollRegion>
  )
}
