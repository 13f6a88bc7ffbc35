/**
 * The prompt for a line's mandatory selections and accessories (spec §4 "Adding to basket", ADR 0011): what
 * the prompt route's loader answers (the page and the modal show the same), and the schema of its form.
 */
import { z } from 'zod'
import type { PriceItem } from './price'

/** One product a line asks for, as the prompt shows it. */
export type MandatoryChoice = {
  sku: string
  name: string
  price?: PriceItem
  /** The basket holds this product for the line already. */
  inBasket: boolean
}

/** The line and what it asks for. */
export type MandatoryPrompt = {
  lineId: string
  parent: { sku: string; name: string; quantity: number }
  selections: MandatoryChoice[]
  accessories: MandatoryChoice[]
  /** One of the selections is in the basket for the line. */
  selectionMade: boolean
  satisfied: boolean
}

/** The prompt's form: the chosen selection (radio) and the checked accessories, as SKUs. */
export const mandatoryChoiceSchema = z.object({
  selection: z.string().max(100).optional(),
  accessory: z.array(z.string().max(100)).max(50).optional(),
})
