/**
 * Wishlists (spec commerce-and-checkout §3 Wishlist, §4 Wishlists): a user's named lists of products, one of
 * them preferred as soon as there is any (the first list is; making another preferred unmarks it; deleting
 * the preferred one hands the mark to the oldest list left). A list can be shared: sharing gives it a secret
 * code, and anyone holding the list's id, its owner and the code may read it without logging in; unsharing
 * drops the code, so every link given out before stops working. Bounded: `WISHLIST_LIMITS`. Every change
 * runs in one transaction, with the user's lists locked, so two requests at once keep the rules.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { and, asc, count, eq, ne } from 'drizzle-orm'
import type { Db } from '../db/client'
import { products, users, wishlistItems, wishlists } from '../db/schema'
import { productNotFound } from './catalog'
import { invalidError, notFoundError, refusedError } from './errors'
import { publish } from './events'
import type { MessageCode } from './message-codes'

export const WISHLIST_LIMITS = {
  /** Lists per user. */
  lists: 20,
  /** Products per list. */
  items: 100,
  /** Characters of a title. */
  title: 100,
  /** The most of one product a list holds. */
  quantity: 1000,
  /** E-mail addresses one share sends the link to. */
  recipients: 10,
  /** Characters of the message that goes with a share. */
  message: 1000,
} as const

export type WishlistRow = typeof wishlists.$inferSelect
export type WishlistItemRow = typeof wishlistItems.$inferSelect
export type WishlistSummary = WishlistRow & { itemsCount: number }
export type Wishlist = WishlistRow & { items: WishlistItemRow[] }

/** Whose lists a call touches: the logged-in user. */
export type WishlistOwner = { userId: string }

export type WishlistInput = { title?: string; preferred?: boolean }

const notFound = () => notFoundError('wishlist.not_found.error', 'The wishlist could not be found.')

/** A title as kept: trimmed, not empty, bounded. */
export function wishlistTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed || trimmed.length > WISHLIST_LIMITS.title)
    throw invalidError(
      'wishlist.title.invalid.error',
      `A wishlist title has 1 to ${WISHLIST_LIMITS.title} characters.`,
      [
        {
          code: 'wishlist.title.invalid.error',
          message: 'The title is empty or too long.',
          paths: ['title'],
        },
      ],
    )
  return trimmed
}

/** A wished quantity: a whole number from 1 to the limit. */
export function wishlistQuantity(quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > WISHLIST_LIMITS.quantity)
    throw invalidError(
      'wishlist.quantity.invalid.error',
      `A wished quantity is a whole number from 1 to ${WISHLIST_LIMITS.quantity}.`,
    )
  return quantity
}

/** A new secret for a shared link: 32 random bytes, URL-safe. */
export const newSecureCode = () => randomBytes(32).toString('base64url')

/** Whether a presented code is the list's, compared in constant time; an unshared list matches nothing. */
export function secureCodeMatches(stored: string | null, presented: string): boolean {
  if (!stored) return false
  const a = Buffer.from(stored)
  const b = Buffer.from(presented)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The user's lists, oldest first, each with its number of products. */
export async function listWishlists(db: Db, owner: WishlistOwner): Promise<WishlistSummary[]> {
  const rows = await db
    .select({ list: wishlists, itemsCount: count(wishlistItems.id) })
    .from(wishlists)
    .leftJoin(wishlistItems, eq(wishlistItems.wishlistId, wishlists.id))
    .where(eq(wishlists.userId, owner.userId))
    .groupBy(wishlists.id)
    .orderBy(asc(wishlists.createdAt), asc(wishlists.id))
  return rows.map(({ list, itemsCount }) => ({ ...list, itemsCount }))
}

/** Whether an id can name a list at all (lists' ids are UUIDs): anything else is not found without a query. */
export const isWishlistId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

async function itemsOf(db: Db, wishlistId: string) {
  return db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, wishlistId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.sku))
}

/** One of the user's lists with its products; anyone else's, or an unknown id, is not found. */
export async function getWishlist(db: Db, owner: WishlistOwner, id: string): Promise<Wishlist> {
  if (!isWishlistId(id)) throw notFound()
  const [row] = await db
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.id, id), eq(wishlists.userId, owner.userId)))
  if (!row) throw notFound()
  return { ...row, items: await itemsOf(db, id) }
}

/**
 * A shared list as anyone with its link reads it: the id, the owner and the code must all match, else it is
 * not found (whether the list exists, or is shared at all, stays unsaid).
 */
