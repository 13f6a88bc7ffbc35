/**
 * Wishlists on the storefront against the real commerce API (issue 33): a guest's "add to wishlist" asks for the
 * login and comes back to the product; Patricia's first add makes her preferred list, the header counts what
 * her lists hold, a second list is created, a product moves between lists and into the basket, and sharing
 * gives a link a guest reads the list with until it is unshared. With the feature off the pages are gone.
 */
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lineItems, mailOutbox, wishlistItems } from '../../commerce-api/db/schema'
import { sellableSkus } from '../commerce-api/checkout-fixtures'
import type * as FeaturesModule from '~/services/features.server'
import { loader as rootLoader } from '~/root'
import { loader as shopLoader } from '~/routes/$lang._shop'
import { action as addAction } from '~/routes/$lang._shop.account.wishlists.add'
import { action as listAction, loader as listLoader } from '~/routes/$lang._shop.account.wishlists._index'
import {
  action as detailAction,
  loader as detailLoader,
} from '~/routes/$lang._shop.account.wishlists.$wishlistId'
import { loader as sharedLoader } from '~/routes/$lang._shop.wishlists.$wishlistId'
import { Browser, seeded } from './shop'
import { api } from './setup'

const features = vi.hoisted(() => ({ wishlists: true }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'wishlists' ? features.wishlists : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.wishlists = true
})

const LISTS = '/en/account/wishlists'
const patricia = new Browser('en')

