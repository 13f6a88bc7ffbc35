/**
 * Quotes on the storefront against the real commerce API (issue 36): Jack Link (`jlink`, a buyer of Brightline)
 * asks for a quote from the product page (a guest is sent to log in first, told why), adds a second product,
 * changes a quantity, names the request and submits it; the shop answers it through the back office's domain
 * call (a price per line, a validity, a comment); Jack accepts the quote into his basket, which shows the lines
 * at the quoted prices with the quote's badge, and orders it at those prices. The guards: the features off,
 * a guest, a private customer, someone else's request.
 */
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lineItems, quoteContacts, quoteRequests } from '../../commerce-api/db/schema'
import { discounted, respondToQuoteRequest } from '../../commerce-api/domain/quotes'
import { sellableSkus } from '../commerce-api/checkout-fixtures'
import { HONEYPOT_FIELD } from '~/models/honeypot'
import type * as FeaturesModule from '~/services/features.server'
import { fixedT } from '~/services/i18n.server'
import { loader as accountLoader } from '~/routes/$lang._shop.account._index'
import { action as addAction, loader as addLoader } from '~/routes/$lang._shop.addProductToQuoteRequest'
import { action as listAction, loader as listLoader } from '~/routes/$lang._shop.account.quotes._index'
import { action as quoteAction, loader as quoteLoader } from '~/routes/$lang._shop.account.quotes.$quoteId'
import {
  action as requestAction,
  loader as requestLoader,
} from '~/routes/$lang._shop.account.quotes.requests.$quoteRequestId'
import { action as fromBasketAction } from '~/routes/$lang._shop.account.quotes.requests._index'
import { action as contactAction, loader as contactLoader } from '~/routes/$lang._shop.quote-contact'
import { loader as quoteListLoader } from '~/routes/$lang._shop.quote-list'
import { loader as loginLoader } from '~/routes/$lang._shop.login'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import { Browser, minor, seeded, withGermanVat } from './shop'
import { api } from './setup'

const features = vi.hoisted(() => ({ quoting: true, freetextQuoting: true }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'quoting' || feature === 'freetextQuoting'
        ? features[feature]
        : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.quoting = true
  features.freetextQuoting = true
})

const QUOTES = '/de/account/quotes'
const requestPath = (id: string) => `${QUOTES}/requests/${id}`
const quotePath = (id: string) => `${QUOTES}/${id}`
const jack = new Browser('de')
/** Each test walks many pages against the API and its database: more than the default half minute. */
const LONG = 180_000

