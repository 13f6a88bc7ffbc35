/**
 * Quotes in ICM (features `quoting` and `freetextQuoting`; issue 36), as the Intershop PWA's quoting extension
 * calls them (`quoting.service.ts`, icm-contract.md "B2B user scope"): a business user's quote requests and
 * quotes under `customers/{no}/users/{login}/`, the basket's `quotes` that put an accepted quote's lines in at
 * the quoted prices, and the free-text quote of `POST quotecontact`. Personal: never cached. Changes answer
 * ICM's refusals as `IcmResult`s for the pages to show; unknown or foreign ids are a 404 page.
 */
import { z } from 'zod'
import {
  CreatedQuoteRequestSchema,
  linkedItemIds,
  mapQuote,
  mapQuoteLink,
  mapQuoteRequest,
  QuoteLinksSchema,
  quoteList,
  QuoteRequestItemSchema,
  QuoteRequestSchema,
  QuoteSchema,
  type Quote,
  type QuoteListEntry,
  type QuoteRequest,
} from '~/models/quote'
import type { CaptchaSolution } from '~/models/captcha'
import { productUrl } from '~/models/url'
import { createBasket, currentBasket } from './basket.server'
import { captchaHeaders, isCaptchaRefusal } from './captcha.server'
import { notFound } from './http.server'
import { icmCall, IcmError, refusalOf, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import { product } from './products.server'
import type { SessionUser } from './session.server'

type Buyer = Pick<SessionUser, 'customerNo' | 'login'>

const NoContent = z.unknown()

/** The PWA's `b2bUserEndpoint()`: the logged-in business user's own resources. */
const userBase = (user: Buyer) =>
  `customers/${encodeURIComponent(user.customerNo)}/users/${encodeURIComponent(user.login)}`
const requests = (user: Buyer, rest = '') => `${userBase(user)}/quoterequests${rest}`
const quotes = (user: Buyer, rest = '') => `${userBase(user)}/quotes${rest}`
const one = (id: string) => `/${encodeURIComponent(id)}`

/** The attributes each list asks for (the PWA's `getQuotes`), plus the totals the list shows. */
const REQUEST_ATTRS = 'number,name,lineItems,creationDate,submittedDate,state,total'
const QUOTE_ATTRS = 'number,name,lineItems,creationDate,validFromDate,validToDate,rejected,state,total'

/** An id the API could know: anything else is a 404 without asking. */
const plausibleId = (id: string | undefined): id is string => !!id && id.length <= 100

/** Unknown, foreign or malformed ids are a 404 page (ICM answers 404, or 403 for someone else's). */
function orNotFound(error: unknown): never {
  if (error instanceof IcmError && [400, 403, 404].includes(error.status)) throw notFound()
  throw error
}

/** The user's quote requests and quotes in one list, newest first. */
export async function listQuotes(scope: IcmScope, user: Buyer, now = Date.now()): Promise<QuoteListEntry[]> {
  const [requestLinks, quoteLinks] = await Promise.all([
    icmCall(scope, {
      path: requests(user),
      query: { attrs: REQUEST_ATTRS },
      schema: QuoteLinksSchema,
      cache: 'none',
    }),
    icmCall(scope, {
      path: quotes(user),
      query: { attrs: QUOTE_ATTRS },
      schema: QuoteLinksSchema,
      cache: 'none',
    }),
  ])
  return quoteList([
    ...requestLinks.elements.map((link) => mapQuoteLink('request', link, now)),
    ...quoteLinks.elements.map((link) => mapQuoteLink('quote', link, now)),
  ])
}

/** One of the user's requests with its lines (lines that come as Links are read one by one, in parallel). */
export async function getQuoteRequest(scope: IcmScope, user: Buyer, id: string): Promise<QuoteRequest> {
  if (!plausibleId(id)) throw notFound()
  const data = await icmCall(scope, {
    path: requests(user, one(id)),
    schema: QuoteRequestSchema,
    cache: 'none',
  }).catch(orNotFound)
  const items = await Promise.all(
    linkedItemIds(data).map((itemId) =>
      icmCall(scope, {
        path: requests(user, `${one(id)}/items${one(itemId)}`),
        schema: QuoteRequestItemSchema,
        cache: 'none',
      }),
    ),
  )
  return mapQuoteRequest(data, items)
}

/** One of the user's quotes. */
export async function getQuote(scope: IcmScope, user: Buyer, id: string, now = Date.now()): Promise<Quote> {
  if (!plausibleId(id)) throw notFound()
  const data = await icmCall(scope, {
    path: quotes(user, one(id)),
    schema: QuoteSchema,
    cache: 'none',
  }).catch(orNotFound)
  return mapQuote(data, now)
}

const createdId = (created: z.infer<typeof CreatedQuoteRequestSchema>) =>
  'type' in created && created.type === 'QuoteRequest'
    ? created.id
    : 'title' in created
      ? (created.itemId ?? created.title)
      : ''

/**
 * A new request (`POST quoterequests`): empty, or a copy of the basket's lines (`basketID`), of a quote's
 * (`quoteID`) or of another request's (`quoteRequestID`). Answers the new request's id.
 */
export const createQuoteRequest = (
  scope: IcmScope,
  user: Buyer,
  from?: { basketID: string } | { quoteID: string } | { quoteRequestID: string },
): Promise<IcmResult<string>> =>
  tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: requests(user),
      query: from,
      schema: CreatedQuoteRequestSchema,
      cache: 'none',
    }).then(createdId),
  )

