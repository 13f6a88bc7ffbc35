/**
 * Real values the generators mix into their inputs so that requests reach past the first 404: a product,
 * a category, a content page, shop sessions with a filled basket (guest and logged in), API tokens, the
 * ids of a basket, its line and a saved address. Read from the running servers before the fuzzing starts.
 */
import { SITE } from './servers'

export type ShopSession = { cookie: string; basketId: string; lineId: string }

export type Fixtures = {
  sku: string
  /** The category's unique id (`Power-Tools.Drilling-And-Screwdriving.Cordless-Drills`). */
  categoryId: string
  contentPageId: string
  includeId: string
  imagePath: string
  langs: string[]
  shop: { guest: ShopSession; user: ShopSession }
  api: {
    anonymousToken: string
    userToken: string
    basketId: string
    itemId: string
    userBasketId: string
    addressId: string
    customerNo: string
    paymentMethods: string[]
    paymentParameters: string[]
    instrumentIds: string[]
  }
  /** Logins the suite uses itself; the fuzzing never sends wrong passwords for them (that would lock them). */
  reservedLogins: string[]
}

/** A demo user the shop fixtures log in as, and one for the API's own token. */
const SHOP_USER = { login: 'patricia@ironbridge.test', password: 'Demo!2026' }
const API_USER = { login: 'jlink', password: 'Demo!2026' }

export const restUrl = (apiOrigin: string, path: string, matrix = ';loc=en_US;cur=USD') =>
  `${apiOrigin}/INTERSHOP/rest/WFS/${SITE}/-${matrix}/${path}`

async function json(response: Response, what: string): Promise<any> {
  if (!response.ok) throw new Error(`fixture ${what}: ${response.status} ${await response.text()}`)
  return response.json()
}

async function apiToken(apiOrigin: string, body: Record<string, string>): Promise<string> {
  const response = await fetch(restUrl(apiOrigin, 'token'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await json(response, `token ${body.grant_type}`)).access_token
}

const decodeCookie = (cookie: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(cookie.split('=')[1]!.split('.')[0]!), 'base64').toString('utf8'))

/** The `apiToken=…` pair of an answer's Set-Cookie. */
function sessionCookie(response: Response, fallback?: string): string {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('apiToken='))
  if (!cookie && !fallback) throw new Error(`fixture: no session cookie in the ${response.status} answer`)
  return cookie ?? fallback!
}

/** A storefront form post as a browser sends it from the shop's own page. */
function post(shopOrigin: string, path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${shopOrigin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: shopOrigin,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  })
}

/** A shop session with the product in its basket; `login` logs in first. */
async function shopSession(
  shopOrigin: string,
  apiOrigin: string,
  sku: string,
  login?: typeof SHOP_USER,
): Promise<ShopSession> {
  let cookie: string | undefined
  if (login) {
    const answer = await post(shopOrigin, '/en/login', { login: login.login, password: login.password })
    if (answer.status !== 302 && answer.status !== 303)
      throw new Error(`fixture: login answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`)
    cookie = sessionCookie(answer)
  }
  const added = await post(
    shopOrigin,
    '/en/basket/add',
    { sku, quantity: '1', returnUrl: '/en/basket' },
    cookie,
  )
  if (added.status !== 303 && added.status !== 302)
    throw new Error(`fixture: adding to the basket answered ${added.status}`)
  cookie = sessionCookie(added, cookie)
  // The add left a toast in the cookie: the basket page shows it once and answers the cookie without it.
  const page = await fetch(`${shopOrigin}/en/basket`, { headers: { cookie }, redirect: 'manual' })
  cookie = sessionCookie(page, cookie)
  const token = decodeCookie(cookie).apiToken as string
  const basket = await json(
    await fetch(restUrl(apiOrigin, 'baskets/current?include=lineItems'), {
      headers: { 'authentication-token': token },
    }),
    'shop basket',
  )
  const lineId = Object.keys(basket.included?.lineItems ?? {})[0] ?? basket.data.lineItems?.[0]
  if (!lineId) throw new Error('fixture: the shop basket has no line')
  return { cookie, basketId: basket.data.id, lineId }
}

