/**
 * Saying what an add did, for every way of adding (product page, tiles, the collected adds, the add-items
 * link, quick order): one success text (`ede.shopping_cart.product.added.message`, spec §8) naming the product
 * when it is one and counting them when more, in the language's plural forms (issue 19: products by name, no
 * SKUs alone), and one line per refused or invalid item, named by its product.
 */
import { redirect } from '@remix-run/node'
import { addItemsFromUrl, addItemsParams } from '~/models/add-items'
import { isQuantityRule, messageText } from '~/models/messages'
import type { QuantityRules } from '~/models/quantity'
import { product } from './products.server'
import { addToBasket, type AddResult } from './basket.server'
import { fixedT } from './i18n.server'
import type { IcmScope } from './icm.server'
import type { ShopSession, Toast } from './session.server'
import { boundedToast, redirectWithToast } from './toast.server'

type Translate = ReturnType<typeof fixedT>

/** What the texts of an add say about its products, by SKU: names, and the quantity rules of refused ones. */
export type AddProducts = { names: Record<string, string>; rules: Record<string, QuantityRules> }

/**
 * The products an add touched: names as ICM's answer gives them, else from the catalogue (its cached product
 * call), else none (the texts then say the SKU); and, for an item refused for its quantity, the product's
 * rules, since ICM's refusal names no number (the shop says "Minimum order: 5 boxes" in the page language).
 */
export async function productsOfAdd(scope: IcmScope, result: AddResult): Promise<AddProducts> {
  const skus = [...new Set([...result.added, ...result.refused.map((r) => r.item)].map((item) => item.sku))]
  const ruled = new Set(
    result.refused.filter((r) => r.errors.some((e) => isQuantityRule(e.code))).map((r) => r.item.sku),
  )
  const wanted = skus.filter((sku) => !result.names[sku] || ruled.has(sku))
  const found = await Promise.all(wanted.map((sku) => product(scope, sku).catch(() => undefined)))
  return {
    names: {
      ...Object.fromEntries(wanted.flatMap((sku, i) => (found[i] ? [[sku, found[i].name]] : []))),
      ...result.names,
    },
    rules: Object.fromEntries(
      wanted.flatMap((sku, i) => (found[i] && ruled.has(sku) ? [[sku, found[i]]] : [])),
    ),
  }
}

/** The values of the product-added text: the SKUs (spec §8), the product's name, how many products. */
function addedValues(result: AddResult, names: Record<string, string>) {
  const skus = [...new Set(result.added.map((item) => item.sku))]
  return {
    sku: skus.join(', '),
    name: skus.length === 1 ? (names[skus[0]!] ?? skus[0]!) : '',
    count: skus.length,
  }
}

/** The texts of an add: what was added (undefined when nothing) and every refusal, first cause each (§8). */
export function addTexts(
  t: Translate,
  result: AddResult,
  invalid: string[] = [],
  { names, rules }: AddProducts = { names: result.names, rules: {} },
) {
  return {
    added: result.added.length
      ? t('ede.shopping_cart.product.added.message', addedValues(result, names))
      : undefined,
    problems: [
      ...invalid.map((entry) => t('ede.shopping_cart.add_items.invalid.message', { item: entry })),
      ...result.refused.map(({ item, errors }) =>
        t('ede.shopping_cart.add_items.refused.message', {
          name: names[item.sku] ?? item.sku,
          reason: errors[0] ? messageText(t, errors[0], rules[item.sku]) : '',
        }),
      ),
      ...result.errors.slice(0, 1).map((error) => messageText(t, error)),
    ],
  }
}

/**
 * The details of an add that put earlier lines back (an order bought again, an order template): per product,
 * the quantity ICM fitted to today's rules instead of the one asked for, and each refusal with its first cause
 * (or "no longer available"); a refusal of the whole add last. `nameOf` names a product by its SKU.
 */
export function fittedAddDetails(t: Translate, result: AddResult, nameOf: (sku: string) => string): string[] {
  return [
    ...result.adjusted.map(({ item, quantity }) =>
      t('account.orders.buy_again.adjusted', { name: nameOf(item.sku), quantity, requested: item.quantity }),
    ),
    ...result.refused.map(({ item, errors }) =>
      t('account.orders.buy_again.refused', {
        name: nameOf(item.sku),
        reason: errors[0] ? messageText(t, errors[0]) : t('account.orders.buy_again.unavailable'),
      }),
    ),
    ...result.errors.slice(0, 1).map((error) => messageText(t, error)),
  ]
}

/** The toast after an add: success (with any refusals listed), or an error when nothing was added. */
export function addToast(
  t: Translate,
  result: AddResult,
  invalid: string[] = [],
  products: AddProducts = { names: result.names, rules: {} },
): Toast {
  const texts = addTexts(t, result, invalid, products)
  const details = texts.problems.length ? { details: texts.problems } : {}
  const more = (count: number) => t('ede.shopping_cart.add_items.more.message', { count })
  if (result.added.length > 0) {
    return boundedToast(
      {
        key: 'ede.shopping_cart.product.added.message',
        values: addedValues(result, products.names),
        type: texts.problems.length ? 'info' : 'success',
        ...details,
      },
      more,
    )
  }
  return boundedToast({ key: 'ede.shopping_cart.product.not_added.message', type: 'error', ...details }, more)
}

/** The page that asks a logged-in shopper to confirm the items of an add-items link from elsewhere. */
export const addItemsConfirmPath = (lang: string) => `/${lang}/basket/add`

/**
 * The add-items link (`?addItems=sku|qty;…` or `?pcode=…&qty=…`, spec §5) on any page: valid items are added
 * in one call, invalid ones reported, and the answer is a redirect to the same URL without those parameters,
 * so a reload never adds again. Null when the request carries no such parameter.
 *
 * A GET must not change what a person owns on another site's say-so (issue 14): a link followed from one of
 * the shop's own pages (`Sec-Fetch-Site: same-origin`) or by an anonymous shopper, whose anonymous basket is
 * all it can touch, adds at once; a logged-in shopper arriving from elsewhere first confirms the items with
 * a form post on the shop's own page.
 */
export async function addItemsFromLink(
  request: Request,
  scope: IcmScope,
  session: ShopSession,
): Promise<Response | null> {
  if (request.method !== 'GET') return null
  const url = new URL(request.url)
  if (url.pathname === addItemsConfirmPath(scope.locale.lang)) return null
  const link = addItemsFromUrl(url)
  if (!link) return null
  const fromShop = request.headers.get('sec-fetch-site') === 'same-origin'
  if (session.get('user') && !fromShop) {
    const confirm = new URLSearchParams(addItemsParams(url.searchParams))
    confirm.set('returnUrl', link.cleanUrl)
    return redirect(`${addItemsConfirmPath(scope.locale.lang)}?${confirm}`)
  }
  const t = fixedT(scope.locale.id)
  const result = await addToBasket(scope, session, link.items)
  const products = await productsOfAdd(scope, result)
  return redirectWithToast(session, link.cleanUrl, addToast(t, result, link.invalid, products))
}
