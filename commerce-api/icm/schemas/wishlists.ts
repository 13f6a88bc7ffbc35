/**
 * Wishlists as ICM sends them (`WishlistRO`, the Intershop PWA's `wishlist.interface.ts` and mapper): the list's
 * title and flags, and its items as attribute lists (`sku`, `id`, `creationDate`, `desiredQuantity`). The list
 * of a user's wishlists is a ResourceCollection of Links; this API adds `preferred`, `shared` and `itemsCount`
 * attributes to each Link, which ICM clients that read only `uri` and `title` pass over.
 */
import { z } from 'zod'
import { AttributeSchema, LinkSchema, resourceCollection } from './common'
import type { WireRule } from './rules'

export const WishlistItemSchema = z.object({
  type: z.literal('WishlistItem').optional(),
  attributes: z
    .array(AttributeSchema)
    .refine(
      (list) =>
        ['sku', 'id', 'creationDate'].every((name) => list.some((a) => a.name === name)) &&
        z
          .object({ value: z.number().int().positive() })
          .safeParse(list.find((a) => a.name === 'desiredQuantity')?.value).success,
      { message: 'a wishlist item carries sku, id, creationDate and desiredQuantity {value}' },
    ),
})

export const WishlistSchema = z.object({
  type: z.literal('Wishlist').optional(),
  id: z.string(),
  title: z.string(),
  preferred: z.boolean(),
  public: z.boolean(),
  shared: z.boolean(),
  itemsCount: z.number().int().nonnegative(),
  creationDate: z.number().int(),
  items: z.array(WishlistItemSchema),
  /** The owner's own read of a shared list: the live link's parts. */
  owner: z.string().optional(),
  secureCode: z.string().optional(),
})

export const WishlistListSchema = resourceCollection(LinkSchema)

/** The answer of `POST …/wishlists/{id}/share` (`WishlistSharingResponse`). */
export const WishlistSharingSchema = z.object({
  wishlistId: z.string(),
  owner: z.string(),
  secureCode: z.string().min(32),
})

const NoContent = z.undefined()
const base = '/rest/:site/:resource/:customer/wishlists'

export const wishlistWire: WireRule[] = [
  { method: 'GET', route: base, schema: WishlistListSchema },
  { method: 'POST', route: base, schema: WishlistSchema },
  { method: 'GET', route: `${base}/:id`, schema: WishlistSchema },
  { method: 'PUT', route: `${base}/:id`, schema: WishlistSchema },
  { method: 'DELETE', route: `${base}/:id`, schema: NoContent },
  { method: 'POST', route: `${base}/:id/products/:sku`, schema: WishlistSchema },
  { method: 'DELETE', route: `${base}/:id/products/:sku`, schema: WishlistSchema },
  { method: 'POST', route: `${base}/:id/share`, schema: WishlistSharingSchema },
  { method: 'DELETE', route: `${base}/:id/share`, schema: NoContent },
  { method: 'GET', route: '/rest/:site/wishlists/:id', schema: WishlistSchema },
]

/** Order templates: a business user's wishlists (`customers/-/users/-/wishlists`, ADR 0041), the same shapes. */
const templates = '/rest/:site/customers/:customerNo/users/:login/wishlists'

export const orderTemplateWire: WireRule[] = [
  { method: 'GET', route: templates, schema: WishlistListSchema },
  { method: 'POST', route: templates, schema: WishlistSchema },
  { method: 'GET', route: `${templates}/:id`, schema: WishlistSchema },
  { method: 'PUT', route: `${templates}/:id`, schema: WishlistSchema },
  { method: 'DELETE', route: `${templates}/:id`, schema: NoContent },
  { method: 'POST', route: `${templates}/:id/products/:sku`, schema: WishlistSchema },
  { method: 'DELETE', route: `${templates}/:id/products/:sku`, schema: WishlistSchema },
]