describe('wishlists on the storefront', () => {
  it('add from a product page (guest: login first), count in the header, move, to basket, share and unshare', async () => {
    const [sku, other] = await sellableSkus(api, 2)
    const productPage = `/en/product/${sku}`

    const guest = new Browser('en')
    const asked = await guest.post(addAction, `${LISTS}/add`, { sku: sku!, returnUrl: productPage })
    expect(asked).toBe(`/en/login?${new URLSearchParams({ returnUrl: productPage })}`)

    await patricia.login('patricia@ironbridge.test')
    expect(await patricia.post(addAction, `${LISTS}/add`, { sku: sku!, returnUrl: productPage })).toBe(
      productPage,
    )
    await patricia.post(addAction, `${LISTS}/add`, { sku: other!, returnUrl: 'https://evil.test/' })
    const { lists } = await patricia.load(listLoader, LISTS)
    expect(lists).toEqual([expect.objectContaining({ title: 'My wishlist', preferred: true, itemsCount: 2 })])
    expect((await patricia.load(shopLoader, '/en/home')).wishlistCount).toBe(2)

    // A second list; an empty title is refused with the form's error, not a 5xx.
    const empty = await patricia.call(listAction, LISTS, { form: { intent: 'create', title: ' ' } })
    expect(empty.response.status).toBe(400)
    await patricia.post(listAction, LISTS, { intent: 'create', title: 'Garden' })
    const [first, garden] = (await patricia.load(listLoader, LISTS)).lists
    expect(garden).toMatchObject({ title: 'Garden', preferred: false })

    // The list page: product names and prices from the catalogue, the other list as a move target.
    const detailPath = `${LISTS}/${first.id}`
    const detail = await patricia.load(detailLoader, detailPath, { wishlistId: first.id })
    const product = await seeded(sku!, 'USD', 'en_US')
    expect(detail.lines[0]).toMatchObject({ sku, quantity: 1, name: product.name })
    expect(detail.lines[0].price).toBeTruthy()
    expect(detail.targets).toEqual([{ id: garden.id, title: 'Garden' }])

    const post = (form: Record<string, string>) =>
      patricia.post(detailAction, detailPath, form, { wishlistId: first.id })
    expect(await post({ intent: 'move', sku: other!, target: garden.id })).toBe(detailPath)
    const moved = await api.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistId, garden.id))
    expect(moved.map((item) => item.sku)).toEqual([other])

    // Into the basket: the basket takes it, the list lets it go.
    await post({ intent: 'basket', sku: sku!, quantity: '1' })
    const inBasket = await api.database.db.select().from(lineItems).where(eq(lineItems.sku, sku!))
    expect(inBasket.length).toBeGreaterThan(0)
    expect((await patricia.load(detailLoader, detailPath, { wishlistId: first.id })).lines).toEqual([])
    expect((await patricia.load(shopLoader, '/en/home')).wishlistCount).toBe(1)

    // Sharing: the link a guest reads the list with, and after unsharing a 404.
    const gardenPath = `${LISTS}/${garden.id}`
    await patricia.post(detailAction, gardenPath, { intent: 'share' }, { wishlistId: garden.id })
    const { shareUrl } = await patricia.load(detailLoader, gardenPath, { wishlistId: garden.id })
    expect(shareUrl).toMatch(
      new RegExp(`^http://shop\\.test/en/wishlists/${garden.id}\\?owner=.+&secureCode=.+`),
    )
    const sharedPath = shareUrl.replace('http://shop.test', '')
    const read = await guest.load(sharedLoader, sharedPath, { wishlistId: garden.id })
    expect(read.title).toBe('Wishlist "Garden"')
    expect(read.lines.map((line: { sku: string }) => line.sku)).toEqual([other])
    const wrong = sharedPath.replace(/secureCode=[^&]+/, 'secureCode=wrong')
    expect(
      (await guest.call(sharedLoader, wrong, { params: { wishlistId: garden.id } })).response.status,
    ).toBe(404)

    await patricia.post(detailAction, gardenPath, { intent: 'unshare' }, { wishlistId: garden.id })
    expect((await patricia.load(detailLoader, gardenPath, { wishlistId: garden.id })).shareUrl).toBeNull()
    const after = await guest.call(sharedLoader, sharedPath, { params: { wishlistId: garden.id } })
    expect(after.response.status).toBe(404)
  })

  it('mails the link to the addresses typed, with the message; a bad address is shown at its field, nothing sent', async () => {
    await patricia.login('patricia@ironbridge.test')
    await patricia.post(listAction, LISTS, { intent: 'create', title: 'Birthday' })
    const birthday = (await patricia.load(listLoader, LISTS)).lists.find(
      (list: { title: string }) => list.title === 'Birthday',
    )
    const path = `${LISTS}/${birthday.id}`
    const share = (form: Record<string, string>) =>
      patricia.call(detailAction, path, {
        form: { intent: 'share', ...form },
        params: { wishlistId: birthday.id },
      })

    const bad = await share({ recipients: 'aunt@example.com, uncle', message: 'Hello' })
    expect(bad.response.status).toBe(400)
    expect(bad.data.result.error.recipients).toEqual([
      'Please enter e-mail addresses such as name@example.com, separated by commas.',
    ])
    expect(bad.data.result.initialValue).toMatchObject({
      recipients: 'aunt@example.com, uncle',
      message: 'Hello',
    })
    expect((await patricia.load(detailLoader, path, { wishlistId: birthday.id })).shareUrl).toBeNull()

    const sent = await share({
      recipients: 'aunt@example.com, uncle@example.org',
      message: 'For my birthday',
    })
    expect(sent.response.headers.get('Location')).toBe(path)
    const toast = (await patricia.load(rootLoader, path)).shell.toast
    const { shareUrl } = await patricia.load(detailLoader, path, { wishlistId: birthday.id })
    expect(toast).toMatchObject({
      text: 'The link to the wishlist was sent to aunt@example.com, uncle@example.org.',
    })
    const mails = await api.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, 'uncle@example.org'), eq(mailOutbox.kind, 'wishlist.shared')))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('For my birthday')
    // The mail's link and the page's are the same list, owner and code.
    const mailed = new URL(/https?:\/\/\S+\/wishlists\/\S+/.exec(mails[0]!.text)![0])
    expect(`${mailed.pathname}${mailed.search}`).toBe(shareUrl.replace('http://shop.test', ''))
  })

  it('are not there with the feature off', async () => {
    features.wishlists = false
    await patricia.login('patricia@ironbridge.test')
    const answer = await patricia.call(listLoader, LISTS)
    expect(answer.response.headers.get('Location')).toBe(
      '/en/error?error=feature-deactivated&value=wishlists',
    )
    expect((await patricia.load(shopLoader, '/en/home')).wishlistCount).toBeNull()
  })
})
