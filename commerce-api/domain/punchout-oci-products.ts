/**
 * OCI's product functions (issue 34, shell spec §4.7, §7): SAP asks the shop about products without a basket,
 * `FUNCTION=VALIDATE` (one product at a quantity: `GET …/oci5/validate?productId=&quantity=`) and
 * `FUNCTION=BACKGROUND_SEARCH` (the products a search finds: `GET …/oci5/background-search?searchString=`).
 * Both answer the `NEW_ITEM-…` fields a transfer would, with the customer's OCI mapping, each product as one
 * line at the price list's price for its quantity; no basket is touched.
 */
import type { Db } from '../db/client'
import { writeOciFields, type OciField } from '../punchout/oci'
import type { TransferProblem } from '../punchout/transfer-basket'
import { productFacts, type ProductFacts } from './basket'
import { pricedSkus, productNotFound } from './catalog'
import type { Currency, Locale } from './channel'
import { invalidError } from './errors'
import { listProducts, parseSelection } from './listing'
import { ociConfiguration } from './punchout-oci'
import { productTransferBasket } from './punchout-transfer'
import { quantityProblem } from './quantity'
import { searchQuery } from './search-terms'

/** The most products a background search answers. */
export const MAX_BACKGROUND_SEARCH_PRODUCTS = 20
/** The longest search string (as the shop's search takes it). */
export const MAX_SEARCH_STRING_LENGTH = 200

export type OciProductFields = { fields: OciField[]; problems: TransferProblem[] }

type Scope = { currency: Currency; locale: Locale }

/** Whether a product can be ordered as such in `currency`: online, no master or set, with a price. */
const orderable = (facts: ProductFacts | undefined, priced: Set<string>): facts is ProductFacts =>
  !!facts && facts.online && facts.kind !== 'master' && facts.kind !== 'retailset' && priced.has(facts.sku)

async function fieldsOf(
  db: Db,
  customerNo: string,
  items: { sku: string; quantity: number }[],
  { currency, locale }: Scope,
): Promise<OciProductFields> {
  const [basket, configuration] = await Promise.all([
    productTransferBasket(db, items, currency, locale),
    ociConfiguration(db, customerNo),
  ])
  return writeOciFields(basket, { configuration, version: '5.0' })
}

/**
 * VALIDATE: the fields of product `sku` at `quantity` (a whole number the product's quantity rules allow),
 * else `punchout.oci.quantity.invalid` or the basket's quantity refusal; a product that cannot be ordered
 * online is not found.
 */
export async function ociValidation(
  db: Db,
  customerNo: string,
  { sku, quantity }: { sku: string; quantity: number },
  scope: Scope,
): Promise<OciProductFields> {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw invalidError(
      'punchout.oci.quantity.invalid',
      `The quantity '${quantity}' is no whole number of at least 1.`,
      [
        {
          code: 'punchout.oci.quantity.invalid',
          message: 'The quantity is no whole number of at least 1.',
          paths: ['quantity'],
        },
      ],
    )
  const [facts, priced] = await Promise.all([productFacts(db, [sku]), pricedSkus(db, scope.currency, [sku])])
  const product = facts.get(sku)
  if (!orderable(product, priced)) throw productNotFound(sku)
  const problem = quantityProblem(sku, product, quantity)
  if (problem) throw invalidError(problem.code, problem.message, [{ ...problem, paths: ['quantity'] }])
  return fieldsOf(db, customerNo, [{ sku, quantity }], scope)
}

/**
 * BACKGROUND_SEARCH: the fields of the first MAX_BACKGROUND_SEARCH_PRODUCTS products the shop's search finds
 * for `searchString` (in its order, spelling corrected as the shop's search does) that can be ordered
 * online, each at its minimum order quantity. An empty or overlong search string is refused.
 */
export async function ociBackgroundSearch(
  db: Db,
  customerNo: string,
  searchString: string,
  scope: Scope & { site: string },
): Promise<OciProductFields> {
  const term = searchString.trim()
  if (!term || term.length > MAX_SEARCH_STRING_LENGTH)
    throw invalidError(
      'request.invalid',
      `A searchString of 1 to ${MAX_SEARCH_STRING_LENGTH} characters is required.`,
    )
  const page = await listProducts(
    db,
    scope,
    { kind: 'search', query: await searchQuery(db, scope.locale, term) },
    parseSelection(undefined),
    { amount: MAX_BACKGROUND_SEARCH_PRODUCTS, offset: 0 },
  )
  const skus = page.products.map((product) => product.sku)
  const [facts, priced] = await Promise.all([productFacts(db, skus), pricedSkus(db, scope.currency, skus)])
  const items = skus.flatMap((sku) => {
    const product = facts.get(sku)
    return orderable(product, priced) ? [{ sku, quantity: Math.max(1, product.min) }] : []
  })
  return fieldsOf(db, customerNo, items, scope)
}
