/**
 * Items to add to the basket as they arrive from outside the basket: the add-items link parameter
 * (`addItems=sku|qty;sku|qty`, or `pcode=a,b&qty=1,2`, spec §5) and add forms (`sku`, `quantity`,
 * `warranty` fields, repeated for several items). Pure functions; the API checks the product rules.
 */

export type ItemToAdd = {
  sku: string
  quantity: number
  warranty?: string
  customFields?: { name: string; value: string }[]
}

/** The link parameters this module reads; the redirect after the add drops them. */
export const ADD_ITEMS_PARAMS = ['addItems', 'pcode', 'qty'] as const

/** A whole number greater than 0, or undefined. */
export function positiveQuantity(text: string | undefined | null): number | undefined {
  const trimmed = (text ?? '').trim()
  if (!/^\d+$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return value > 0 && Number.isSafeInteger(value) ? value : undefined
}

export type ParsedItems = { items: ItemToAdd[]; invalid: string[] }

/** `sku|quantity` entries separated by semicolons; each needs a non-empty SKU and a quantity above 0. */
export function parseAddItemsParam(value: string): ParsedItems {
  const result: ParsedItems = { items: [], invalid: [] }
  for (const entry of value.split(';')) {
    if (!entry.trim()) continue
    const [sku = '', quantity, ...rest] = entry.split('|')
    const parsed = positiveQuantity(quantity)
    if (!sku.trim() || parsed === undefined || rest.length > 0) result.invalid.push(entry.trim())
    else result.items.push({ sku: sku.trim(), quantity: parsed })
  }
  return result
}

/** `pcode` and `qty` as comma-separated lists, paired by position; the SKU is kept as custom field `pcode`. */
export function parsePcodeParams(pcode: string, qty: string): ParsedItems {
  const codes = pcode.split(',')
  const quantities = qty.split(',')
  const result: ParsedItems = { items: [], invalid: [] }
  for (let i = 0; i < Math.max(codes.length, quantities.length); i++) {
    const sku = (codes[i] ?? '').trim()
    const quantity = positiveQuantity(quantities[i])
    if (!sku && !(quantities[i] ?? '').trim()) continue
    if (!sku || quantity === undefined) result.invalid.push(`${sku}|${(quantities[i] ?? '').trim()}`)
    else result.items.push({ sku, quantity, customFields: [{ name: 'pcode', value: sku }] })
  }
  return result
}

/** The items the link parameters ask to add; null when there are none of them. */
export function addItemsFromParams(params: URLSearchParams): ParsedItems | null {
  const addItems = params.get('addItems')
  const pcode = params.get('pcode')
  const qty = params.get('qty')
  if (addItems === null && pcode === null) return null
  const fromList = addItems !== null ? parseAddItemsParam(addItems) : { items: [], invalid: [] }
  const fromCodes = pcode !== null ? parsePcodeParams(pcode, qty ?? '') : { items: [], invalid: [] }
  return {
    items: [...fromList.items, ...fromCodes.items],
    invalid: [...fromList.invalid, ...fromCodes.invalid],
  }
}

/** Just the link parameters of `params` (to carry them into a confirmation form). */
export function addItemsParams(params: URLSearchParams): [string, string][] {
  return ADD_ITEMS_PARAMS.flatMap((name) => {
    const value = params.get(name)
    return value === null ? [] : [[name, value] as [string, string]]
  })
}

/**
 * The items a URL asks to add, and the same URL without the parameters (path and the other query
 * parameters); null when the URL carries none of them.
 */
export function addItemsFromUrl(url: URL): (ParsedItems & { cleanUrl: string }) | null {
  const parsed = addItemsFromParams(url.searchParams)
  if (!parsed) return null
  const rest = new URLSearchParams(url.searchParams)
  for (const name of ADD_ITEMS_PARAMS) rest.delete(name)
  const query = rest.toString()
  return { ...parsed, cleanUrl: `${url.pathname}${query ? `?${query}` : ''}` }
}

/**
 * An add form's items: `sku`, `quantity` and `warranty` fields, the n-th of each belonging together (one
 * item from a plain form, several from the collected adds). An item without SKU or with a quantity that is
 * not a whole number above 0 is invalid (reported by its SKU and quantity text).
 */
export function itemsFromForm(form: FormData): ParsedItems {
  const skus = form.getAll('sku').map(String)
  const quantities = form.getAll('quantity').map(String)
  const warranties = form.getAll('warranty').map(String)
  const result: ParsedItems = { items: [], invalid: [] }
  skus.forEach((raw, i) => {
    const sku = raw.trim()
    const quantity = positiveQuantity(quantities[i])
    if (!sku || quantity === undefined) {
      result.invalid.push(`${sku}|${quantities[i] ?? ''}`)
      return
    }
    const warranty = warranties[i]?.trim()
    result.items.push({ sku, quantity, ...(warranty ? { warranty } : {}) })
  })
  return result
}

type Translate = (key: string, values?: Record<string, unknown>) => string

/** Codes whose shop text is general: ICM's message names the product's actual rule (minimum, maximum, step). */
const RULE_CODES = /quantity/

/**
 * An API refusal as the shopper reads it (spec §8: the error code's text and the cause's message): the
 * shop's text for the code, followed by ICM's message where that names the rule; ICM's message alone for
 * codes the shop has no text for.
 */
export function problemText(t: Translate, problem: { code: string; message: string }): string {
  const text = t(problem.code)
  if (text === problem.code) return problem.message
  return RULE_CODES.test(problem.code) && problem.message ? `${text} ${problem.message}` : text
}
