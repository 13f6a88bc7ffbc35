/**
 * The wishlist rules without HTTP (spec commerce-and-checkout §3 Wishlist, §4 Wishlists): exactly one preferred
 * list while any exist, the shared link's code (given, checked, revoked), the limits, moves that happen whole
 * or not at all, and one user's lists out of another's reach.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { products, users, wishlistItems, wishlists } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { refusal } from './basket-test-fixtures'
import { subscribe, type DomainEvent } from './events'
import {
  addWishlistItem,
  createWishlist,
  deleteWishlist,
  getWishlist,
  listWishlists,
  moveWishlistItem,
  removeWishlistItem,
  secureCodeMatches,
  shareMessage,
  shareRecipients,
  shareWishlist,
  sharedWishlist,
  unshareWishlist,
  updateWishlist,
  WISHLIST_LIMITS,
  type WishlistOwner,
} from './wishlists'

let database: Database
let patricia: WishlistOwner
let pierre: WishlistOwner
let skus: string[]

const userOf = async (login: string) => {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.login, login))
  return { userId: row!.id }
}

const preferredTitles = async (owner: WishlistOwner) =>
  (await listWishlists(database.db, owner)).filter((l) => l.preferred).map((l) => l.title)

beforeAll(async () => {
  database = await seededTestDatabase({ products: 20 })
  patricia = await userOf('patricia@ironbridge.test')
  pierre = await userOf('pierre@ironbridge.test')
  skus = (
    await database.db.select({ sku: products.sku }).from(products).where(eq(products.online, true)).limit(3)
  ).map((p) => p.sku)
})

afterAll(async () => {
  await database?.close()
})

describe('the preferred wishlist', () => {
  it('is the first list, moves when another is made preferred, and passes on when it is deleted', async () => {
    const first = await createWishlist(database.db, patricia, { title: 'Garage', preferred: false })
    expect(first.preferred).toBe(true)
    const second = await createWishlist(database.db, patricia, { title: 'Garden' })
    expect(second.preferred).toBe(false)
    expect(await preferredTitles(patricia)).toEqual(['Garage'])

    await updateWishlist(database.db, patricia, second.id, { preferred: true })
    expect(await preferredTitles(patricia)).toEqual(['Garden'])
    // Un-marking the preferred list keeps it preferred: one stays marked while lists exist.
    await updateWishlist(database.db, patricia, second.id, { preferred: false, title: ' Garden 2 ' })
    expect(await preferredTitles(patricia)).toEqual(['Garden 2'])

    const third = await createWishlist(database.db, patricia, { title: 'Workshop', preferred: true })
    expect(await preferredTitles(patricia)).toEqual(['Workshop'])
    await deleteWishlist(database.db, patricia, third.id)
    expect(await preferredTitles(patricia)).toEqual(['Garage'])

    for (const list of await listWishlists(database.db, patricia))
      await deleteWishlist(database.db, patricia, list.id)
    expect(await listWishlists(database.db, patricia)).toEqual([])
  })

  it('is refused a title that is empty or too long', async () => {
    expect((await refusal(() => createWishlist(database.db, patricia, { title: '  ' }))).code).toBe(
      'wishlist.title.invalid.error',
    )
    const long = 'x'.repeat(WISHLIST_LIMITS.title + 1)
    expect((await refusal(() => createWishlist(database.db, patricia, { title: long }))).kind).toBe('invalid')
  })
})

describe('sharing a wishlist', () => {
  it('gives a code that reads the list with its owner, keeps it on a second share, and unsharing revokes it', async () => {
    const list = await createWishlist(database.db, patricia, { title: 'Shared' })
    await addWishlistItem(database.db, patricia, list.id, skus[0]!, 2)
    const shared = await shareWishlist(database.db, patricia, list.id)
    expect(shared.owner).toBe(patricia.userId)
    expect(shared.secureCode.length).toBeGreaterThanOrEqual(43)
    expect((await shareWishlist(database.db, patricia, list.id)).secureCode).toBe(shared.secureCode)

    const read = await sharedWishlist(database.db, list.id, patricia.userId, shared.secureCode)
    expect(read.items.map((i) => [i.sku, i.quantity])).toEqual([[skus[0], 2]])

    const wrongCode = shared.secureCode.slice(0, -1) + (shared.secureCode.endsWith('A') ? 'B' : 'A')
    for (const [owner, code] of [
      [patricia.userId, wrongCode],
      [pierre.userId, shared.secureCode],
      [patricia.userId, ''],
    ] as const)
      expect((await refusal(() => sharedWishlist(database.db, list.id, owner, code))).kind).toBe('not-found')

    await unshareWishlist(database.db, patricia, list.id)
    expect(
      (await refusal(() => sharedWishlist(database.db, list.id, patricia.userId, shared.secureCode))).kind,
    ).toBe('not-found')
    expect((await shareWishlist(database.db, patricia, list.id)).secureCode).not.toBe(shared.secureCode)
    await deleteWishlist(database.db, patricia, list.id)
  })

  it('compares codes whole: an unshared list matches nothing, a prefix matches nothing', () => {
    expect(secureCodeMatches(null, '')).toBe(false)
    expect(secureCodeMatches('abcdef', 'abc')).toBe(false)
    expect(secureCodeMatches('abcdef', 'abcdef')).toBe(true)
  })

  it('reads the addresses to mail: each once, case aside, plain addresses only, at most ten', () => {
    expect(shareRecipients(' a@example.com,b@example.org ; A@EXAMPLE.COM\nc@example.net ')).toEqual([
      'a@example.com',
      'b@example.org',
      'c@example.net',
    ])
    expect(shareRecipients('')).toEqual([])
    expect(shareRecipients(undefined)).toEqual([])
    for (const bad of ['a@b', 'a@@b.com', '<a@b.com>', '"x"@b.com', `${'a'.repeat(250)}@b.com`])
      expect(() => shareRecipients(bad), bad).toThrow(/not an e-mail address/)
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(',')
    expect(() => shareRecipients(eleven)).toThrow(/at most 10/)
    expect(shareMessage('  Hi\r\nthere ')).toBe('Hi\nthere')
    expect(() => shareMessage('x'.repeat(1001))).toThrow(/at most 1000/)
    expect(() => shareMessage('bell\u0007')).toThrow(/at most 1000/)
  })

  it('tells the addresses given, with the list’s code, in the transaction; a share without any tells nobody', async () => {
    const told: DomainEvent[] = []
    const stop = subscribe(async (_t, event) => {
      told.push(event)
    })
    try {
      const list = await createWishlist(database.db, pierre, { title: 'Cadeaux' })
      await shareWishlist(database.db, pierre, list.id)
      expect(told).toEqual([])
      const shared = await shareWishlist(database.db, pierre, list.id, {
        recipients: 'ami@example.com',
        message: ' Merci ',
      })
      expect(told).toEqual([
        {
          type: 'wishlist.shared',
          wishlist: { id: list.id, title: 'Cadeaux', secureCode: shared.secureCode },
          sender: expect.objectContaining({ id: pierre.userId, preferredLanguage: 'fr_FR' }),
          recipients: ['ami@example.com'],
          message: 'Merci',
        },
      ])
      await deleteWishlist(database.db, pierre, list.id)
    } finally {
      stop()
    }
  })

  it('shares nothing when a subscriber fails: the code is not kept', async () => {
    const stop = subscribe(async () => {
      throw new Error('mail queue down')
    })
    try {
      const list = await createWishlist(database.db, pierre, { title: 'Échec' })
      await expect(
        shareWishlist(database.db, pierre, list.id, { recipients: 'a@example.com' }),
      ).rejects.toThrow('mail queue down')
      expect((await getWishlist(database.db, pierre, list.id)).secureCode).toBeNull()
      await deleteWishlist(database.db, pierre, list.id)
    } finally {
      stop()
    }
  })
})

describe('items and limits', () => {
  it('adds quantities to a product already there, removes, and refuses unknown products and bad quantities', async () => {
    const list = await createWishlist(database.db, pierre, { title: 'Tools' })
    await addWishlistItem(database.db, pierre, list.id, skus[0]!, 1)
    const twice = await addWishlistItem(database.db, pierre, list.id, skus[0]!, 3)
    expect(twice.items.map((i) => i.quantity)).toEqual([4])
    expect((await refusal(() => addWishlistItem(database.db, pierre, list.id, 'NO-SUCH-SKU'))).code).toBe(
      'product.not_found',
    )
    for (const quantity of [0, -1, 1.5, WISHLIST_LIMITS.quantity + 1])
      expect(
        (await refusal(() => addWishlistItem(database.db, pierre, list.id, skus[1]!, quantity))).code,
      ).toBe('wishlist.quantity.invalid.error')
    const removed = await removeWishlistItem(database.db, pierre, list.id, skus[0]!)
    expect(removed.items).toEqual([])
    expect((await refusal(() => removeWishlistItem(database.db, pierre, list.id, skus[0]!))).code).toBe(
      'wishlist.item.not_found.error',
    )
    await deleteWishlist(database.db, pierre, list.id)
  })

  it('refuses a list beyond the lists limit and a product beyond the items limit', async () => {
    const made = []
    for (let i = 0; i < WISHLIST_LIMITS.lists; i++)
      made.push(await createWishlist(database.db, pierre, { title: `List ${i}` }))
    expect((await refusal(() => createWishlist(database.db, pierre, { title: 'One more' }))).code).toBe(
      'wishlist.limit.error',
    )
    const full = made[0]!
    await database.db.insert(wishlistItems).values(
      Array.from({ length: WISHLIST_LIMITS.items }, (_, i) => ({
        wishlistId: full.id,
        sku: `FILL-${i}`,
        quantity: 1,
      })),
    )
    expect((await refusal(() => addWishlistItem(database.db, pierre, full.id, skus[0]!))).code).toBe(
      'wishlist.items.limit.error',
    )
    for (const list of made) await deleteWishlist(database.db, pierre, list.id)
  })
})

describe('moving a product between lists', () => {
  it('moves the whole quantity, and a refused move leaves the source as it was', async () => {
    const from = await createWishlist(database.db, patricia, { title: 'From' })
    const to = await createWishlist(database.db, patricia, { title: 'To' })
    await addWishlistItem(database.db, patricia, from.id, skus[0]!, 5)
    await addWishlistItem(database.db, patricia, to.id, skus[0]!, 1)
    const moved = await moveWishlistItem(database.db, patricia, from.id, to.id, skus[0]!)
    expect(moved.items.map((i) => [i.sku, i.quantity])).toEqual([[skus[0], 6]])
    expect((await getWishlist(database.db, patricia, from.id)).items).toEqual([])

    // The target is full: the move is refused and the product stays where it was.
    await addWishlistItem(database.db, patricia, from.id, skus[1]!, 2)
    await database.db.insert(wishlistItems).values(
      Array.from({ length: WISHLIST_LIMITS.items - 1 }, (_, i) => ({
        wishlistId: to.id,
        sku: `FILL-${i}`,
        quantity: 1,
      })),
    )
    expect(
      (await refusal(() => moveWishlistItem(database.db, patricia, from.id, to.id, skus[1]!))).code,
    ).toBe('wishlist.items.limit.error')
    const [kept] = await database.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, from.id), eq(wishlistItems.sku, skus[1]!)))
    expect(kept?.quantity).toBe(2)
    expect(
      (await refusal(() => moveWishlistItem(database.db, patricia, from.id, from.id, skus[1]!))).code,
    ).toBe('wishlist.move.same.error')
    await deleteWishlist(database.db, patricia, from.id)
    await deleteWishlist(database.db, patricia, to.id)
  })
})

describe("another user's lists", () => {
  it('are not found for reading, changing, sharing or moving into', async () => {
    const own = await createWishlist(database.db, patricia, { title: 'Mine' })
    const theirs = await createWishlist(database.db, pierre, { title: 'Theirs' })
    const calls = [
      () => getWishlist(database.db, pierre, own.id),
      () => updateWishlist(database.db, pierre, own.id, { title: 'Taken' }),
      () => deleteWishlist(database.db, pierre, own.id),
      () => addWishlistItem(database.db, pierre, own.id, skus[0]!),
      () => shareWishlist(database.db, pierre, own.id),
      () => unshareWishlist(database.db, pierre, own.id),
      () => moveWishlistItem(database.db, pierre, theirs.id, own.id, skus[0]!),
      () => getWishlist(database.db, pierre, 'not-a-uuid'),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('wishlist.not_found.error')
    const [row] = await database.db.select().from(wishlists).where(eq(wishlists.id, own.id))
    expect(row).toMatchObject({ title: 'Mine', secureCode: null })
    await deleteWishlist(database.db, patricia, own.id)
    await deleteWishlist(database.db, pierre, theirs.id)
  })
})
