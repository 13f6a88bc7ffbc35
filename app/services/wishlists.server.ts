/**
 * Wishlists (feature wishlists; spec commerce-and-checkout §3, §4 Wishlists; icm-contract.md): the logged-in
 * user's lists under their customer resource (`customers/-/wishlists` for business users,
 * `privatecustomers/-/wishlists` for private customers), their products, sharing, and the public read of a
 * shared list by its link. Personal: never cached. Changes answer ICM's refusals as `IcmResult`s for the forms.
 */
import { z } from 'zod'
import {
  mapWishlist,
  mapWishlistLinks,
  WishlistDataSchema,
  WishlistLinksSchema,
  WishlistSharingSchema,
  type Wishlist,
  type WishlistLine,
  type WishlistSummary,
} from '~/models/wishlist'
import type { ProductPrice } from '~/models/price'
import { productLinker } from './categories.server'
import { notFound } from './http.server'
import { prices } from './prices.server'
import { product } from './products.server'
import { icmCall, IcmError, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser, ShopSession } from './session.server'

type Owner = Pick<SessionUser, 'customerType'>

/** A 204 without a body. */
const NoContent = z.unknown()

const base = (user: Owner) =>
  `${user.customerType === 'SMBCustomer' ? 'customers' : 'privatecustomers'}/-/wishlists`
const one = (user: Owner, id: string, rest = '') => `${base(user)}/${encodeURIComponent(id)}${rest}`

/** The header's count: the products on all of the user's lists. */
const countOf = (lists: WishlistSummary[]) => lists.reduce((sum, list) => sum + list.itemsCount, 0)

function rememberCount(session: ShopSession | undefined, user: SessionUser, count: number) {
  session?.set('wishlistCount', { login: user.login, count })
}

/** The user's lists, oldest first (the header's count is brought up to date on the way). */
export async function listWishlists(scope: IcmScope, user: SessionUser): Promise<WishlistSummary[]> {
  const lists = mapWishlistLinks(
    await icmCall(scope, { path: base(user), schema: WishlistLinksSchema, cache: 'none' }),
  )
  rememberCount(scope.session, user, countOf(lists))
  return lists
}

/** Unknown, foreign or malformed ids are a 404 page. */
function orNotFound(error: unknown): never {
  if (error instanceof IcmError && [400, 403, 404].includes(error.status)) throw notFound()
  throw error
}

/** One of the user's lists with its products. */
export async function getWishlist(scope: IcmScope, user: SessionUser, id: string): Promise<Wishlist> {
  if (!id || id.length > 100) throw notFound()
  return mapWishlist(
    await icmCall(scope, { path: one(user, id), schema: WishlistDataSchema, cache: 'none' }).catch(
      orNotFound,
    ),
  )
}

/** A shared list as anyone with its link reads it (no token); a wrong or revoked link is a 404 page. */
export async function sharedWishlist(
  scope: IcmScope,
  id: string,
  owner: string,
  secureCode: string,
): Promise<Wishlist> {
  if (!id || id.length > 100 || !owner || owner.length > 100 || !secureCode || secureCode.length > 200)
    throw notFound()
  const path = `wishlists/${encodeURIComponent(id)};owner=${encodeURIComponent(owner)};secureCode=${encodeURIComponent(secureCode)}`
  const data = await icmCall(scope, { path, schema: WishlistDataSchema, cache: 'none', token: null }).catch(
    orNotFound,
  )
  return { ...mapWishlist(data), link: null }
}

/** After a change: the header's count from the user's lists as they are now. */
const refreshCount = (scope: IcmScope, user: SessionUser) => listWishlists(scope, user).then(() => undefined)

async function change<T>(scope: IcmScope, user: SessionUser, call: Promise<T>): Promise<IcmResult<T>> {
  const result = await tryIcm(call)
  if (result.ok) await refreshCount(scope, user)
  return result
}

export const createWishlist = (
  scope: IcmScope,
  user: SessionUser,
  input: { title: string; preferred: boolean },
) =>
  change(
    scope,
    user,
    icmCall(scope, {
      method: 'POST',
      path: base(user),
      json: input,
      schema: WishlistDataSchema,
      cache: 'none',
    }).then(mapWishlist),
  )