/**
 * The user's open request: the newest one not submitted yet (the PWA's `getOrCreateActiveQuoteRequest`), or
 * null when every request is submitted.
 */
async function openQuoteRequest(scope: IcmScope, user: Buyer): Promise<string | null> {
  const links = await icmCall(scope, {
    path: requests(user),
    query: { attrs: 'creationDate,submittedDate,state' },
    schema: QuoteLinksSchema,
    cache: 'none',
  })
  const open = quoteList(links.elements.map((link) => mapQuoteLink('request', link, Date.now()))).find(
    (entry) => entry.state === 'new',
  )
  return open?.id ?? null
}

/**
 * "Add to quote" (`addProductToQuoteRequest`): the product goes on the user's open request, or on a new one
 * when none is open. Answers the request's id, or ICM's refusal (an unknown product, a quantity out of range).
 */
export async function addProductToQuoteRequest(
  scope: IcmScope,
  user: Buyer,
  sku: string,
  quantity: number,
): Promise<IcmResult<string>> {
  let id = await openQuoteRequest(scope, user)
  if (!id) {
    const created = await createQuoteRequest(scope, user)
    if (!created.ok) return created
    id = created.value
  }
  const added = await tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: requests(user, `${one(id)}/items`),
      json: { productSKU: sku, quantity: { value: quantity } },
      schema: NoContent,
      cache: 'none',
    }),
  )
  return added.ok ? { ok: true, value: id } : added
}

/** The request's name and note (`PUT quoterequests/{id}`); an empty text clears it. */
export const updateQuoteRequest = (
  scope: IcmScope,
  user: Buyer,
  id: string,
  fields: { displayName: string; description: string },
) =>
  tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: requests(user, one(id)),
      json: fields,
      schema: NoContent,
      cache: 'none',
    }),
  )

/** A line's new quantity (`PUT quoterequests/{id}/items/{item}`). */
export const updateQuoteRequestItem = (
  scope: IcmScope,
  user: Buyer,
  id: string,
  itemId: string,
  quantity: number,
) =>
  tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: requests(user, `${one(id)}/items${one(itemId)}`),
      json: { quantity: { value: quantity } },
      schema: NoContent,
      cache: 'none',
    }),
  )

export const deleteQuoteRequestItem = (scope: IcmScope, user: Buyer, id: string, itemId: string) =>
  tryIcm(
    icmCall(scope, {
      method: 'DELETE',
      path: requests(user, `${one(id)}/items${one(itemId)}`),
      schema: NoContent,
      cache: 'none',
    }),
  )

