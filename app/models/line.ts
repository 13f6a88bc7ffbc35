import type { PriceItem } from './price'

/**
 * One line of a line table (basket, checkout, order): what every such table shows of a line. Plain JSON,
 * so the loader's data and the component's props are the same type.
 */
export type LineView = {
  id: string
  sku: string
  name: string
  url?: string
  image?: string
  /** "Colour: Red, Size: M" */
  variation?: string
  quantity: number
  singleBasePrice: PriceItem
  total: PriceItem
  /** The line before item promotions, and what they took off; absent without a rebate. */
  undiscounted?: PriceItem
  rebate?: PriceItem
  warranty?: { name: string; price: PriceItem }
  /** Fields the line was added with (e.g. `pcode`). */
  customFields?: { name: string; value: string }[]
}
