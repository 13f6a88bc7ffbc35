import { z } from 'zod'

export const MoneySchema = z.object({ value: z.number(), currency: z.string() })
export const PriceItemSchema = z.object({ net: MoneySchema, gross: MoneySchema })

export type Money = z.infer<typeof MoneySchema>
export type PriceItem = z.infer<typeof PriceItemSchema>
/** b2c shows gross prices, b2b net prices (spec §1, "Price display mode"). */
export type PriceDisplay = 'gross' | 'net'

const TierSchema = PriceItemSchema.extend({ minQuantity: z.object({ value: z.number() }).optional() })

export const ProductPricesSchema = z.object({
  data: z.array(
    z.object({
      sku: z.string(),
      prices: z.object({
        SalePrice: z.array(TierSchema).optional(),
        ListPrice: z.array(TierSchema).optional(),
      }),
    }),
  ),
})

export type ProductPrice = {
  sku: string
  sale?: PriceItem
  list?: PriceItem
  /** Tiers above the base price ("from N pieces"). */
  scaled: (PriceItem & { minQuantity: number })[]
}

/** The tier with minQuantity 1 is the base price; the rest are scaled prices. List price stands in for a missing sale price. */
export function mapProductPrices(data: z.infer<typeof ProductPricesSchema>): Map<string, ProductPrice> {
  const map = new Map<string, ProductPrice>()
  for (const entry of data.data) {
    const sale = entry.prices.SalePrice ?? []
    const list = entry.prices.ListPrice ?? []
    const base = (tiers: typeof sale) => tiers.find((t) => (t.minQuantity?.value ?? 1) === 1)
    const listBase = base(list)
    const saleBase = base(sale) ?? listBase
    map.set(entry.sku, {
      sku: entry.sku,
      sale: saleBase && { net: saleBase.net, gross: saleBase.gross },
      list: listBase && { net: listBase.net, gross: listBase.gross },
      scaled: sale
        .filter((t) => (t.minQuantity?.value ?? 1) > 1)
        .map((t) => ({ net: t.net, gross: t.gross, minQuantity: t.minQuantity!.value }))
        .sort((a, b) => a.minQuantity - b.minQuantity),
    })
  }
  return map
}

/**
 * What a price display shows (spec §8 price texts): the price; "price on request" when ICM has no sale price
 * for the product (`undefined`); "not available" when the prices could not be loaded at all (`null`).
 */
export function priceState(
  price: ProductPrice | null | undefined,
): 'priced' | 'on_request' | 'not_available' {
  if (price === null) return 'not_available'
  return price?.sale ? 'priced' : 'on_request'
}

export function pick(item: PriceItem, display: PriceDisplay): Money {
  return display === 'net' ? item.net : item.gross
}

/**
 * The tax rate a price includes, in percent to the half (19, 5.5, 0), read off its net and gross amounts;
 * undefined when the net amount is too small for cents to tell the rate that exactly.
 */
export function taxRateOf(item: PriceItem): number | undefined {
  const { net, gross } = item
  if (gross.value === net.value && net.value > 0) return 0
  if (net.value < 2) return undefined
  return Math.round((gross.value / net.value - 1) * 200) / 2
}

/** Whole percent the sale price is below the list price, or 0. */
export function discountPercentage(price: ProductPrice, display: PriceDisplay): number {
  if (!price.sale || !price.list) return 0
  const list = pick(price.list, display).value
  const sale = pick(price.sale, display).value
  if (list <= 0 || sale >= list) return 0
  return Math.round(((list - sale) / list) * 100)
}

const formatters = new Map<string, Intl.NumberFormat>()

/** Two decimals, up to four for values under 0.01 (spec §9); formatters are reused, not rebuilt per call. */
export function formatMoney(money: Money, localeTag: string): string {
  const small = money.value !== 0 && Math.abs(money.value) < 0.01
  const key = `${localeTag}|${money.currency}|${small}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeTag, {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: small ? 4 : 2,
    })
    formatters.set(key, formatter)
  }
  return formatter.format(money.value)
}

/** Business customers see the channel's b2b display type (net by default), everyone else the b2c one (spec §1). */
export function priceDisplayOf(
  customerType: string | undefined,
  settings: { b2bDisplay: PriceDisplay; b2cDisplay: PriceDisplay },
): PriceDisplay {
  return customerType === 'SMBCustomer' ? settings.b2bDisplay : settings.b2cDisplay
}

/** Rows of the volume price table: from which quantity, the unit price, and the whole percent saved against the base price. */
export function scaledPriceRows(price: ProductPrice, display: PriceDisplay) {
  const base = price.sale && pick(price.sale, display).value
  return price.scaled.map((tier) => {
    const unit = pick(tier, display)
    const saving = base && base > unit.value ? Math.round(((base - unit.value) / base) * 100) : 0
    return { minQuantity: tier.minQuantity, price: unit, saving }
  })
}
