/**
 * Quick order (feature `quickorder`, spec §4, §5): every SKU of the form's lines looked up (no masters,
 * exact manufacturer SKU first), all found items added in one call with the typed quantities, ICM fitting
 * them to the product's rules (`adjustmentsAllowed`). Items ICM refuses are reported and the rest added
 * (see addToBasket). Every line gets its result: added, fitted by ICM (with its reason), refused, unknown
 * or invalid.
 */
import { messageText, type Translate } from '~/models/messages'
import type { QuickOrderLine, QuickOrderResult, QuickOrderSummary } from '~/models/quick-order'
import { addToBasket, type BasketItem } from './basket.server'
import type { IcmScope } from './icm.server'
import { lookupProduct } from './product-lookup.server'
import type { ShopSession } from './session.server'

type ItemLine = QuickOrderLine & { kind: 'item' }

export async function orderQuickly(
  scope: IcmScope,
  session: ShopSession,
  t: Translate,
  lines: QuickOrderLine[],
): Promise<QuickOrderSummary & { added: number }> {
  const items = lines.filter((line): line is ItemLine => line.kind === 'item')
  const skus = [...new Set(items.map((line) => line.sku))]
  const found = await Promise.all(skus.map((sku) => lookupProduct(scope, sku)))
  const productBy = new Map(skus.map((sku, i) => [sku, found[i]]))

  const toAdd = new Map<ItemLine, BasketItem>()
  for (const line of items) {
    const product = productBy.get(line.sku)
    if (product) toAdd.set(line, { sku: product.sku, quantity: line.quantity })
  }
  const result = await addToBasket(scope, session, [...toAdd.values()], { adjustmentsAllowed: true })
  const refusedBy = new Map(result.refused.map((r) => [r.item, r.errors]))
  const adjustedBy = new Map(result.adjusted.map((a) => [a.item, a]))
  const generalError = result.errors[0] && messageText(t, result.errors[0])

  const results = lines.map((line): QuickOrderResult => {
    const base = { source: line.source, line: line.line, text: line.text }
    if (line.kind === 'invalid') return { ...base, status: 'invalid' }
    const product = productBy.get(line.sku)
    const item = toAdd.get(line)
    if (!product || !item) return { ...base, status: 'unknown', sku: line.sku, quantity: line.quantity }
    const refusal = refusedBy.get(item)
    const adjusted = adjustedBy.get(item)
    const common = { ...base, sku: product.sku, name: product.name, quantity: item.quantity }
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