describe('quotes on the storefront', () => {
  it(
    'product → request → submit → the shop’s quote → basket at the quoted prices → order',
    async () => {
      const [sku, other] = await sellableSkus(api, 2)
      const productPage = `/de/product/${sku}`

      // A guest's "Add to quote": the login page, told why, and back to confirm the same product and quantity.
      const guest = new Browser('de')
      const asked = await guest.post(addAction, '/de/addProductToQuoteRequest', {
        sku: sku!,
        quantity: '5',
        returnUrl: productPage,
      })
      const confirmUrl = `/de/addProductToQuoteRequest?${new URLSearchParams({ sku: sku!, quantity: '5' })}`
      expect(asked).toBe(`/de/login?${new URLSearchParams({ returnUrl: confirmUrl, messageKey: 'quotes' })}`)
      const login = await guest.load(loginLoader, asked)
      expect(login.notice).toBe('Bitte melden Sie sich an, um Ihre Angebote zu sehen und neue anzufragen.')

      await jack.login('jlink')
      const confirm = await jack.load(addLoader, confirmUrl)
      const product = await seeded(sku!, 'EUR', 'de_DE')
      expect(confirm).toMatchObject({ sku, quantity: 5, product: { name: product.name } })

      const added = await jack.post(addAction, '/de/addProductToQuoteRequest', {
        sku: sku!,
        quantity: '5',
        returnUrl: productPage,
      })
      expect(added).toMatch(new RegExp(`^${QUOTES}/requests/[^/]+$`))
      const id = added.split('/').pop()!
      // The second product goes on the same open request.
      expect(
        await jack.post(addAction, '/de/addProductToQuoteRequest', {
          sku: other!,
          quantity: '2',
          returnUrl: productPage,
        }),
      ).toBe(added)
      // A quantity that is no number is refused back on the product page, nothing added.
      expect(
        await jack.post(addAction, '/de/addProductToQuoteRequest', {
          sku: other!,
          quantity: 'many',
          returnUrl: productPage,
        }),
      ).toBe(productPage)

      const params = { quoteRequestId: id }
      let page = await jack.load(requestLoader, requestPath(id), params)
      expect(page.quoteRequest).toMatchObject({ state: 'new', editable: true })
      const line = (s: string) => page.quoteRequest.lines.find((l: { sku: string }) => l.sku === s)
      expect(line(sku!)).toMatchObject({ quantity: 5 })
      // Priced by the API at the list price of a business customer: net.
      expect(minor(line(sku!).singlePrice)).toBe(product.net)
      expect(minor(line(sku!).totalPrice)).toBe(product.net * 5)
      expect(page.products[sku!].name).toBe(product.name)

      const post = (form: Record<string, string>) => jack.post(requestAction, requestPath(id), form, params)
      expect(await post({ intent: 'quantity', itemId: line(sku!).id, quantity: '12' })).toBe(requestPath(id))
      const tooLong = await jack.call(requestAction, requestPath(id), {
        form: { intent: 'details', displayName: 'x'.repeat(101), description: '' },
        params,
      })
      expect(tooLong.response.status).toBe(400)
      await post({ intent: 'details', displayName: 'Baustelle Nord', description: 'Lieferung bis Ende Mai' })
      page = await jack.load(requestLoader, requestPath(id), params)
      expect(page.quoteRequest).toMatchObject({
        displayName: 'Baustelle Nord',
        description: 'Lieferung bis Ende Mai',
      })
      expect(line(sku!).quantity).toBe(12)

      await post({ intent: 'submit' })
      page = await jack.load(requestLoader, requestPath(id), params)
      expect(page.quoteRequest).toMatchObject({ state: 'submitted', editable: false })
      // Fixed once submitted: a change is refused, and says so.
      await post({ intent: 'quantity', itemId: line(sku!).id, quantity: '3' })
      expect((await jack.load(requestLoader, requestPath(id), params)).quoteRequest.lines).toEqual(
        page.quoteRequest.lines,
      )
      let { entries } = await jack.load(listLoader, QUOTES)
      expect(entries).toContainEqual(
        expect.objectContaining({
          kind: 'request',
          id,
          state: 'submitted',
          name: 'Baustelle Nord',
          itemCount: 2,
        }),
      )

      // The shop answers: 10 % off the first product, a set price for the second, valid for 14 days.
      const [stored] = await api.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id))
      const otherProduct = await seeded(other!, 'EUR', 'de_DE')
      const quoted = { [sku!]: discounted(product.net, 10), [other!]: Math.max(1, otherProduct.net - 100) }
      const now = new Date()
      const validTo = new Date(now.getTime() + 14 * 86_400_000)
      const detail = await respondToQuoteRequest(api.database.db, stored!.number, {
        lines: page.quoteRequest.lines.map((l: { id: string; sku: string }) => ({
          itemId: l.id,
          singleNet: quoted[l.sku]!,
        })),
        validFrom: now,
        validTo,
        sellerComment: 'Mengenrabatt für Baustelle Nord',
        respondedBy: 'operator',
      })
      const quoteId = detail.quote.id
      ;({ entries } = await jack.load(listLoader, QUOTES))
      expect(entries).toContainEqual(
        expect.objectContaining({ kind: 'quote', id: quoteId, state: 'responded' }),
      )

      const quoteParams = { quoteId }
      const quotePage = await jack.load(quoteLoader, quotePath(quoteId), quoteParams)
      expect(quotePage.acceptable).toBe(true)
      expect(quotePage.quote.sellerComment).toBe('Mengenrabatt für Baustelle Nord')
      const quotedLine = quotePage.quote.lines.find((l: { sku: string }) => l.sku === sku)
      expect(minor(quotedLine.singlePrice)).toBe(quoted[sku!])
      expect(minor(quotedLine.originSinglePrice)).toBe(product.net)
      expect(minor(quotedLine.totalPrice)).toBe(quoted[sku!]! * 12)
      const quotedNet = quoted[sku!]! * 12 + quoted[other!]! * 2
      expect(minor(quotePage.quote.total)).toBe(quotedNet)
      // The list shows the same total, the API's sum of the quoted lines.
      const listed = entries.find((e: { id: string }) => e.id === quoteId)
      expect(minor(listed.total)).toBe(quotedNet)

      // Accepted into the basket: the lines at the quoted prices, the quote's badge and validity.
      expect(await jack.post(quoteAction, quotePath(quoteId), { intent: 'accept' }, quoteParams)).toBe(
        '/de/basket',
      )
      const { basket, quoting } = await jack.load(basketLoader, '/de/basket')
      const basketLine = basket.lines.find((l: { sku: string }) => l.sku === sku)
      expect(basketLine.quote).toBe(quoteId)
      expect(basketLine.quantity).toBe(12)
      expect(minor(basketLine.singleBasePrice.net)).toBe(quoted[sku!])
      expect(minor(basketLine.total.net)).toBe(quoted[sku!]! * 12)
      expect(minor(basket.totals.items.net)).toBe(quotedNet)
      expect(quoting.quotes[quoteId]).toEqual({
        number: detail.quote.number,
        validToDate: validTo.toISOString(),
        url: quotePath(quoteId),
      })
      const stored2 = await api.database.db.select().from(lineItems).where(eq(lineItems.quoteId, quoteId))
      expect(stored2).toHaveLength(2)
      expect((await jack.load(quoteLoader, quotePath(quoteId), quoteParams)).quote.state).toBe('accepted')

      // Ordered at the quoted prices, tax added to the net.
      await jack.checkoutToReview('München')
      const review = await jack.load(reviewLoader, '/de/checkout/review')
      expect(minor(review.basket.totals.total.net)).toBe(quotedNet)
      const receipt = await jack.post(reviewAction, '/de/checkout/review', {
        basketId: review.basket.id,
        termsAndConditions: 'on',
      })
      const { order } = await jack.load(receiptLoader, receipt)
      expect(minor(order.totals.total.net)).toBe(quotedNet)
      expect(minor(order.totals.total.gross)).toBe(
        withGermanVat(quoted[sku!]! * 12) + withGermanVat(quoted[other!]! * 2),
      )
    },
    LONG,
  )

  it(
    'makes a request of the basket’s lines, and copies a request',
    async () => {
      const [sku] = await sellableSkus(api, 1)
      const buyer = new Browser('de')
      await buyer.login('mfoster')
      await buyer.add(sku!, 3)
      expect((await buyer.load(basketLoader, '/de/basket')).quoting.createUrl).toBe(`${QUOTES}/requests`)
      const made = await buyer.post(fromBasketAction, `${QUOTES}/requests`, {})
      const id = made.split('/').pop()!
      const { quoteRequest } = await buyer.load(requestLoader, made, { quoteRequestId: id })
      expect(quoteRequest.lines).toEqual([expect.objectContaining({ sku, quantity: 3 })])
      // The basket stays as it was.
      expect((await buyer.load(basketLoader, '/de/basket')).basket.lines).toHaveLength(1)

      const copy = await buyer.post(requestAction, made, { intent: 'copy' }, { quoteRequestId: id })
      expect(copy).not.toBe(made)
      const copied = await buyer.load(requestLoader, copy, { quoteRequestId: copy.split('/').pop()! })
      expect(copied.quoteRequest.lines).toEqual([expect.objectContaining({ sku, quantity: 3 })])
      // A new request is deleted from the list.
      expect(await buyer.post(listAction, QUOTES, { intent: 'deleteRequest', id })).toBe(QUOTES)
      const { entries } = await buyer.load(listLoader, QUOTES)
      expect(entries.map((e: { id: string }) => e.id)).not.toContain(id)
      // The account overview links the quotes.
      expect((await buyer.load(accountLoader, '/de/account')).quotesUrl).toBe(QUOTES)
    },
    LONG,
  )

  it(
    'sends a free-text quote with the captcha; a wrong answer is refused at the question',
    async () => {
      const guest = new Browser('fr')
      const path = '/fr/quote-contact'
      const ask = async (wrong: boolean) => {
        const { challenge } = await guest.load(contactLoader, path)
        const [a, b] = challenge.operands as [number, number]
        return guest.call(contactAction, path, {
          form: {
            description: 'Chemin de câbles galvanisé, 60 mm',
            quantity: '200',
            name: 'Élise Martin',
            email: 'elise@example.com',
            phone: '+33 1 23 45 67 89',
            company: 'Martin BTP',
            captchaId: challenge.id,
            captchaAnswer: String(a + b + (wrong ? 1 : 0)),
            [HONEYPOT_FIELD]: '',
          },
        })
      }
      const wrong = await ask(true)
      expect(wrong.response.status).toBe(422)
      expect(wrong.data.result.error.captchaAnswer).toEqual([fixedT('fr_FR')('captcha.incorrect')])
      const invalidPhone = await guest.call(contactAction, path, {
        form: {
          description: 'x',
          name: 'y',
          email: 'not-an-address',
          phone: 'call me',
          [HONEYPOT_FIELD]: '',
        },
      })
      expect(invalidPhone.response.status).toBe(400)
      expect(Object.keys(invalidPhone.data.result.error).sort()).toEqual(
        ['captchaAnswer', 'captchaId', 'email', 'phone'].sort(),
      )
      const sent = await ask(false)
      expect(sent.response.headers.get('Location')).toBe('/fr/quote-contact?sent=1')
      const stored = await api.database.db
        .select()
        .from(quoteContacts)
        .where(eq(quoteContacts.email, 'elise@example.com'))
      expect(stored).toEqual([
        expect.objectContaining({ name: 'Élise Martin', company: 'Martin BTP', quantity: 200 }),
      ])
      features.freetextQuoting = false
      const off = await guest.call(contactLoader, path)
      expect(off.response.headers.get('Location')).toBe(
        '/fr/error?error=feature-deactivated&value=freetextQuoting',
      )
    },
    LONG,
  )

  it(
    'keeps out guests, private customers and other users, and is gone with the features off',
    async () => {
      const guest = new Browser('de')
      const refused = await guest.call(quoteListLoader, '/de/quote-list')
      expect(refused.response.headers.get('Location')).toBe(
        `/de/login?${new URLSearchParams({ returnUrl: '/de/quote-list', messageKey: 'quotes' })}`,
      )
      const listRefused = await guest.call(listLoader, QUOTES)
      expect(listRefused.response.headers.get('Location')).toBe(
        `/de/login?${new URLSearchParams({ returnUrl: QUOTES, messageKey: 'quotes' })}`,
      )

      const patricia = new Browser('de')
      await patricia.login('patricia@ironbridge.test')
      const noPermission = await patricia.call(listLoader, QUOTES)
      expect(noPermission.response.headers.get('Location')).toBe(
        '/de/error?error=missing-permission&value=APP_B2B_MANAGE_OWN_QUOTES',
      )

      // Someone else's request (another company's buyer) is not found.
      const [sku] = await sellableSkus(api, 1)
      const tobias = new Browser('de')
      await tobias.login('tkestrel')
      const theirs = (
        await tobias.post(addAction, '/de/addProductToQuoteRequest', { sku: sku!, quantity: '1' })
      )
        .split('/')
        .pop()!
      const mark = new Browser('de')
      await mark.login('mfoster')
      const foreign = await mark.call(requestLoader, requestPath(theirs), {
        params: { quoteRequestId: theirs },
      })
      expect(foreign.response.status).toBe(404)
      const unknown = await mark.call(quoteLoader, quotePath('no-such-quote'), {
        params: { quoteId: 'no-such-quote' },
      })
      expect(unknown.response.status).toBe(404)

      features.quoting = false
      const off = await mark.call(requestLoader, requestPath(theirs), { params: { quoteRequestId: theirs } })
      expect(off.response.headers.get('Location')).toBe('/de/error?error=feature-deactivated&value=quoting')
      const addOff = await mark.call(addAction, '/de/addProductToQuoteRequest', {
        form: { sku: sku!, quantity: '1' },
      })
      expect(addOff.response.headers.get('Location')).toBe(
        '/de/error?error=feature-deactivated&value=quoting',
      )
      // The list stays with free-text quoting; with both off it is gone too.
      expect((await mark.call(listLoader, QUOTES)).response.status).toBe(200)
      features.freetextQuoting = false
      const listOff = await mark.call(quoteListLoader, '/de/quote-list')
      expect(listOff.response.headers.get('Location')).toBe(
        '/de/error?error=feature-deactivated&value=freetextQuoting',
      )
    },
    LONG,
  )
})
