/**
 * Quick order (feature `quickorder`, spec §4, §5): every SKU of the form's lines looked up (no masters,
 * exact manufacturer SKU first), all found items added in one call with the typed quantities, ICM fitting
 * them to the product's rules (`adjustmentsAllowed`). Items ICM refuses are reported and the rest added
 * (see addToBasket). A variation master's SKU (the item number its tiles show) stands for its default
 * variation, and the result says so; a master without one asks which of its variations is meant. Every line
 * gets its result: added, fitted by ICM (with its reason), refused, unknown, a master's variations to choose
 * from, or invalid.
 */
import { messageText, type Translate } from '~/models/messages'
import type { ProductTile } from '~/models/product'
import type { QuickOrderLine, QuickOrderResult, QuickOrderSummary } from '~/models/quick-order'
import { addToBasket, type BasketItem } from './basket.server'
import type { IcmScope } from './icm.server'
import { lookupMaster, lookupProduct } from './product-lookup.server'
import { variations } from './products.server'
import type { ShopSession } from './session.server'

type ItemLine = QuickOrderLine & { kind: 'item' }

/** Variations a result offers to choose from when the master has no default one. */
const CHOICES_SHOWN = 5

/** What a typed SKU stands for: a product, the default variation of a master, or a master's choices. */
type Found = { product: ProductTile; master?: string } | { master: string; choices: string } | null

async function findProduct(scope: IcmScope, sku: string): Promise<Found> {
  const product = await lookupProduct(scope, sku)
  if (product) return { product }
  const master = await lookupMaster(scope, sku)
  if (!master) return null
  const variation = master.defaultVariationSku && (await lookupProduct(scope, master.defaultVariationSku))
  if (variation) return { product: variation, master: master.sku }
  const list = await variations(scope, master.sku)
  const choices = list
    .slice(0, CHOICES_SHOWN)
    .map((v) => {
      const values = v.attributes.map((a) => a.displayValue).join(', ')
      return values ? `${v.sku} (${values})` : v.sku
    })
    .join('; ')
  return { master: master.sku, choices }
}

export async function orderQuickly(
  scope: IcmScope,
  session: ShopSession,
  t: Translate,
  lines: QuickOrderLine[],
): Promise<QuickOrderSummary & { added: number }> {
  const items = lines.filter((line): line is ItemLine => line.kind === 'item')
  const skus = [...new Set(items.map((line) => line.sku))]
  const found = await Promise.all(skus.map((sku) => findProduct(scope, sku)))
  const foundBy = new Map(skus.map((sku, i) => [sku, found[i]]))

  const toAdd = new Map<ItemLine, BasketItem>()
  for (const line of items) {
    const hit = foundBy.get(line.sku)
    if (hit && 'product' in hit) toAdd.set(line, { sku: hit.product.sku, quantity: line.quantity })
  }
  const result = await addToBasket(scope, session, [...toAdd.values()], { adjustmentsAllowed: true })
  const refusedBy = new Map(result.refused.map((r) => [r.item, r.errors]))
  const adjustedBy = new Map(result.adjusted.map((a) => [a.item, a]))
  const generalError = result.errors[0] && messageText(t, result.errors[0])

  const results = lines.map((line): QuickOrderResult => {
    const base = { source: line.source, line: line.line, text: line.text }
    if (line.kind === 'invalid') return { ...base, status: 'invalid' }
    const hit = foundBy.get(line.sku)
    if (hit && 'choices' in hit)
      return { ...base, status: 'variations', sku: hit.master, quantity: line.quantity, choices: hit.choices }
    const item = toAdd.get(line)
    if (!hit || !item) return { ...base, status: 'unknown', sku: line.sku, quantity: line.quantity }
    const { product, master } = hit
    const refusal = refusedBy.get(item)
    const adjusted = adjustedBy.get(item)
    const common = {
      ...base,
      sku: product.sku,
      name: product.name,
      quantity: item.quantity,
      ...(master ? { master } : {}),
    }
    if (refusal || generalError)
      return {
        ...common,
        status: 'refused',
        reason: refusal?.[0] ? messageText(t, refusal[0], product) : generalError,
      }
    if (adjusted)
      return {
        ...common,
        status: 'adjusted',
        quantity: adjusted.quantity,
        requested: line.quantity,
        reason: adjusted.message,
      }
    return { ...common, status: 'added' }
  })
  return {
    message: t('ede.quickorder.csv.lookup.result.message', { searched: items.length, found: toAdd.size }),
    results,
    added: result.added.length,
  }
}
