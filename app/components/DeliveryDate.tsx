import { Fragment, type ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { Translate } from '~/models/messages'
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
      {estimate.earliest === estimate.latest
        ? sentence(
            t,
            `delivery_date.by${suffix}`,
            { method },
            {
              day: <time dateTime={estimate.latest}>{day(estimate.latest)}</time>,
            },
          )
        : sentence(
            t,
            `delivery_date.between${suffix}`,
            { method },
            {
              from: <time dateTime={estimate.earliest}>{day(estimate.earliest)}</time>,
              to: <time dateTime={estimate.latest}>{day(estimate.latest)}</time>,
            },
          )}
    </p>
  )
}

/** Marks a value's place in a translated sentence: a character no text contains. */
const MARK = '\u0000'

/**
 * A translated sentence with elements for some of its values, wherever the language puts them: each such
 * value is translated as a marked name, and the sentence is split at the marks.
 */
function sentence(
  t: Translate,
  key: string,
  values: Record<string, unknown>,
  elements: Record<string, ReactNode>,
) {
  const marked = Object.fromEntries(Object.keys(elements).map((name) => [name, `${MARK}${name}${MARK}`]))
  return t(key, { ...values, ...marked })
    .split(MARK)
    .map((part, index) => (index % 2 ? <Fragment key={index}>{elements[part]}</Fragment> : part))
}
