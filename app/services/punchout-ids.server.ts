/**
 * IDS Connect's cart from the trade software (`action=WKS`, spec §5, §8): every order item goes into the
 * punchout's basket by its article number, in one add; an item the basket does not take is reported on the
 * basket page (`custom.ids.product.error` for a product the shop does not have, else
 * `custom.ids.add.product.to.basket.error`), never dropped silently.
 */
import { API_CODES } from '~/models/api-codes'
import { messageText } from '~/models/messages'
import { addToBasket, type BasketItem } from './basket.server'
import type { fixedT } from './i18n.server'
import type { IcmScope } from './icm.server'
import type { IdsCartItem } from './ids-cart.server'
import type { ShopSession, Toast } from './session.server'
import { boundedToast } from './toast.server'

type Translate = ReturnType<typeof fixedT>

const NOT_FOUND = new Set<string>([API_CODES.productNotFound, 'product.not_found'])

/** Adds a WKS cart's items and answers the toast the basket page shows. */
export async function addIdsCart(
  scope: IcmScope,
  session: ShopSession,
  t: Translate,
  cart: IdsCartItem[],
): Promise<Toast> {
  const problems: string[] = []
  const takeable: BasketItem[] = []
  // The cart's position of each item handed to the add (the add reports refusals by these very objects).
  const positions = new Map<BasketItem, number>()
  for (const item of cart) {
    if (!item.sku) problems.push(t('custom.ids.product.error', { position: item.position, sku: '' }))
    else if (item.quantity === null)
      problems.push(
        t('custom.ids.add.product.to.basket.error', {
          position: item.position,
          sku: item.sku,
          reason: t('punchout.ids.quantity.invalid'),
        }),
      )
    else {
      const basketItem = { sku: item.sku, quantity: item.quantity }
      takeable.push(basketItem)
      positions.set(basketItem, item.position)
    }
  }
  const result = await addToBasket(scope, session, takeable)
  for (const { item, errors } of result.refused) {
    const values = { position: positions.get(item) ?? 0, sku: item.sku }
    problems.push(
      errors.some((error) => NOT_FOUND.has(error.code))
        ? t('custom.ids.product.error', values)
        : t('custom.ids.add.product.to.basket.error', {
            ...values,
            reason: errors[0] ? messageText(t, errors[0]) : '',
          }),
    )
  }
  // A refusal of the whole add (the basket itself) names no item: every item it held is not in the basket.
  if (result.errors.length > 0)
    for (const item of takeable)
      problems.push(
        t('custom.ids.add.product.to.basket.error', {
          position: positions.get(item),
          sku: item.sku,
          reason: messageText(t, result.errors[0]!),
        }),
      )
  const added = new Set(result.added.map((item) => item.sku)).size
  const more = (count: number) => t('ede.shopping_cart.add_items.more.message', { count })
  const details = problems.length ? { details: problems } : {}
  return boundedToast(
    added > 0
      ? {
          key: 'punchout.ids.cart.added',
          values: { count: added },
          type: problems.length ? 'info' : 'success',
          ...details,
        }
      : { key: 'punchout.ids.cart.not_added', type: 'error', ...details },
    more,
  )
}
