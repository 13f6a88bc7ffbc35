/**
 * Saying what an add did, for every way of adding (product page, tiles, the collected adds, the add-items
 * link, quick order): one success text naming the added SKUs (`ede.shopping_cart.product.added.message`)
 * and one line per refused or invalid item.
 */
import { addItemsFromUrl, problemText } from '~/models/add-items'
import { addToBasket, type AddResult } from './basket.server'
import { fixedT } from './i18n.server'
import type { IcmScope } from './icm.server'
import type { ShopSession, Toast } from './session.server'
import { redirectWithToast } from './toast.server'

type Translate = ReturnType<typeof fixedT>

/** The texts of an add: what was added (undefined when nothing) and every refusal, first cause each (§8). */
export function addTexts(t: Translate, result: AddResult, invalid: string[] = []) {
  const skus = [...new Set(result.added.map((item) => item.sku))]
  return {
    added: skus.length ? t('ede.shopping_cart.product.added.message', { sku: skus.join(', ') }) : undefined,
    problems: [
      ...invalid.map((entry) => t('ede.shopping_cart.add_items.invalid.message', { item: entry })),
      ...result.refused.map(({ item, errors }) =>
        t('ede.shopping_cart.add_items.refused.message', {
          sku: item.sku,
          reason: errors[0] ? problemText(t, errors[0]) : '',
        }),
      ),
      ...result.errors.slice(0, 1).map((error) => problemText(t, error)),
    ],
  }
}

/** The toast after an add: success (with any refusals listed), or an error when nothing was added. */
export function addToast(t: Translate, result: AddResult, invalid: string[] = []): Toast {
  const texts = addTexts(t, result, invalid)
  const details = texts.problems.length ? { details: texts.problems } : {}
  if (result.added.length > 0) {
    return {
      key: 'ede.shopping_cart.product.added.message',
      values: { sku: [...new Set(result.added.map((item) => item.sku))].join(', ') },
      type: texts.problems.length ? 'info' : 'success',
      ...details,
    }
  }
  return { key: 'ede.shopping_cart.product.not_added.message', type: 'error', ...details }
}

/**
 * The add-items link (`?addItems=sku|qty;…` or `?pcode=…&qty=…`, spec §5) on any page: valid items are added
 * in one call, invalid ones reported, and the answer is a redirect to the same URL without those parameters,
 * so a reload never adds again. Null when the request carries no such parameter.
 */
export async function addItemsFromLink(
  request: Request,
  scope: IcmScope,
  session: ShopSession,
): Promise<Response | null> {
  if (request.method !== 'GET') return null
  const link = addItemsFromUrl(new URL(request.url))
  if (!link) return null
  const t = fixedT(scope.locale.id)
  const result = await addToBasket(scope, session, link.items)
  return redirectWithToast(session, link.cleanUrl, addToast(t, result, link.invalid))
}
