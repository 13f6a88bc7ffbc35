/**
 * The cart an IDS Connect trade software sends with `action=WKS` (`warenkorb`, namespace
 * http://www.itek.de/Shop-Anbindung/Warenkorb/, punchout-formats.md): its order items by article number,
 * quantity and unit, in their order. Read with fast-xml-parser within bounds; a document type (and with it
 * any entity declaration) is refused before parsing.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'

/** Most order items a cart may have. */
export const MAX_CART_ITEMS = 500

/**
 * One order item as the cart names it: `position` is its place in the cart (1-based, kept for the messages),
 * `quantity` the whole number of pieces, or null when `Qty` is none (missing, not a number, a fraction).
 */
export type IdsCartItem = { position: number; sku: string; quantity: number | null; unit: string }

export type IdsCartResult =
  { ok: true; items: IdsCartItem[] } | { ok: false; reason: 'invalid' | 'empty' | 'too-large' }

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  // Article numbers are text: `00123` stays `00123`.
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'OrderItem' || name === 'Order',
})

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** IDS `Qty` (13,2): a decimal with a point (or comma); the shop sells whole pieces only. */
function quantityOf(value: string): number | null {
  if (!/^\d{1,11}(?:[.,]\d{1,2})?$/.test(value)) return null
  const quantity = Number(value.replace(',', '.'))
  return Number.isInteger(quantity) && quantity > 0 ? quantity : null
}

export function readIdsCart(xml: string): IdsCartResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, reason: 'invalid' }
  if (XMLValidator.validate(xml) !== true) return { ok: false, reason: 'invalid' }
  let document: Record<string, unknown>
  try {
    document = parser.parse(xml) as Record<string, unknown>
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const cart = document.Warenkorb as { Order?: unknown[] } | string | undefined
  if (cart === undefined || cart === null) return { ok: false, reason: 'invalid' }
  // An element without children (`<Warenkorb/>`, `<Order/>`) reads as text: a cart or order of nothing.
  const orders = typeof cart === 'object' ? (cart.Order ?? []) : []
  const orderItems = orders.flatMap((order) =>
    order && typeof order === 'object' ? ((order as { OrderItem?: unknown[] }).OrderItem ?? []) : [],
  )
  if (orderItems.length === 0) return { ok: false, reason: 'empty' }
  if (orderItems.length > MAX_CART_ITEMS) return { ok: false, reason: 'too-large' }
  const items = orderItems.map((raw, index) => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
    return {
      position: index + 1,
      sku: text(item.ArtNo),
      quantity: quantityOf(text(item.Qty)),
      unit: text(item.QU),
    }
  })
  return { ok: true, items }
}
