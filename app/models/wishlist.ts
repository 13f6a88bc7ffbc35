/**
 * Wishlists as the shop shows them (spec commerce-and-checkout §3 Wishlist): ICM's `WishlistRO` read into a
 * title, flags and items (SKU, wished quantity), and the list of a user's wishlists (Links with flags).
 */
import { z } from 'zod'
import { API_CODES } from './api-codes'
import type { Translate } from './messages'
import type { ProductPrice } from './price'

const AttributeSchema = z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() })

export const WishlistDataSchema = z.object({
  id: z.string(),
  title: z.string(),
  preferred: z.boolean().optional(),
  shared: z.boolean().optional(),
  itemsCount: z.number().optional(),
  items: z.array(z.object({ attributes: z.array(AttributeSchema) })).optional(),
  owner: z.string().optional(),
  secureCode: z.string().optional(),
})

export const WishlistLinksSchema = z.object({
  elements: z.array(
    z.object({
      uri: z.string(),
      title: z.string().optional(),
      attributes: z.array(AttributeSchema).optional(),
    }),
  ),
})

export const WishlistSharingSchema = z.object({
  wishlistId: z.string(),
  owner: z.string(),
  secureCode: z.string(),
})

export type WishlistItem = { sku: string; quantity: number }

export type Wishlist = {
  id: string
  title: string
  preferred: boolean
  shared: boolean
  items: WishlistItem[]
  /** The live shared link's parts (the owner's own read of a shared list only). */
  link: { owner: string; secureCode: string } | null
}

/** A product on a list as the pages show it: its name, picture, page and price (a gone product: its SKU). */
export type WishlistLine = {
  sku: string
  quantity: number
  name: string
  image: string | undefined
  url: string | null
  price: ProductPrice | null
}

export type WishlistSummary = {
  id: string
  title: string
  preferred: boolean
  shared: boolean
  itemsCount: number
}

/** The bounds the forms check before ICM does (the commerce API's limits: domain/wishlists.ts). */
export const WISHLIST_TITLE_MAX = 100
export const WISHLIST_QUANTITY_MAX = 1000
export const WISHLIST_SHARE_RECIPIENTS_MAX = 10
export const WISHLIST_SHARE_MESSAGE_MAX = 1000

/** The addresses of a share as typed: separated by commas, semicolons or spaces. */
export const shareAddresses = (recipients = '') => recipients.split(/[\s,;]+/).filter(Boolean)

const PLAIN_ADDRESS = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/

/**
 * The share form (the commerce API checks the same, domain/wishlists.ts): optional addresses that are sent the
 * link, at most ten, and an optional message.
 */
export const wishlistShareSchema = (t: Translate) =>
  z.object({
    intent: z.literal('share'),
    recipients: z
      .string()
      .trim()
      .max(4000)
      .optional()
      .superRefine((value, ctx) => {
        const addresses = shareAddresses(value)
        if (addresses.some((address) => address.length > 254 || !PLAIN_ADDRESS.test(address)))
          ctx.addIssue({ code: 'custom', message: t(API_CODES.wishlistRecipientsInvalid) })
        else if (new Set(addresses.map((a) => a.toLowerCase())).size > WISHLIST_SHARE_RECIPIENTS_MAX)
          ctx.addIssue({ code: 'custom', message: t(API_CODES.wishlistRecipientsLimit) })
      }),
    message: z
      .string()
      .trim()
      .max(WISHLIST_SHARE_MESSAGE_MAX, t(API_CODES.wishlistMessageInvalid))
      .optional(),
  })

type Attribute = z.infer<typeof AttributeSchema>
const valueOf = (attributes: Attribute[] | undefined, name: string) =>
  attributes?.find((a) => a.name === name)?.value

export function mapWishlist(data: z.infer<typeof WishlistDataSchema>): Wishlist {
  return {
    id: data.id,
    title: data.title,
    preferred: !!data.preferred,
    shared: !!data.shared,
    items: (data.items ?? []).flatMap(({ attributes }) => {
      const sku = valueOf(attributes, 'sku')
      const quantity = (valueOf(attributes, 'desiredQuantity') as { value?: unknown } | undefined)?.value
      return typeof sku === 'string' ? [{ sku, quantity: typeof quantity === 'number' ? quantity : 1 }] : []
    }),
    link: data.owner && data.secureCode ? { owner: data.owner, secureCode: data.secureCode } : null,
  }
}

/** The wishlists' Links: the id is the URI's last segment (as the PWA's mapper reads it). */
export function mapWishlistLinks(data: z.infer<typeof WishlistLinksSchema>): WishlistSummary[] {
  return data.elements.flatMap((link) => {
    const id = /wishlists[^/]*\/([^/?;]+)/.exec(link.uri)?.[1]
    if (!id) return []
    const itemsCount = valueOf(link.attributes, 'itemsCount')
    return [
      {
        id,
        title: link.title ?? id,
        preferred: valueOf(link.attributes, 'preferred') === true,
        shared: valueOf(link.attributes, 'shared') === true,
        itemsCount: typeof itemsCount === 'number' ? itemsCount : 0,
      },
    ]
  })
}

/** The public address of a shared list (spec shell §2.1 `wishlists/:wishlistId`). */
export const sharedWishlistPath = (lang: string, id: string, link: { owner: string; secureCode: string }) =>
  `/${lang}/wishlists/${encodeURIComponent(id)}?${new URLSearchParams({ owner: link.owner, secureCode: link.secureCode })}`

export const wishlistsPath = (lang: string) => `/${lang}/account/wishlists`