/** Submits a request to the shop (`POST quotes {quoteRequestID}`): it is fixed from now on. */
export const submitQuoteRequest = (scope: IcmScope, user: Buyer, id: string) =>
  tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: quotes(user),
      json: { quoteRequestID: id },
      schema: NoContent,
      cache: 'none',
    }),
  )

export const deleteQuoteRequest = (scope: IcmScope, user: Buyer, id: string) =>
  tryIcm(
    icmCall(scope, { method: 'DELETE', path: requests(user, one(id)), schema: NoContent, cache: 'none' }),
  )

export const deleteQuote = (scope: IcmScope, user: Buyer, id: string) =>
  tryIcm(icmCall(scope, { method: 'DELETE', path: quotes(user, one(id)), schema: NoContent, cache: 'none' }))

/** The buyer turns the quote down (`PUT quotes/{id} {rejected:true}`). */
export const rejectQuote = (scope: IcmScope, user: Buyer, id: string) =>
  tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: quotes(user, one(id)),
      json: { rejected: true },
      schema: NoContent,
      cache: 'none',
    }),
  )

/**
 * "Add quote to basket" (`POST baskets/{id}/quotes {id, calculated}`): the quote's lines go into the user's
 * basket (made first when there is none) at the quoted prices. Answers the basket's id.
 */
export async function addQuoteToBasket(scope: IcmScope, quoteId: string): Promise<IcmResult<string>> {
  const basket = (await currentBasket(scope)) ?? (await createBasket(scope))
  const added = await tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: `baskets/${encodeURIComponent(basket.id)}/quotes`,
      json: { id: quoteId, calculated: true },
      schema: NoContent,
      cache: 'none',
    }),
  )
  return added.ok ? { ok: true, value: basket.id } : added
}

/** Takes a quote's lines out of the basket again (`DELETE baskets/{id}/quotes/{quote}`). */
export const removeQuoteFromBasket = (scope: IcmScope, basketId: string, quoteId: string) =>
  tryIcm(
    icmCall(scope, {
      method: 'DELETE',
      path: `baskets/${encodeURIComponent(basketId)}/quotes${one(quoteId)}`,
      schema: NoContent,
      cache: 'none',
    }),
  )

/** A free-text quote request: what is wanted and how to reach the person asking. */
export type QuoteContact = {
  description: string
  quantity?: number
  name: string
  email: string
  phone?: string
  company?: string
}

/**
 * The free-text quote (`POST quotecontact`, spec shell §7): the form without the captcha's fields, the solved
 * captcha sent apart in the Authorization header. A wrong captcha comes back as 401 (`isCaptchaRefusal`).
 */
export async function sendQuoteContact(
  scope: IcmScope,
  contact: QuoteContact,
  captcha: CaptchaSolution,
): Promise<IcmResult | { ok: false; captcha: true }> {
  try {
    await icmCall(scope, {
      method: 'POST',
      path: 'quotecontact',
      json: contact,
      headers: captchaHeaders(captcha),
      schema: NoContent,
      cache: 'none',
    })
    return { ok: true }
  } catch (error) {
    // The captcha's refusal is the form's to show at its field; other refusals above the form.
    if (isCaptchaRefusal(error)) return { ok: false, captcha: true }
    return { ok: false, errors: refusalOf(error) }
  }
}

/** A product of a quote's or request's line: its name, page and picture from the (cached) catalogue. */
export type QuoteProduct = { name: string; url: string | null; image?: string }

/** The lines' products by SKU; one that cannot be loaded shows its SKU. */
export async function quoteProducts(scope: IcmScope, skus: string[]): Promise<Record<string, QuoteProduct>> {
  const unique = [...new Set(skus)]
  const found = await Promise.all(unique.map((sku) => product(scope, sku).catch(() => null)))
  return Object.fromEntries(
    unique.map((sku, i) => {
      const p = found[i]
      return [
        sku,
        p
          ? {
              name: p.name,
              url: productUrl(scope.locale, {
                sku: p.sku,
                name: p.name,
                variationValues: p.variationValues.map((v) => v.displayValue),
              }),
              image: p.images.find((image) => image.typeID === 'S')?.url,
            }
          : { name: sku, url: null },
      ]
    }),
  )
}
