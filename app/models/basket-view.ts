import type { Basket, BasketLine } from './basket'
import { deliveryBounds, type DeliveryWindow } from './basket-forms'
import type { LineView } from './line'
import type { ShopLocale } from './locale'
import type { Product } from './product'
import { maxQuantity } from './quantity'
import { productUrl } from './url'

/** A basket line as the basket page shows it: the line, its product's data, and its quantity hint. */
export type BasketLineView = LineView &
  Pick<BasketLine, 'parentId' | 'mandatory' | 'desiredDelivery' | 'quote'> & {
    /** The name of the line this one was chosen for (ADR 0011). */
    parentName?: string
    /** The `max` hint of the quantity input. */
    maxQuantity?: number
  }

export type BasketView = Omit<Basket, 'lines'> & { lines: BasketLineView[] }

/** The desired-delivery window with the date input's bounds; null when the channel offers none. */
export type DeliveryView = (DeliveryWindow & { min: string; max: string }) | null

/** Lines in position order, each line's mandatory selections and accessories right after it (ADR 0011). */
export function withChildrenAfterParents<L extends { id: string; parentId?: string }>(lines: L[]): L[] {
  const ids = new Set(lines.map((l) => l.id))
  const ordered: L[] = []
  const place = (line: L) => {
    ordered.push(line)
    lines.filter((l) => l.parentId === line.id).forEach(place)
  }
  lines.filter((l) => !l.parentId || !ids.has(l.parentId)).forEach(place)
  return ordered
}

/**
 * The basket page's view of a basket: every line with its product's name, image, link and variation (a
 * product that cannot be loaded, `null`, shows its SKU), children ordered after their parent.
 */
export function basketView(
  basket: Basket,
  products: (Product | null)[],
  locale: ShopLocale,
  maxItemQuantity?: number,
): BasketView {
  const nameOf = (index: number) => products[index]?.name ?? basket.lines[index]!.sku
  const lines = basket.lines.map((line, i): BasketLineView => {
    const p = products[i]
    const parentIndex = line.parentId ? basket.lines.findIndex((l) => l.id === line.parentId) : -1
    return {
      ...line,
      name: nameOf(i),
      parentName: parentIndex < 0 ? undefined : nameOf(parentIndex),
      image: p?.images.find((img) => img.typeID === 'S')?.url,
      url: p
        ? productUrl(locale, {
            sku: p.sku,
            name: p.name,
            variationValues: p.variationValues.map((v) => v.displayValue),
          })
        : undefined,
      variation: p?.variationValues.map((v) => `${v.name}: ${v.displayValue}`).join(', ') || undefined,
      maxQuantity: p ? maxQuantity(p, maxItemQuantity) : maxItemQuantity,
    }
  })
  return { ...basket, lines: withChildrenAfterParents(lines) }
}

/** The channel's delivery window with the bounds of the date input. */
export const deliveryView = (window: DeliveryWindow | null | undefined, today = new Date()): DeliveryView =>
  window ? { ...window, ...deliveryBounds(window, today) } : null