export async function sharedWishlist(
  db: Db,
  id: string,
  owner: string,
  secureCode: string,
): Promise<Wishlist> {
  if (!isWishlistId(id)) throw notFound()
  const [row] = await db.select().from(wishlists).where(eq(wishlists.id, id))
  if (!row || row.userId !== owner || !secureCodeMatches(row.secureCode, secureCode)) throw notFound()
  return { ...row, items: await itemsOf(db, id) }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Locks the user's lists for the rest of the transaction (list counts and the preferred mark stay put). */
async function lockLists(tx: Tx, owner: WishlistOwner) {
  return tx
    .select()
    .from(wishlists)
    .where(eq(wishlists.userId, owner.userId))
    .orderBy(asc(wishlists.createdAt), asc(wishlists.id))
    .for('update')
}

function ownList(lists: WishlistRow[], id: string): WishlistRow {
  const found = isWishlistId(id) ? lists.find((list) => list.id === id) : undefined
  if (!found) throw notFound()
  return found
}

/** Marks one list preferred and unmarks the user's other (in that order, for the partial unique index). */
async function markPreferred(tx: Tx, owner: WishlistOwner, id: string) {
  await tx
    .update(wishlists)
    .set({ preferred: false })
    .where(and(eq(wishlists.userId, owner.userId), ne(wishlists.id, id), eq(wishlists.preferred, true)))
  await tx.update(wishlists).set({ preferred: true }).where(eq(wishlists.id, id))
}

/** A new list; the user's first is preferred whatever was asked, a later one when asked. */
export async function createWishlist(db: Db, owner: WishlistOwner, input: WishlistInput): Promise<Wishlist> {
  const title = wishlistTitle(input.title ?? '')
  return db.transaction(async (tx) => {
    const lists = await lockLists(tx, owner)
    if (lists.length >= WISHLIST_LIMITS.lists)
      throw refusedError(
        'wishlist.limit.error',
        `A user keeps at most ${WISHLIST_LIMITS.lists} wishlists; delete one first.`,
      )
    const [row] = await tx.insert(wishlists).values({ userId: owner.userId, title }).returning()
    if (lists.length === 0 || input.preferred) await markPreferred(tx, owner, row!.id)
    return { ...row!, preferred: lists.length === 0 || !!input.preferred, items: [] }
  })
}

/**
 * Renames a list or makes it the preferred one. The preferred mark is only ever moved, never dropped: asking
 * the preferred list to be not preferred keeps it preferred (there must be one while lists exist).
 */
export async function updateWishlist(
  db: Db,
  owner: WishlistOwner,
  id: string,
  input: WishlistInput,
): Promise<Wishlist> {
  const title = input.title === undefined ? undefined : wishlistTitle(input.title)
  await db.transaction(async (tx) => {
    ownList(await lockLists(tx, owner), id)
    if (title !== undefined) await tx.update(wishlists).set({ title }).where(eq(wishlists.id, id))
    if (input.preferred) await markPreferred(tx, owner, id)
  })
  return getWishlist(db, owner, id)
}

/** Deletes a list with its products; when it was the preferred one, the oldest list left becomes preferred. */
export async function deleteWishlist(db: Db, owner: WishlistOwner, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const lists = await lockLists(tx, owner)
    const list = ownList(lists, id)
    await tx.delete(wishlists).where(eq(wishlists.id, id))
    const next = lists.find((other) => other.id !== id)
    if (list.preferred && next) await markPreferred(tx, owner, next.id)
  })
}

/** A product a list may take: it exists and is online (wishlists and order templates alike). */
export async function requireOnlineProduct(tx: Tx, sku: string) {
  const [found] = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.sku, sku), eq(products.online, true)))
  if (!found) throw productNotFound(sku)
}

/** Puts `quantity` of a product on a list: a product already there gets the quantity added (up to the limit). */
async function putItem(tx: Tx, wishlistId: string, sku: string, quantity: number) {
  const [existing] = await tx
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, wishlistId), eq(wishlistItems.sku, sku)))
  if (existing) {
    await tx
      .update(wishlistItems)
      .set({ quantity: Math.min(WISHLIST_LIMITS.quantity, existing.quantity + quantity) })
      .where(eq(wishlistItems.id, existing.id))
    return
  }
  const [{ items } = { items: 0 }] = await tx
    .select({ items: count() })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, wishlistId))
  if (items >= WISHLIST_LIMITS.items)
    throw refusedError(
      'wishlist.items.limit.error',
      `A wishlist holds at most ${WISHLIST_LIMITS.items} products; remove one first.`,
    )
  await tx.insert(wishlistItems).values({ wishlistId, sku, quantity })
}

/** Adds a product (which must exist and be online) to one of the user's lists. */
export async function addWishlistItem(
  db: Db,
  owner: WishlistOwner,
  id: string,
  sku: string,
  quantity = 1,
): Promise<Wishlist> {
  wishlistQuantity(quantity)
  await db.transaction(async (tx) => {
    ownList(await lockLists(tx, owner), id)
    await requireOnlineProduct(tx, sku)
    await putItem(tx, id, sku, quantity)
  })
  return getWishlist(db, owner, id)
}

async function takeItem(tx: Tx, wishlistId: string, sku: string): Promise<WishlistItemRow> {
  const [removed] = await tx
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, wishlistId), eq(wishlistItems.sku, sku)))
    .returning()
  if (!removed)
    throw notFoundError('wishlist.item.not_found.error', `The product '${sku}' is not on this wishlist.`)
  return removed
}

