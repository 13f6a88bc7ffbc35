import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import {
  discountPercentage,
  formatMoney,
  pick,
  priceState,
  scaledPriceRows,
  type Money,
  taxRateOf,
  type PriceDisplay,
  type PriceItem,
  type ProductPrice,
} from '~/models/price'
import { showsPrices } from '~/models/price-visibility'
import { amountInWords } from '~/models/quantity'
import { useShell } from './useShell'

/**
 * What the shown price includes for the shop's default destination: "incl. 19 % VAT" gross, "excl. VAT" net,
 * and, where that destination is taxed at 0 %, that no tax is included and the delivery country's is added.
 */
function taxHint(
  t: (key: string, values?: Record<string, unknown>) => string,
  sale: PriceItem,
  display: PriceDisplay,
  locale: ShopLocale,
) {
  if (display === 'net') return t('product.price.net_hint')
  const rate = taxRateOf(sale)
  if (rate === 0) return t('product.price.tax_free_hint')
  if (rate === undefined) return t('product.price.gross_hint_general')
  const percent = new Intl.NumberFormat(locale.tag, { style: 'percent', maximumFractionDigits: 1 })
  return t('product.price.gross_hint', { rate: percent.format(rate / 100) })
}

/**
 * Amounts as the shopper may see them (ADR 0045), for lines, totals and the mini basket: formatted; empty for a
 * business customer who orders without prices; the "price on demand" text where prices are given on demand.
 * Every amount the shop shows goes through here or through ProductPriceView.
 */
export function usePriceText() {
  const { t } = useTranslation()
  const { locale, display, prices } = useShell()
  const money = (value: Money) =>
    showsPrices(prices)
      ? formatMoney(value, locale.tag)
      : prices === 'blank'
        ? ''
        : t('product.price.on_demand')
  return { money, item: (value: PriceItem) => money(pick(value, display)) }
}

export function MoneyText({ money }: { money: Money; locale?: ShopLocale }) {
  return <>{usePriceText().money(money)}</>
}

/** An amount of gross and net in the shopper's price display, as they may see it. */
export function Amount({ item }: { item: PriceItem }) {
  return <>{usePriceText().item(item)}</>
}

/**
 * Sale price, list price with discount, and the tax hint of the display mode (gross for b2c, net for b2b);
 * detailed, also the volume prices. A product without a price has its price on request; when prices could
 * not be loaded (`null`) the price is "not available".
 */
export function ProductPriceView({
  price,
  display,
  locale,
  from = false,
  detailed = false,
  packingUnit,
}: {
  price: ProductPrice | null | undefined
  display: PriceDisplay
  locale: ShopLocale
  from?: boolean
  detailed?: boolean
  /** The unit volume prices are counted in ("from 10 boxes"). */
  packingUnit?: string
}) {
  const { t } = useTranslation()
  const { prices } = useShell()
  // A business customer without price display (ADR 0045): a blank price, or the "on demand" text.
  if (prices === 'blank')
    return (
      <p className="price price-blank" data-testid="price-blank">
        <span className="visually-hidden">{t('product.price.blank')}</span>
      </p>
    )
  if (prices === 'on_demand') return <p className="price price-on-demand">{t('product.price.on_demand')}</p>
  const state = priceState(price)
  if (state === 'not_available')
    return <p className="price price-not-available">{t('product.price.not_available')}</p>
  if (state === 'on_request' || !price?.sale)
    return <p className="price price-on-request">{t('product.price.on_request')}</p>
  const sale = formatMoney(pick(price.sale, display), locale.tag)
  const discount = discountPercentage(price, display)
  const tiers = price.scaled.length > 0 ? scaledPriceRows(price, display) : []
  const best = tiers.at(-1)
  return (
    <div className="price" data-testid="price">
      <span className="price-sale">{from ? t('product.price.from', { price: sale }) : sale}</span>
      {discount > 0 && price.list ? (
        <>
          {' '}
          <s className="price-list" aria-label={t('product.price.list')}>
            {formatMoney(pick(price.list, display), locale.tag)}
          </s>{' '}
          <span className="price-discount">{t('product.price.discount', { percent: discount })}</span>
        </>
      ) : null}
      {detailed ? <span className="price-hint">{taxHint(t, price.sale, display, locale)}</span> : null}
      {!detailed && best ? (
        // A tile names the lowest volume price; the product page has the whole table.
        <span className="price-scaled">
          {t('product.price.scaled.best', {
            price: formatMoney(best.price, locale.tag),
            amount: amountInWords(t, best.minQuantity, packingUnit),
          })}
        </span>
      ) : null}
      {detailed && tiers.length > 0 ? (
        <table className="scaled-prices">
          <caption>{t('product.price.scaled.title')}</caption>
          <tbody>
            {tiers.map((row) => (
              <tr key={row.minQuantity}>
                <th scope="row">
                  {t('product.price.scaled.row', { amount: amountInWords(t, row.minQuantity, packingUnit) })}
                </th>
                <td>{formatMoney(row.price, locale.tag)}</td>
                <td>{row.saving > 0 ? t('product.price.scaled.saving', { percent: row.saving }) : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}

/**
 * Where totals would be, for a shopper who sees no prices (ADR 0045): that they order at agreed prices
 * (no-price checkout), or that prices are given on demand and ordering waits for them. Nothing otherwise.
 */
export function PricesHiddenNote() {
  const { t } = useTranslation()
  const { prices } = useShell()
  if (showsPrices(prices)) return null
  return (
    <p className="prices-hidden-note" data-testid="prices-hidden-note">
      {t(prices === 'blank' ? 'basket.prices.blank.note' : 'basket.prices.on_demand.note')}
    </p>
  )
}
