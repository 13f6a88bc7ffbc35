/**
 * Order templates (feature orderTemplates, ADR 0041; icm-contract.md `customers/-/users/-/wishlists`): the
 * business user's own templates, called as the Intershop PWA's order-template.service.ts does: list, read,
 * create, rename, delete, `…/products/{sku}?quantity=` (which adds; a quantity edit sends the difference) and
 * remove. A template from a basket or an order is a create followed by one add per product, as ICM has no call
 * that copies lines. Putting a template into the basket is one add with adjustments allowed: ICM fits the
 * quantities to today's rules and names what it refuses (services/add-to-basket.server.ts says so). Personal:
 * never cached.
 */
import { z } from 'zod'
import type { OrderTemplate, OrderTemplateSummary, TemplateItem } from '~/models/order-template'
import { mapWishlist, mapWishlistLinks, WishlistDataSchema, WishlistLinksSchema } from '~/models/wishlist'
import { fittedAddDetails, productsOfAdd } from './add-to-basket.server'
import { addToBasket } from './basket.server'
import { notFound } from './http.server'
import type { fixedT } from './i18n.server'
import { icmCall, IcmError, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { ShopSession, Toast } from './session.server'
import { boundedToast } from './toast.server'

const NoContent = z.unknown()
const BASE = 'customers/-/users/-/wishlists'
const one = (id: string, rest = '') => `${BASE}/${encodeURIComponent(id)}${rest}`
const itemPath = (id: string, sku: string) => one(id, `/products/${encodeURIComponent(sku)}`)

const toTemplate = (data: z.infer<typeof WishlistDataSchema>): OrderTemplate => {
  const { id, title, items } = mapWishlist(data)
  return { id, title, items }
}

/** The user's templates, oldest first. */
export async function listOrderTemplates(scope: IcmScope): Promise<OrderTemplateSummary[]> {
  const data = await icmCall(scope, { path: BASE, schema: WishlistLinksSchema, cache: 'none' })
  return mapWishlistLinks(data).map(({ id, title, itemsCount }) => ({ id, title, itemsCount }))
}

/** Unknown, someone else's or malformed ids are a 404 page (a 403, a lost permission, is the guard's). */
function orNotFound(error: unknown): never {
  if (error instanceof IcmError && [400, 404].includes(error.status)) throw notFound()
  throw error
}

/** One of the user's templates with its products. */
export async function getOrderTemplate(scope: IcmScope, id: string): Promise<OrderTemplate> {
  if (!id || id.length > 100) throw notFound()
  return toTemplate(
    await icmCall(scope, { path: one(id), schema: WishlistDataSchema, cache: 'none' }).catch(orNotFound),
  )
}

export const createOrderTemplate = (scope: IcmScope, title: string) =>
  tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: BASE,
      json: { title },
      schema: WishlistDataSchema,
      cache: 'none',
    }).then(toTemplate),
  )

export const renameOrderTemplate = (scope: IcmScope, id: string, title: string) =>
  tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: one(id),
      json: { title },
      schema: WishlistDataSchema,
      cache: 'none',
    }),
  )

export const deleteOrderTemplate = (scope: IcmScope, id: string) =>
  tryIcm(icmCall(scope, { method: 'DELETE', path: one(id), schema: NoContent, cache: 'none' }))

/** ICM's add: `quantity` more of the product (a new line, or added to its line; negative lowers the line). */
const addItem = (scope: IcmScope, id: string, sku: string, quantity: number) =>
  icmCall(scope, {
    method: 'POST',
    path: itemPath(id, sku),
    query: { quantity: String(quantity) },
    schema: WishlistDataSchema,
    cache: 'none',
  })

export const addToOrderTemplate = (scope: IcmScope, id: string, sku: string, quantity: number) =>
  tryIcm(addItem(scope, id, sku, quantity))

/** A line's new quantity, sent as the PWA does: the difference to what the template holds. */
export async function setOrderTemplateQuantity(
  scope: IcmScope,
  template: OrderTemplate,
  sku: string,
  quantity: number,
): Promise<IcmResult<unknown>> {
  // A line removed meanwhile (another tab) holds nothing: the add makes it again with the quantity asked for.
  const held = template.items.find((item) => item.sku === sku)?.quantity ?? 0
  if (held === quantity) return { ok: true, value: undefined }
  return tryIcm(addItem(scope, template.id, sku, quantity - held))
}

export const removeFromOrderTemplate = (scope: IcmScope, id: string, sku: string) =>
  tryIcm(
    icmCall(scope, { method: 'DELETE', path: itemPath(id, sku), schema: WishlistDataSchema, cache: 'none' }),
  )

/** What a template made from lines got: the template, and the products ICM did not take (with its reasons). */
export type FilledTemplate = {
  template: OrderTemplate
  refused: { item: TemplateItem; errors: { code: string; message?: string }[] }[]
}

/**
 * A new template with these items (from a basket or an order): one create, then one add per product in the
 * lines' order (ICM has no call that copies lines). A product ICM refuses (no longer sold) is reported and the
 * others kept; a refused create is the result's refusal.
 */
export async function createOrderTemplateWith(
  scope: IcmScope,
  title: string,
  items: TemplateItem[],
): Promise<IcmResult<FilledTemplate>> {
  const created = await createOrderTemplate(scope, title)
  if (!created.ok) return created
  const refused: FilledTemplate['refused'] = []
  for (const item of items) {
    const added = await tryIcm(addItem(scope, created.value.id, item.sku, item.quantity))
    if (!added.ok) refused.push({ item, errors: added.errors })
  }
  return { ok: true, value: { template: await getOrderTemplate(scope, created.value.id), refused } }
}

/**
 * The template into the basket in one add, ICM fitting each quantity to today's rules; the toast for the
 * basket page names the template and says, by product, what was fitted and what could not be added and why.
 */
export async function orderTemplateToBasket(
  scope: IcmScope,
  session: ShopSession,
  t: ReturnType<typeof fixedT>,
  template: OrderTemplate,
): Promise<Toast> {
  const items = template.items.map(({ sku, quantity }) => ({ sku, quantity }))
  const result = await addToBasket(scope, session, items, { adjustmentsAllowed: true })
  const products = await productsOfAdd(scope, result)
  const details = fittedAddDetails(t, result, (sku) => products.names[sku] ?? sku)
  const added = result.added.length
  const toast: Toast =
    added > 0
      ? {
          key: 'account.order_templates.to_basket.added',
          values: { count: added, title: template.title },
          type: details.length ? 'info' : 'success',
        }
      : { key: 'account.order_templates.to_basket.none', values: { title: template.title }, type: 'error' }
  return boundedToast(details.length ? { ...toast, details } : toast, (count) =>
    t('ede.shopping_cart.add_items.more.message', { count }),
  )
}