/** Removes a product from one of the user's lists. */
export async function removeWishlistItem(
  db: Db,
  owner: WishlistOwner,
  id: string,
  sku: string,
): Promise<Wishlist> {
  await db.transaction(async (tx) => {
    ownList(await lockLists(tx, owner), id)
    await takeItem(tx, id, sku)
  })
  return getWishlist(db, owner, id)
}

/**
 * Moves a product from one of the user's lists to another in one transaction (the PWA adds to the target and
 * removes from the source in two calls; here neither half happens without the other). The whole quantity
 * moves; the target's limits apply.
 */
export async function moveWishlistItem(
  db: Db,
  owner: WishlistOwner,
  fromId: string,
  toId: string,
  sku: string,
): Promise<Wishlist> {
  if (fromId === toId)
    throw invalidError('wishlist.move.same.error', 'A product moves to another wishlist than its own.')
  await db.transaction(async (tx) => {
    const lists = await lockLists(tx, owner)
    ownList(lists, fromId)
    ownList(lists, toId)
    const item = await takeItem(tx, fromId, sku)
    await putItem(tx, toId, sku, item.quantity)
  })
  return getWishlist(db, owner, toId)
}

/** Who a share mails the list to, and what it says; both may be left empty (the link alone is made). */
export type WishlistShareInput = { recipients?: string; message?: string }

/** A plain e-mail address: one @, no spaces or angle brackets, a dot in the domain, at most 254 characters. */
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/

const shareRefusal = (code: MessageCode, message: string, path: string) =>
  invalidError(code, message, [{ code, message, paths: [path] }])

/**
 * ICM's `recipients` (addresses separated by commas, semicolons or spaces) as a list: each address once,
 * case aside, each a plain address, at most `WISHLIST_LIMITS.recipients` of them.
 */
export function shareRecipients(recipients = ''): string[] {
  const found = new Map<string, string>()
  for (const address of recipients.split(/[\s,;]+/).filter(Boolean)) {
    if (address.length > 254 || !EMAIL.test(address))
      throw shareRefusal(
        'wishlist.share.recipients.invalid.error',
        `'${address.slice(0, 60)}' is not an e-mail address.`,
        'recipients',
      )
    if (!found.has(address.toLowerCase())) found.set(address.toLowerCase(), address)
  }
  if (found.size > WISHLIST_LIMITS.recipients)
    throw shareRefusal(
      'wishlist.share.recipients.limit.error',
      `A wishlist is shared with at most ${WISHLIST_LIMITS.recipients} addresses at once.`,
      'recipients',
    )
  return [...found.values()]
}

/** The message of a share: trimmed, bounded, without control characters other than line breaks. */
export function shareMessage(message = ''): string {
  const trimmed = message.replace(/\r\n?/g, '\n').trim()
  const control = [...trimmed].some((c) => {
    const code = c.charCodeAt(0)
    return (code < 32 && c !== '\n' && c !== '\t') || code === 127
  })
  if (trimmed.length > WISHLIST_LIMITS.message || control)
    throw shareRefusal(
      'wishlist.share.message.invalid.error',
      `The message has at most ${WISHLIST_LIMITS.message} characters of text.`,
      'message',
    )
  return trimmed
}

/**
 * Shares a list: it gets a secret code (a list shared already keeps its code, so links given out still work),
 * and each recipient is sent its link with the message (event `wishlist.shared`, in the same transaction).
 */
export async function shareWishlist(
  db: Db,
  owner: WishlistOwner,
  id: string,
  input: WishlistShareInput = {},
): Promise<{ wishlistId: string; owner: string; secureCode: string; recipients: string[] }> {
  const recipients = shareRecipients(input.recipients)
  const message = shareMessage(input.message)
  return db.transaction(async (tx) => {
    const list = ownList(await lockLists(tx, owner), id)
    const secureCode = list.secureCode ?? newSecureCode()
    if (!list.secureCode) await tx.update(wishlists).set({ secureCode }).where(eq(wishlists.id, id))
    if (recipients.length) {
      const [sender] = await tx.select().from(users).where(eq(users.id, owner.userId))
      if (!sender) throw notFound()
      await publish(tx, {
        type: 'wishlist.shared',
        wishlist: { id, title: list.title, secureCode },
        sender: {
          id: sender.id,
          login: sender.login,
          firstName: sender.firstName,
          lastName: sender.lastName,
          email: sender.email,
          preferredLanguage: sender.preferredLanguage,
        },
        recipients,
        message,
      })
    }
    return { wishlistId: id, owner: owner.userId, secureCode, recipients }
  })
}

/** Stops sharing a list: its code is gone, and so is every link made with it. */
export async function unshareWishlist(db: Db, owner: WishlistOwner, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    ownList(await lockLists(tx, owner), id)
    await tx.update(wishlists).set({ secureCode: null }).where(eq(wishlists.id, id))
  })
}
