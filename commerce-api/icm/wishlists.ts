import type { Wishlist, WishlistSummary } from '../domain/wishlists'

/**
 * What the `WishlistRO` shape is made from: a wishlist, or an order template (which ICM keeps as a wishlist of
 * the business user, `customers/-/users/-/wishlists`: never preferred, never shared).
 */
type ListView = Pick<Wishlist, 'id' | 'title' | 'preferred' | 'secureCode' | 'userId' | 'createdAt'> & {
  items: Pick<Wishlist['items'][number], 'id' | 'sku' | 'quantity' | 'createdAt'>[]
}
type ListSummaryView = Pick<WishlistSummary, 'id' | 'title' | 'preferred' | 'secureCode' | 'itemsCount'>

/**
 * A wishlist in ICM's shape (`WishlistRO`): its items as attribute lists, as the PWA's mapper reads them;
 * `public` and `shared` both say whether a shared link is live. Its owner's own read (`forOwner`) also carries
 * the live link's `owner` and `secureCode` (what the share call answered), so the owner's page can show the
 * link again; the public read of a shared list never does.
 */
export function wishlistJson(list: ListView, { forOwner = false } = {}) {
  const shared = list.secureCode !== null
  return {
    ...(forOwner && list.secureCode ? { owner: list.userId, secureCode: list.secureCode } : {}),
    type: 'Wishlist',
    id: list.id,
    title: list.title,
    preferred: list.preferred,
    public: shared,
    shared,
    itemsCount: list.items.length,
    creationDate: list.createdAt.getTime(),
    items: list.items.map((item) => ({
      type: 'WishlistItem',
      attributes: [
        { name: 'id', type: 'String', value: item.id },
        { name: 'sku', type: 'String', value: item.sku },
        { name: 'creationDate', type: 'Long', value: item.createdAt.getTime() },
        { name: 'desiredQuantity', type: 'Quantity', value: { value: item.quantity, unit: '' } },
      ],
    })),
  }
}

/**
 * The user's wishlists: Links to each, with the flags and count a list page shows without reading each.
 * `collection` is the lists' path under the site (`customers/-/wishlists`, `customers/-/users/-/wishlists`).
 */
export function wishlistListJson(site: string, collection: string, lists: ListSummaryView[]) {
  const elements = lists.map((list) => ({
    type: 'Link',
    uri: `${site}/-/${collection}/${list.id}`,
    title: list.title,
    itemId: list.id,
    attributes: [
      { name: 'preferred', type: 'Boolean', value: list.preferred },
      { name: 'shared', type: 'Boolean', value: list.secureCode !== null },
      { name: 'itemsCount', type: 'Integer', value: list.itemsCount },
    ],
  }))
  return {
    type: 'ResourceCollection',
    name: 'wishlists',
    elements,
    amount: elements.length,
    offset: 0,
    total: elements.length,
  }
}
