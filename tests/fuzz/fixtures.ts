/**
 * Real values the generators mix into their inputs so that requests reach past the first 404: a product,
 * a category, a content page, shop sessions with a filled basket (guest, private customer, business
 * approver), API tokens, the ids of a basket, its line and a saved address, and the business area's ids:
 * pending requisitions, a recurring order, cost centers, user logins, an approver's decision links. Read
 * from (or made through) the running servers before the fuzzing starts.
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
  /** `business`: Brightline's approver; `admin`: Kestrel's account admin (its users and cost centers). */
  shop: { guest: ShopSession; user: ShopSession; business: ShopSession; admin: ShopSession }
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
  /** Brightline's (BC-200001) business objects, made or read as its users; see businessFixtures. */
  business: BusinessFixtures
  /** Logins the suite uses itself; the fuzzing never sends wrong passwords for them (that would lock them). */
  reservedLogins: string[]
}

export type BusinessFixtures = {
  /**
   * Pending requisitions: two of bbuyer's (over his order limit; one for the storefront's fuzzing, with the
   * decision links, one for the API's), and one of the business shop session's user (its buyer pages).
   */
  requisitionIds: string[]
  /** A recurring order of the business shop session's user (the API's admin token sees it too). */
  recurringOrderId: string
  /** Brightline's cost centers (`customers/BC-200001/costcenters`). */
  costCenterIds: string[]
  /** Logins of Brightline's users for `…/users/{login}` paths (the API leaves out reservedLogins). */
  logins: string[]
  /** Kestrel's (BC-200002) cost centers and users: the admin shop session's, foreign to the API's token. */
  otherCompany: { costCenterIds: string[]; logins: string[] }
  /** The secrets of the approver's Approve and Reject links for the storefront's requisition. */
  decisionTokens: string[]
  /** Those links' queries (`token=…&decision=approve`), as the approver's mail has them. */
  decisionQueries: string[]
}

/** A demo user the shop fixtures log in as, one for the API's own token, and the business shop session's. */
const SHOP_USER = { login: 'patricia@ironbridge.test', password: 'Demo!2026' }
const API_USER = { login: 'jlink', password: 'Demo!2026' }
/** Approver and buyer of Brightline: the approver pages, the decision link as its own approver, recurring orders. */
const BUSINESS_USER = { login: 'aapprover', password: 'Demo!2026', orderLimit: 3_000 }
/** Kestrel's account admin: the organization's user and cost center pages (jlink, Brightline's, is the API's). */
const ADMIN_USER = { login: 'mkestrel', password: 'Demo!2026' }
/** Brightline's buyer with a 1,500 EUR order limit (the demo data's): his bigger orders become requisitions. */
const BUYER = { login: 'bbuyer', password: 'Demo!2026', orderLimit: 1_500 }
const EUR = ';loc=en_US;cur=EUR'

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