export const updateWishlist = (
  scope: IcmScope,
  user: SessionUser,
  id: string,
  input: { title?: string; preferred?: boolean },
) =>
  change(
    scope,
    user,
    icmCall(scope, {
      method: 'PUT',
      path: one(user, id),
      json: input,
      schema: WishlistDataSchema,
      cache: 'none',
    }),
  )

export const deleteWishlist = (scope: IcmScope, user: SessionUser, id: string) =>
  change(
    scope,
    user,
    icmCall(scope, { method: 'DELETE', path: one(user, id), schema: NoContent, cache: 'none' }),
  )

const itemPath = (user: Owner, id: string, sku: string) =>
  one(user, id, `/products/${encodeURIComponent(sku)}`)

export const addToWishlist = (scope: IcmScope, user: SessionUser, id: string, sku: string, quantity = 1) =>
  change(
    scope,
    user,
    icmCall(scope, {
      method: 'POST',
      path: itemPath(user, id, sku),
      json: { quantity },
      schema: WishlistDataSchema,
      cache: 'none',
    }),
  )

export const removeFromWishlist = (scope: IcmScope, user: SessionUser, id: string, sku: string) =>
  change(
    scope,
    user,
    icmCall(scope, {
      method: 'DELETE',
      path: itemPath(user, id, sku),
      schema: WishlistDataSchema,
      cache: 'none',
    }),
  )

/** Moves a product to another of the user's lists in one call (the commerce API's `moveFrom`: all or nothing). */
export const moveWishlistItem = (
  scope: IcmScope,
  user: SessionUser,
  fromId: string,
  toId: string,
  sku: string,
) =>
  change(
    scope,
    user,
    icmCall(scope, {
      method: 'POST',
      path: itemPath(user, toId, sku),
      json: { moveFrom: fromId },
      schema: WishlistDataSchema,
      cache: 'none',
    }),
  )

/** Shares a list (ICM's `WishlistSharingRO`): its link is made, and mailed to the `recipients` given, if any. */
export const shareWishlist = (
  scope: IcmScope,
  user: SessionUser,
  id: string,
  sharing: { recipients?: string; message?: string } = {},
) =>
  tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: one(user, id, '/share'),
      json: sharing,
      schema: WishlistSharingSchema,
      cache: 'none',
    }),
  )

export const unshareWishlist = (scope: IcmScope, user: SessionUser, id: string) =>
  tryIcm(
    icmCall(scope, { method: 'DELETE', path: one(user, id, '/share'), schema: NoContent, cache: 'none' }),
  )

/**
 * The header's wishlist count for a logged-in user: the session's, or read once from ICM (a failure shows no
 * count rather than failing the page). Null for nobody logged in.
 */
export async function headerWishlistCount(
  scope: IcmScope,
  session: ShopSession,
  user: SessionUser | undefined,
): Promise<number | null> {
  if (!user || session.get('isAnonymous')) return null
  const kept = session.get('wishlistCount')
  if (kept && kept.login === user.login) return kept.count
  return listWishlists(scope, user).then(countOf, () => null)
}

/** The products of a list, read from the catalogue (cached) with their prices in one call. */
export async function wishlistLines(scope: IcmScope, list: Pick<Wishlist, 'items'>): Promise<WishlistLine[]> {
  const skus = list.items.map((item) => item.sku)
  const [found, priceMap, linkOf] = await Promise.all([
    Promise.all(skus.map((sku) => product(scope, sku).catch(() => null))),
    prices(scope, skus).catch(() => new Map<string, ProductPrice>()),
    productLinker(scope),
  ])
  return list.items.map((item, i) => {
    const p = found[i]
    return {
      sku: item.sku,
      quantity: item.quantity,
      name: p?.name ?? item.sku,
      image: p?.images.find((image) => image.typeID === 'M')?.url,
      url: p ? linkOf(p) : null,
      price: priceMap.get(item.sku) ?? null,
    }
  })
}
