import { Trans, useTranslation } from 'react-i18next'
import { formatDeliveryDay, type DeliveryEstimate } from '~/models/delivery-date'
import { useShell } from './useShell'

/**
 * "Delivered by Tue, Nov 25" or "Delivered between … and …" (issue 19), each day a `<time>`; the days come
 * from the server's loader as `yyyy-mm-dd`, formatted in the page's locale, so server and client agree.
 * Out of stock says why there is no date; an unknown date says nothing.
 */
export function DeliveryDate({
  estimate,
  method,
  scope,
}: {
  estimate: DeliveryEstimate | null | undefined
  /** The shipping method the date is for, when the page names it. */
  method?: string
  scope: 'product' | 'basket'
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (!estimate || estimate.status === 'unknown') return null
  if (estimate.status === 'out_of_stock') {
    return (
      <p className="delivery-date delivery-date-none" data-testid="delivery-date">
        {scope === 'product'
          ? t('delivery_date.out_of_stock')
          : t('delivery_date.basket_out_of_stock', { count: estimate.count })}
      </p>
    )
  }
  const day = (iso: string) => formatDeliveryDay(iso, locale.tag)
  const suffix = method ? '_method' : ''
  return (
    <p className="delivery-date" data-testid="delivery-date">
      {estimate.earliest === estimate.latest ? (
        <Trans
          i18nKey={`delivery_date.by${suffix}`}
          values={{ day: day(estimate.latest), method }}
          components={{ time: <time dateTime={estimate.latest} /> }}
        />
      ) : (
        <Trans
          i18nKey={`delivery_date.between${suffix}`}
          values={{ from: day(estimate.earliest), to: day(estimate.latest), method }}
          components={{
            from: <time dateTime={estimate.earliest} />,
            to: <time dateTime={estimate.latest} />,
          }}
        />
      )}
    </p>
  )
}
