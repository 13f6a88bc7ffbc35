import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  addWishlistItem,
  createWishlist,
  deleteWishlist,
  getWishlist,
  listWishlists,
  moveWishlistItem,
  removeWishlistItem,
  shareRecipients,
  shareWishlist,
  sharedWishlist,
  unshareWishlist,
  updateWishlist,
  WISHLIST_LIMITS,
  type WishlistOwner,
} from '../domain/wishlists'
import { wishlistJson, wishlistListJson } from '../icm/wishlists'
import { parseInput, queryInt } from '../http'
import { RATE_LIMITED, tooManyRequests } from '../rate-limits'
import { callerCustomer } from './addresses'
import type { RouteModule } from './context'

/** `POST …/wishlists` and `PUT …/wishlists/{id}`: ICM's `WishlistRO` fields a client may set. */
const WishlistRequest = z.object({
  title: z
    .string()
    .max(WISHLIST_LIMITS.title * 2)
    .optional(),
  preferred: z.boolean().optional(),
})

/**
 * `POST …/wishlists/{id}/products/{sku}`: ICM's `{quantity}` (or `?quantity=`); `moveFrom`, this API's
 * addition, names the user's list the product leaves in the same transaction (a move between lists).
 */
const AddItemRequest = z
  .object({
    quantity: z.number().int().optional(),
    moveFrom: z.string().max(100).optional(),
  })
  .optional()

/**
 * `POST …/wishlists/{id}/share`: ICM's `WishlistSharingRO`, the addresses the link is mailed to (separated by
 * commas) and a message; `sender` is ICM's too, but the sender is always the logged-in user here.
 */
const ShareRequest = z
  .object({
    recipients: z.string().max(4000).optional(),
    message: z
      .string()
      .max(WISHLIST_LIMITS.message * 2)
      .optional(),
    sender: z.string().max(320).optional(),
  })
  .optional()

type Params = { id: string; sku: string }

/**
 * Wishlists (`{customers|privatecustomers}/-/wishlists`, icm-contract.md): the logged-in user's lists, their
 * products and sharing; and the public read of a shared list by its link (`wishlists/{id};owner=;secureCode=`).
 * Another user's list, of the same customer or not, is not found.
 */
export const wishlistRoutes: RouteModule = (app, { db, site }) => {
  const base = '/rest/:site/:resource/:customer/wishlists'
  const config = { access: { customer: true } } as const
  const ownerOf = async (request: FastifyRequest): Promise<WishlistOwner> => ({
    userId: (await callerCustomer(db, request)).userId,
  })
  const paramsOf = (request: FastifyRequest) => request.params as Params

  app.get(base, { config }, async (request) => {
    const lists = await listWishlists(db, await ownerOf(request))
    return wishlistListJson(site, `${(request.params as { resource: string }).resource}/-/wishlists`, lists)
  })

  app.post(base, { config }, async (request, reply) => {
    const owner = await ownerOf(request)
    const input = parseInput(WishlistRequest, request.body ?? {}, 'wishlist')
    const created = await createWishlist(db, owner, input)
    reply.code(201)
    return wishlistJson(created)
  })

  app.get(`${base}/:id`, { config }, async (request) =>
    wishlistJson(await getWishlist(db, await ownerOf(request), paramsOf(request).id), { forOwner: true }),
  )

  app.put(`${base}/:id`, { config }, async (request) => {
    const owner = await ownerOf(request)
    const input = parseInput(WishlistRequest, request.body ?? {}, 'wishlist')
    return wishlistJson(await updateWishlist(db, owner, paramsOf(request).id, input))
  })

  app.delete(`${base}/:id`, { config }, async (request, reply) => {
    await deleteWishlist(db, await ownerOf(request), paramsOf(request).id)
    reply.code(204)
  })

  app.post(`${base}/:id/products/:sku`, { config }, async (request) => {
    const owner = await ownerOf(request)
    const { id, sku } = paramsOf(request)
    const body = parseInput(AddItemRequest, request.body ?? undefined, 'wishlist item')
    const query = request.query as Record<string, unknown>
    const quantity = body?.quantity ?? queryInt(query.quantity, 1, { min: 1, max: WISHLIST_LIMITS.quantity })
    const changed = body?.moveFrom
      ? await moveWishlistItem(db, owner, body.moveFrom, id, sku)
      : await addWishlistItem(db, owner, id, sku, quantity)
    return wishlistJson(changed)
  })

  app.delete(`${base}/:id/products/:sku`, { config }, async (request) => {
    const { id, sku } = paramsOf(request)
    return wishlistJson(await removeWishlistItem(db, await ownerOf(request), id, sku))
  })

  app.post(`${base}/:id/share`, { config }, async (request, reply) => {
    const owner = await ownerOf(request)
    const input = parseInput(ShareRequest, request.body ?? undefined, 'wishlist sharing') ?? {}
    const recipients = shareRecipients(input.recipients)
    if (recipients.length) {
      const wait = await app.limiters.wishlistShareMails.take(owner.userId, recipients.length)
      if (wait !== null)
        return tooManyRequests(
          reply,
          wait,
          RATE_LIMITED,
          'Too many wishlist mails. Please wait before sharing again.',
        )
    }
    return shareWishlist(db, owner, paramsOf(request).id, input)
  })

  app.delete(`${base}/:id/share`, { config }, async (request, reply) => {
    await unshareWishlist(db, await ownerOf(request), paramsOf(request).id)
    reply.code(204)
  })

  // A shared list, for anyone holding its link: no token needed, the secure code is the credential.
  app.get('/rest/:site/wishlists/:id', { config: { access: 'public' } }, async (request) => {
    const { owner = '', secureCode = '' } = request.matrix
    return wishlistJson(await sharedWishlist(db, paramsOf(request).id, owner, secureCode))
  })
}