/** A commerce-API call as a fixture makes it: the answer's JSON, or the fixture fails with the answer. */
async function apiCall(
  apiOrigin: string,
  path: string,
  what: string,
  options: { method?: string; token?: string; json?: unknown; matrix?: string } = {},
): Promise<any> {
  const { method = 'GET', token, json: body, matrix } = options
  const response = await fetch(restUrl(apiOrigin, path, matrix), {
    method,
    headers: {
      ...(token ? { 'authentication-token': token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return response.status === 204 ? {} : json(response, what)
}

/**
 * A basket of the user's in EUR ready to order (invoice and delivery to the company's address, standard
 * delivery, invoice) with `quantity` of the product, and the changes `extra` asks for; submitted with
 * `POST orders`. Answers the created document (an order, a requisition, or a recurring order).
 */
async function submitBusinessBasket(
  apiOrigin: string,
  token: string,
  order: { sku: string; quantity: number; address: string; extra?: Record<string, unknown> },
): Promise<{ id: string; approval?: string }> {
  const call = (path: string, what: string, options: { method?: string; json?: unknown } = {}) =>
    apiCall(apiOrigin, path, what, { ...options, token, matrix: EUR })
  const basket = (await call('baskets', 'business basket', { method: 'POST' })).data.id as string
  await call(`baskets/${basket}/items`, 'business basket items', {
    method: 'POST',
    json: [{ product: order.sku, quantity: { value: order.quantity } }],
  })
  for (const json of [
    { invoiceToAddress: order.address, commonShipToAddress: order.address },
    { commonShippingMethod: 'STD_GROUND' },
    ...(order.extra ? [order.extra] : []),
  ])
    await call(`baskets/${basket}`, 'business basket update', { method: 'PATCH', json })
  await call(`baskets/${basket}/payments/open-tender`, 'business basket payment', {
    method: 'PUT',
    json: { paymentInstrument: 'INVOICE' },
  })
  const submitted = await call('orders', 'business order', {
    method: 'POST',
    json: { basket, termsAndConditionsAccepted: true },
  })
  return { id: submitted.data.id, approval: submitted.data.approvalStatus?.status }
}

/** A requisition: an order over the user's per-order `limit` in EUR (the quantity read from the product's price). */
async function requisitionOf(
  apiOrigin: string,
  token: string,
  order: { sku: string; address: string; limit: number },
) {
  const { sku, address } = order
  const priced = await apiCall(apiOrigin, `products/${encodeURIComponent(sku)}`, 'product price', {
    matrix: EUR,
  })
  const price = Number(priced.salePrice?.value ?? priced.listPrice?.value ?? 0)
  if (!(price > 0)) throw new Error(`fixture: no EUR price for ${sku}`)
  const quantity = Math.floor(order.limit / price) + 1
  if (priced.maxOrderQuantity && quantity > priced.maxOrderQuantity)
    throw new Error(`fixture: ${sku} at ${price} EUR cannot be ordered over ${order.limit} EUR`)
  const submitted = await submitBusinessBasket(apiOrigin, token, { sku, quantity, address })
  if (submitted.approval !== 'pending')
    throw new Error(`fixture: ${quantity} × ${sku} at ${price} EUR made no pending requisition`)
  return submitted.id
}

/** The approver's Approve and Reject links for the requisition, from their request mail in the local mailbox. */
async function decisionLinks(apiOrigin: string, email: string, requisition: string): Promise<URL[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mailbox = await json(
      await fetch(`${apiOrigin}/mailbox.json?to=${encodeURIComponent(email)}&limit=20`),
      'mailbox',
    )
    const links = (mailbox.elements as { links: string[] }[])
      .flatMap((mail) => mail.links)
      .filter((link) => link.includes(`/requisition-decision/${requisition}?`))
      .map((link) => new URL(link))
    if (links.some((link) => link.searchParams.get('token'))) return links
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`fixture: no decision link for requisition ${requisition} in ${email}'s mail`)
}

/**
 * Brightline's business objects: two pending requisitions of bbuyer (the storefront's fuzzing may decide
 * one, the API's the other), the approver's decision links for the storefront's, a requisition and a
 * recurring order of the business shop session's user (its buyer pages, withdrawing), the cost centers and user logins; Kestrel's cost centers and logins.
 * The tokens are jlink's (Brightline's account admin), the business and the admin shop sessions'.
 */
async function businessFixtures(
  apiOrigin: string,
  sku: string,
  tokens: { admin: string; approver: string; otherAdmin: string },
  customerNo: string,
  addressId: string,
): Promise<BusinessFixtures> {
  const address = `urn:address:customer:${customerNo}:${addressId}`
  const buyerToken = await apiToken(apiOrigin, {
    grant_type: 'password',
    username: BUYER.login,
    password: BUYER.password,
  })
  // One basket of a user's after the other (each becomes their current one); the users alongside.
  const requisitions = async (): Promise<string[]> => [
    await requisitionOf(apiOrigin, buyerToken, { sku, address, limit: BUYER.orderLimit }),
    await requisitionOf(apiOrigin, buyerToken, { sku, address, limit: BUYER.orderLimit }),
  ]
  const today = new Date().toISOString().slice(0, 10)
  const approverOrders = async (): Promise<[requisition: string, recurringOrder: string]> => {
    const limit = BUSINESS_USER.orderLimit
    const requisition = await requisitionOf(apiOrigin, tokens.approver, { sku, address, limit })
    const recurrence = { interval: 'P1M', startDate: today }
    const recurring = await submitBusinessBasket(apiOrigin, tokens.approver, {
      sku,
      quantity: 1,
      address,
      extra: { recurrence },
    })
    return [requisition, recurring.id]
  }
  const itemIds = (list: { data: { itemId: string }[] }) => list.data.map((c) => c.itemId)
  const [
    [shopRequisition, apiRequisition],
    [ownRequisition, recurringOrderId],
    costCenters,
    otherCostCenters,
    approver,
  ] = await Promise.all([
    requisitions(),
    approverOrders(),
    apiCall(apiOrigin, `customers/${customerNo}/costcenters`, 'cost centers', { token: tokens.admin }),
    apiCall(apiOrigin, 'customers/-/costcenters', 'other cost centers', { token: tokens.otherAdmin }),
    apiCall(apiOrigin, `customers/${customerNo}/users/${BUSINESS_USER.login}`, 'approver', {
      token: tokens.admin,
    }),
  ])
  const links = await decisionLinks(apiOrigin, approver.email, shopRequisition!)
  return {
    requisitionIds: [shopRequisition!, apiRequisition!, ownRequisition],
    recurringOrderId,
    costCenterIds: itemIds(costCenters),
    logins: [BUYER.login, BUSINESS_USER.login, 'ccowner', 'omanager'],
    otherCompany: { costCenterIds: itemIds(otherCostCenters), logins: ['tkestrel', 'lkestrel', 'rkestrel'] },
    decisionTokens: [...new Set(links.map((link) => link.searchParams.get('token') ?? ''))],
    decisionQueries: links.map((link) => link.search),
  }
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
  const [user, businessSession, admin] = await Promise.all([
    shopSession(shopOrigin, apiOrigin, sku, SHOP_USER),
    shopSession(shopOrigin, apiOrigin, sku, BUSINESS_USER),
    shopSession(shopOrigin, apiOrigin, sku, ADMIN_USER),
  ])

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
  const business = await businessFixtures(
    apiOrigin,
    sku,
    {
      admin: userToken,
      approver: decodeCookie(businessSession.cookie).apiToken,
      otherAdmin: decodeCookie(admin.cookie).apiToken,
    },
    customerNo,
    addressId,
  )
  return {
    sku,
    categoryId,
    contentPageId,
    includeId,
    imagePath,
    langs,
    shop: { guest, user, business: businessSession, admin },
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
    business,
    reservedLogins: [
      SHOP_USER.login,
      API_USER.login,
      BUSINESS_USER.login,
      ADMIN_USER.login,
      'patricia',
      'jlink@brightline.test',
      'aapprover@brightline.test',
      'mkestrel@kestrel.test',
    ],
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
