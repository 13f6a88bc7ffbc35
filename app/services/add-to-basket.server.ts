/**
 * Saying what an add did, for every way of adding (product page, tiles, the collected adds, the add-items
 * link, quick order): one success text naming the added SKUs (`ede.shopping_cart.product.added.message`)
 * and one line per refused or invalid item.
 */
import { redirect } from '@remix-run/node'
import { addItemsFromUrl, addItemsParams } from '~/models/add-items'
import { messageText } from '~/models/messages'
import { addToBasket, type AddResult } from './basket.server'
import { fixedT } from './i18n.server'
import type { IcmScope } from './icm.server'
import type { ShopSession, Toast } from './session.server'
import { boundedToast, redirectWithToast } from './toast.server'

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
          reason: errors[0] ? messageText(t, errors[0]) : '',
        }),
      ),
      ...result.errors.slice(0, 1).map((error) => messageText(t, error)),
    ],
  }
}

/** The toast after an add: success (with any refusals listed), or an error when nothing was added. */
export function addToast(t: Translate, result: AddResult, invalid: string[] = []): Toast {
  const texts = addTexts(t, result, invalid)
  const details = texts.problems.length ? { details: texts.problems } : {}
  const more = (count: number) => t('ede.shopping_cart.add_items.more.message', { count })
  if (result.added.length > 0) {
    return boundedToast(
      {
        key: 'ede.shopping_cart.product.added.message',
        values: { sku: [...new Set(result.added.map((item) => item.sku))].join(', ') },
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
  return redirectWithToast(session, link.cleanUrl, addToast(t, result, link.invalid))
}