export async function loadFixtures(shopOrigin: string, apiOrigin: string): Promise<Fixtures> {
  const categories = await json(await fetch(restUrl(apiOrigin, 'categories?view=tree&limit=3')), 'categories')
  type Node = { categoryRef: string; hasOnlineProducts: boolean; subCategories?: Node[] }
  const leaf = (nodes: Node[]): Node | undefined => {
    for (const node of nodes) {
      if (node.hasOnlineProducts) return node
      const found = leaf(node.subCategories ?? [])
      if (found) return found
    }
    return undefined
  }
  const category = leaf(categories.elements)
  if (!category) throw new Error('fixture: no category with products')
  const categoryId = category.categoryRef.split('@')[0]!
  const listing = await json(
    await fetch(restUrl(apiOrigin, `categories/${categoryId.split('.').join('/')}/products?amount=1`)),
    'category products',
  )
  const product = listing.elements[0]
  const sku: string = product.attributes.find((a: { name: string }) => a.name === 'sku').value
  const imagePath: string = product.attributes.find((a: { name: string }) => a.name === 'image').value
  const includeId = 'include.footer.content.pagelet2-Include'
  const footer = JSON.stringify(
    await json(await fetch(restUrl(apiOrigin, `cms/includes/${includeId}`)), 'footer'),
  )
  const contentPageId = /page:\/\/([\w-]+)/.exec(footer)?.[1]
  if (!contentPageId) throw new Error('fixture: the footer links no content page')
  const configuration = await json(await fetch(restUrl(apiOrigin, 'configurations')), 'configurations')
  const langs = [
    ...new Set(
      (configuration.data?.general?.locales ?? ['en_US', 'de_DE']).map((l: string) => l.split('_')[0]),
    ),
  ] as string[]

  const guest = await shopSession(shopOrigin, apiOrigin, sku)
  const user = await shopSession(shopOrigin, apiOrigin, sku, SHOP_USER)

  const anonymousToken = await apiToken(apiOrigin, { grant_type: 'anonymous' })
  const created = await json(
    await fetch(restUrl(apiOrigin, 'baskets'), {
      method: 'POST',
      headers: { 'authentication-token': anonymousToken },
    }),
    'basket',
  )
  const basketId: string = created.data.id
  const added = await json(
    await fetch(restUrl(apiOrigin, `baskets/${basketId}/items`), {
      method: 'POST',
      headers: { 'authentication-token': anonymousToken, 'content-type': 'application/json' },
      body: JSON.stringify([{ product: sku, quantity: { value: 1 } }]),
    }),
    'basket items',
  )
  const itemId: string = added.data?.[0]?.id ?? ''
  const userToken = await apiToken(apiOrigin, {
    grant_type: 'password',
    username: API_USER.login,
    password: API_USER.password,
  })
  const auth = { 'authentication-token': userToken }
  const customer = await json(await fetch(restUrl(apiOrigin, 'customers/-'), { headers: auth }), 'customer')
  const customerNo: string = customer.customerNo
  const addresses = await json(
    await fetch(restUrl(apiOrigin, 'customers/-/addresses'), { headers: auth }),
    'addresses',
  )
  const addressId: string = addresses.elements[0]?.itemId ?? ''
  const userBasket = await json(
    await fetch(restUrl(apiOrigin, 'baskets'), { method: 'POST', headers: auth }),
    'user basket',
  )
  const methods = await json(
    await fetch(restUrl(apiOrigin, `baskets/${userBasket.data.id}/eligible-payment-methods`), {
      headers: auth,
    }),
    'payment methods',
  )
  type Method = { id: string; parameterDefinitions?: { name: string }[]; paymentInstruments?: string[] }
  const paymentMethods = (methods.data as Method[]).map((m) => m.id)
  const paymentParameters = [
    ...new Set((methods.data as Method[]).flatMap((m) => (m.parameterDefinitions ?? []).map((p) => p.name))),
  ]
  const instrumentIds = (methods.data as Method[]).flatMap((m) => m.paymentInstruments ?? [])
  return {
    sku,
    categoryId,
    contentPageId,
    includeId,
    imagePath,
    langs,
    shop: { guest, user },
    api: {
      anonymousToken,
      userToken,
      basketId,
      itemId,
      userBasketId: userBasket.data.id,
      addressId,
      customerNo,
      paymentMethods,
      paymentParameters,
      instrumentIds,
    },
    reservedLogins: [SHOP_USER.login, API_USER.login, 'patricia', 'jlink@brightline.test'],
  }
}

/** Puts the product back into a fixture basket (a fuzz case may have emptied or ordered it). */
export async function refillShopBasket(shopOrigin: string, session: ShopSession, sku: string) {
  const answer = await post(
    shopOrigin,
    '/en/basket/add',
    { sku, quantity: '1', returnUrl: '/en/basket' },
    session.cookie,
  )
  await answer.arrayBuffer()
}
