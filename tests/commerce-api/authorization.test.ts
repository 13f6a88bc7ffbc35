/**
 * The authorization walk (issue 15): every route the commerce API registers is called, with path parameters
 * naming customer A's real data (Brightline, BC-200001: jlink's open basket, its line item and payment, an
 * order, an address only jlink may see, his saved bank account, his roles), by
 *   - a user of another customer (mkestrel, account admin of Kestrel, BC-200002),
 *   - a user of A without the permission the route needs and who owns none of that data (bbuyer),
 *   - an anonymous shopper, and a caller without any token.
 * None of them may get A's data: a route naming A's private data answers 401, 403 or 404; a route naming only
 * A's customer refuses the foreign and anonymous callers; any other answer contains none of A's values (the
 * ones the caller sent itself aside). jlink's own calls show that the walk's calls are well-formed, and A's
 * data is unchanged afterwards. A route the walk does not know how to call fails the first test.
 */
import { asc, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installAuthorization, routeAccessOf, type AccessRule } from '../../commerce-api/authorization'
import {
  categories,
  cmsIncludes,
  cmsPages,
  mailOutbox,
  promotions,
  users,
} from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS, demoInstruments } from '../../commerce-api/db/seed/checkout'
import { respondToQuoteRequest } from '../../commerce-api/domain/quotes'
import { refreshPendingApprovers } from '../../commerce-api/domain/requisition-authority'
import { issueRequisitionLinks } from '../../commerce-api/domain/requisition-link-tokens'
import { setCompanyUserRoles, updateCompanyUser } from '../../commerce-api/domain/users'
import { writeOrderRequest, writePunchOutSetupRequest } from '../../commerce-api/punchout/cxml'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { buildServer } from '../../commerce-api/server'
import { anonymousToken, basketFor, guestAddress, sellableSkus, userToken } from './checkout-fixtures'
import { call, SITE, startApi, type Api } from './harness'

const EUR = ';loc=en_US;cur=EUR'
const A = 'BC-200001'
const IBAN = 'DE89370400440532013000'

/** What customer A has, made or read before the walk. */
type Fixtures = {
  sku: string
  basketId: string
  itemId: string
  paymentId: string
  orderId: string
  documentNumber: string
  /** A requisition of jlink's (his order limit lowered for it), waiting for A's approvers. */
  requisitionId: string
  requisitionNo: string
  /** A recurring order of jlink's (ADR 0020), placing nothing during the walk (it starts next month). */
  recurringOrderId: string
  recurringOrderNo: string
  ownAddressId: string
  /** A wishlist of jlink's with a product on it, shared (its code stays with jlink: the walk sends a wrong one). */
  wishlistId: string
  /** An order template of jlink's with a product on it (ADR 0041): his alone, not his colleagues'. */
  templateId: string
  /** A quote request of jlink's (submitted, with one line) and the shop's quote answering it (issue 36). */
  quoteRequestId: string
  quoteRequestItemId: string
  quoteId: string
  instrumentId: string
  category: string
  promotionId: string
  includeId: string
  pageId: string
}

/**
 * How far a route reaches into A's data: `private` names data of jlink alone (refused for every other caller),
 * `customer` names A's customer only (refused for callers outside A; bbuyer gets what A shares with him),
 * `none` names nothing of A (every caller gets an answer of its own).
 */
type Scope = 'private' | 'customer' | 'none'

type Call = {
  scope: Scope
  /** A path under the REST root, or an absolute path starting with '/'. */
  path: (f: Fixtures) => string
  json?: (f: Fixtures) => unknown
  form?: Record<string, string>
  /** A text/xml body (the cXML documents a procurement system posts). */
  xml?: string
  /** A value jlink's own call shows, proving the walk's call reaches A's data. */
  ownerSees?: (f: Fixtures) => string
  /** Values of A only this route's answers could reveal, checked for this route. */
  secrets?: (f: Fixtures) => string[]
}

const address = guestAddress({ email: undefined, addressName: 'Walk test drop', city: 'Walkhausen' })
const redirectReturn = { status: 'SUCCESS', parameters: [] }
const basket = (f: Fixtures, rest = '') => `baskets/${f.basketId}${rest}`
const book = (rest = '') => `customers/${A}/addresses${rest}`
const payments = (rest = '') => `customers/${A}/payments${rest}`
const wishlists = (rest = '') => `customers/${A}/wishlists${rest}`
const templates = (rest = '') => `customers/${A}/users/jlink/wishlists${rest}`

/** The walk of a user's quoting (`customers/{no}/users/{login}/quoterequests|quotes`, `baskets/{id}/quotes`). */
function quoteWalk(): Record<string, Call> {
  const base = '/rest/:site/customers/:customerNo/users/:login'
  const at = (rest: string) => `customers/${A}/users/jlink/${rest}`
  const request = (f: Fixtures, rest = '') => at(`quoterequests/${f.quoteRequestId}${rest}`)
  const item = (f: Fixtures) => request(f, `/items/${f.quoteRequestItemId}`)
  return {
    [`GET ${base}/quoterequests`]: {
      scope: 'private',
      path: () => at('quoterequests?attrs=number,name'),
      ownerSees: (f) => f.quoteRequestId,
    },
    [`POST ${base}/quoterequests`]: { scope: 'private', path: () => at('quoterequests') },
    [`GET ${base}/quoterequests/:id`]: {
      scope: 'private',
      path: (f) => request(f),
      ownerSees: (f) => f.quoteRequestItemId,
    },
    [`PUT ${base}/quoterequests/:id`]: {
      scope: 'private',
      path: (f) => request(f),
      json: () => ({ displayName: 'Walk' }),
    },
    [`DELETE ${base}/quoterequests/:id`]: { scope: 'private', path: (f) => request(f) },
    [`GET ${base}/quoterequests/:id/items`]: {
      scope: 'private',
      path: (f) => request(f, '/items'),
      ownerSees: (f) => f.quoteRequestItemId,
    },
    [`POST ${base}/quoterequests/:id/items`]: {
      scope: 'private',
      path: (f) => request(f, '/items'),
      json: (f) => ({ productSKU: f.sku, quantity: { value: 1 } }),
    },
    [`GET ${base}/quoterequests/:id/items/:itemId`]: {
      scope: 'private',
      path: item,
      ownerSees: (f) => f.sku,
    },
    [`PUT ${base}/quoterequests/:id/items/:itemId`]: {
      scope: 'private',
      path: item,
      json: () => ({ quantity: { value: 2 } }),
    },
    [`DELETE ${base}/quoterequests/:id/items/:itemId`]: { scope: 'private', path: item },
    [`POST ${base}/quotes`]: {
      scope: 'private',
      path: () => at('quotes'),
      json: (f) => ({ quoteRequestID: f.quoteRequestId }),
    },
    [`GET ${base}/quotes`]: {
      scope: 'private',
      path: () => at('quotes?attrs=number,rejected'),
      ownerSees: (f) => f.quoteId,
    },
    [`GET ${base}/quotes/:id`]: {
      scope: 'private',
      path: (f) => at(`quotes/${f.quoteId}`),
      ownerSees: (f) => f.quoteRequestId,
    },
    [`PUT ${base}/quotes/:id`]: {
      scope: 'private',
      path: (f) => at(`quotes/${f.quoteId}`),
      json: () => ({ rejected: true }),
    },
    [`DELETE ${base}/quotes/:id`]: { scope: 'private', path: (f) => at(`quotes/${f.quoteId}`) },
    'POST /rest/:site/baskets/:id/quotes': {
      scope: 'private',
      path: (f) => basket(f, '/quotes'),
      json: (f) => ({ id: f.quoteId, calculated: true }),
    },
    'DELETE /rest/:site/baskets/:id/quotes/:quoteId': {
      scope: 'private',
      path: (f) => basket(f, `/quotes/${f.quoteId}`),
    },
    // A free-text quote request: anyone, with a solved captcha (the walk sends none: 401 for everyone).
    'POST /rest/:site/quotecontact': {
      scope: 'none',
      path: () => 'quotecontact',
      json: () => ({ description: 'Walk', name: 'Walker', email: 'walker@example.test' }),
    },
  }
}

/** The walk of one of the three ways to recurring orders (list, read, switch off, delete), under `route`. */
function recurringOrderWalk(route: string, at: () => string, ownerSees = true): Record<string, Call> {
  const base = `/rest/:site/${route}/recurringorders`
  const one = (f: Fixtures) => `${at()}/recurringorders/${f.recurringOrderId}`
  const secrets = (f: Fixtures) => [f.recurringOrderNo]
  return {
    [`GET ${base}`]: {
      scope: 'private',
      path: () => `${at()}/recurringorders`,
      secrets,
      ...(ownerSees ? { ownerSees: (f: Fixtures) => f.recurringOrderNo } : {}),
    },
    [`GET ${base}/:id`]: {
      scope: 'private',
      path: one,
      secrets,
      ...(ownerSees ? { ownerSees: (f: Fixtures) => f.recurringOrderNo } : {}),
    },
    [`PATCH ${base}/:id`]: { scope: 'private', path: one, json: () => ({ active: false }), secrets },
    [`DELETE ${base}/:id`]: { scope: 'private', path: one },
  }
}

/** A cXML request of A's cXML punchout user with a secret the walk's callers guess (wrongly). */
function cxmlWalkDocument(kind: 'PunchOutSetupRequest' | 'OrderRequest') {
  const header = {
    from: [{ domain: 'NetworkID', identity: 'AN-WALK', sharedSecret: null }],
    to: [{ domain: 'NetworkID', identity: 'IronbridgeSupply', sharedSecret: null }],
    sender: [{ domain: 'NetworkID', identity: 'brightline-cxml', sharedSecret: 'guessed-secret' }],
    userAgent: 'Walk',
  }
  const stamp = { payloadId: 'walk@test', timestamp: '2026-11-30T08:00:00+00:00', lang: 'en-US' }
  if (kind === 'PunchOutSetupRequest')
    return writePunchOutSetupRequest({
      ...stamp,
      header,
      deploymentMode: 'test',
      operation: 'create',
      buyerCookie: 'walk',
      extrinsics: [],
      browserFormPostUrl: 'https://procurement.example/return',
      supplierSetupUrl: null,
      contacts: [],
      shipTo: null,
      selectedItem: null,
      items: [],
    })
  const address = {
    addressId: null,
    name: 'Walk',
    postal: {
      deliverTo: [],
      street: ['Walkweg 1'],
      city: 'Walkstadt',
      state: null,
      postalCode: '10115',
      countryCode: 'DE',
      country: 'Deutschland',
    },
    email: null,
  }
  const money = { amount: 100, currency: 'EUR' }
  return writeOrderRequest({
    ...stamp,
    header,
    deploymentMode: 'test',
    orderId: 'PO-WALK',
    orderDate: stamp.timestamp,
    type: 'new',
    total: money,
    shipTo: address,
    billTo: address,
    shipping: null,
    tax: null,
    supplierOrderId: null,
    comments: null,
    extrinsics: [],
    items: [
      {
        lineNumber: 1,
        quantity: 1,
        supplierPartId: 'WALK',
        supplierPartAuxiliaryId: null,
        unitPrice: money,
        description: 'Walk',
        unit: 'C62',
        unspsc: null,
        requestedDeliveryDate: null,
      },
    ],
  })
}

/**
 * Every route of the API and how the walk calls it, by `METHOD url` as the server registers it. HEAD routes
 * (Fastify adds one per GET) are called like their GET. Token logout comes last: it revokes the caller's token.
 */
const WALK: Record<string, Call> = {
  'POST /rest/:site/token': { scope: 'none', path: () => 'token', form: { grant_type: 'anonymous' } },
  'POST /rest/:site/challenges': { scope: 'none', path: () => 'challenges' },
  // Single sign-on (issue 35): the id token is the credential; the walk's is no provider's.
  'POST /rest/:site/users/processtoken': {
    scope: 'none',
    path: () => 'users/processtoken',
    json: () => ({ id_token: 'not.an.idtoken', options: ['CREATE_USER'] }),
  },
  'GET /rest/:site/configurations': { scope: 'none', path: () => 'configurations' },
  'GET /rest/:site/personalization': { scope: 'none', path: () => 'personalization' },
  'GET /rest/:site/categories': { scope: 'none', path: () => 'categories?view=tree&limit=2' },
  'GET /rest/:site/categories/*': { scope: 'none', path: (f) => `categories/${f.category}/products` },
  'GET /rest/:site/products': { scope: 'none', path: () => 'products?searchTerm=a' },
  'GET /rest/:site/productfilters': { scope: 'none', path: () => 'productfilters?searchTerm=a' },
  'GET /rest/:site/products/:sku': { scope: 'none', path: (f) => `products/${f.sku}` },
  'GET /rest/:site/products/:sku/variations': { scope: 'none', path: (f) => `products/${f.sku}/variations` },
  'GET /rest/:site/products/:sku/bundles': { scope: 'none', path: (f) => `products/${f.sku}/bundles` },
  'GET /rest/:site/products/:sku/partOfRetailSet': {
    scope: 'none',
    path: (f) => `products/${f.sku}/partOfRetailSet`,
  },
  'GET /rest/:site/products/:sku/links': { scope: 'none', path: (f) => `products/${f.sku}/links` },
  'GET /rest/:site/productprices': { scope: 'none', path: (f) => `productprices?sku=${f.sku}` },
  'GET /rest/:site/inventories': { scope: 'none', path: (f) => `inventories?sku=${f.sku}` },
  'POST /rest/:site/prices': {
    scope: 'none',
    path: () => 'prices',
    json: (f) => ({ products: [{ sku: f.sku }] }),
  },
  'POST /rest/:site/inventory': {
    scope: 'none',
    path: () => 'inventory',
    json: (f) => ({ products: [{ sku: f.sku }] }),
  },
  'GET /rest/:site/promotions/:id': { scope: 'none', path: (f) => `promotions/${f.promotionId}` },
  'GET /rest/:site/stores': { scope: 'none', path: () => 'stores?countryCode=DE' },
  'GET /rest/:site/suggest': { scope: 'none', path: () => 'suggest?SearchTerm=dr' },
  'GET /rest/:site/productlookup': { scope: 'none', path: (f) => `productlookup?searchTerm=${f.sku}` },
  'GET /rest/:site/cms/includes/:id': { scope: 'none', path: (f) => `cms/includes/${f.includeId}` },
  'GET /rest/:site/cms/pages/:id': { scope: 'none', path: (f) => `cms/pages/${f.pageId}` },
  'GET /rest/:site/cms/pagelets/:id': { scope: 'none', path: () => 'cms/pagelets/home-hero' },
  'GET /rest/:site/cms/pagetree/:id': { scope: 'none', path: (f) => `cms/pagetree/${f.pageId}?depth=1` },
  'GET /rest/:site/cms/viewcontexts/:id/entrypoint': {
    scope: 'none',
    path: () => 'cms/viewcontexts/viewcontext.include.product.base.top/entrypoint?Product=1',
  },
  'GET /rest/:site/localizations': { scope: 'none', path: () => 'localizations?searchKeys=header.' },
  'GET /rest/:site/localizations/:key': { scope: 'none', path: () => 'localizations/shop.name' },
  'GET /rest/:site/countries': { scope: 'none', path: () => 'countries' },
  'GET /rest/:site/countries/:code/main-divisions': {
    scope: 'none',
    path: () => 'countries/DE/main-divisions',
  },

  'GET /rest/:site/customers/-': { scope: 'none', path: () => 'customers/-' },
  'GET /rest/:site/customers/-/users/-': { scope: 'none', path: () => 'customers/-/users/-' },
  'GET /rest/:site/privatecustomers/-': { scope: 'none', path: () => 'privatecustomers/-' },
  'GET /rest/:site/customers/:customerNo/users/:login/roles': {
    scope: 'private',
    path: () => `customers/${A}/users/jlink/roles`,
    ownerSees: () => 'APP_B2B_ACCOUNT_OWNER',
    secrets: () => ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_COSTCENTER_OWNER'],
  },
  'GET /rest/:site/customers/:customerNo/roles': {
    scope: 'private',
    path: () => `customers/${A}/roles`,
    ownerSees: () => 'APP_B2B_MANAGE_ORDERS',
    secrets: () => ['APP_B2B_ACCOUNT_OWNER'],
  },
  // User management (issue 17): A's users, their roles and budgets, for A's administrators only.
  'GET /rest/:site/customers/:customerNo/users': {
    scope: 'private',
    path: () => `customers/${A}/users`,
    ownerSees: () => 'aapprover@brightline.test',
    secrets: () => ['aapprover@brightline.test', 'ccowner@brightline.test'],
  },
  'POST /rest/:site/customers/:customerNo/users': {
    scope: 'private',
    path: () => `customers/${A}/users`,
    json: () => ({ elements: [{ firstName: 'Walk', lastName: 'Er', email: 'walker@brightline.test' }] }),
  },
  'GET /rest/:site/customers/:customerNo/users/:login': {
    scope: 'private',
    path: () => `customers/${A}/users/aapprover`,
    ownerSees: () => 'aapprover@brightline.test',
    secrets: () => ['aapprover@brightline.test'],
  },
  'PUT /rest/:site/customers/:customerNo/users/:login': {
    scope: 'private',
    path: () => `customers/${A}/users/aapprover`,
    json: () => ({ firstName: 'Walked', lastName: 'Over', email: 'walked@brightline.test', active: false }),
  },
  'DELETE /rest/:site/customers/:customerNo/users/:login': {
    scope: 'private',
    path: () => `customers/${A}/users/aapprover`,
  },
  'PUT /rest/:site/customers/:customerNo/users/:login/roles': {
    scope: 'private',
    path: () => `customers/${A}/users/bbuyer/roles`,
    json: () => ({ userRoles: ['APP_B2B_ACCOUNT_OWNER'] }),
  },
  'GET /rest/:site/customers/:customerNo/users/:login/budgets': {
    scope: 'private',
    path: () => `customers/${A}/users/jlink/budgets`,
    ownerSees: () => 'spentBudget',
  },
  'GET /rest/:site/customers/:customerNo/users/:login/budgets/history': {
    scope: 'private',
    path: () => `customers/${A}/users/jlink/budgets/history`,
    ownerSees: () => 'BudgetHistory',
  },
  'PUT /rest/:site/customers/:customerNo/users/:login/budgets': {
    scope: 'private',
    path: () => `customers/${A}/users/bbuyer/budgets`,
    json: () => ({ budget: { value: 999999, currency: 'EUR' }, budgetPeriod: 'weekly' }),
  },
  // Each caller's own company profile: mkestrel changes Kestrel's, bbuyer lacks user management.
  'PUT /rest/:site/customers/-': {
    scope: 'none',
    path: () => 'customers/-',
    json: () => ({ companyName: 'Walked Company GmbH', industry: 'Walking' }),
  },

  // Cost centers (issue 17): A's cost centers for its admins and owners only; bbuyer lacks the permissions.
  'GET /rest/:site/customers/:customerNo/costcenters': {
    scope: 'private',
    path: () => `customers/${A}/costcenters?limit=5`,
    ownerSees: () => '"total"',
  },
  'POST /rest/:site/customers/:customerNo/costcenters': {
    scope: 'private',
    path: () => `customers/${A}/costcenters`,
    json: () => ({ costCenterId: 'WALK-1', name: 'Walked', costCenterOwner: { login: 'bbuyer' } }),
  },
  'GET /rest/:site/customers/:customerNo/costcenters/:id': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600`,
    secrets: () => ['Hauptverwaltung'],
  },
  'GET /rest/:site/customers/:customerNo/costcenters/:id/budgets/history': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600/budgets/history`,
    ownerSees: () => 'BudgetHistory',
  },
  'PATCH /rest/:site/customers/:customerNo/costcenters/:id': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600`,
    json: () => ({ name: 'Walked Office', active: false }),
  },
  'PUT /rest/:site/customers/:customerNo/costcenters/:id': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600`,
    json: () => ({ name: 'Walked Office', active: false }),
  },
  'DELETE /rest/:site/customers/:customerNo/costcenters/:id': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600`,
  },
  'POST /rest/:site/customers/:customerNo/costcenters/:id/buyers': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600/buyers`,
    json: () => ({ login: 'bbuyer', budget: { value: 999999, currency: 'EUR' }, budgetPeriod: 'weekly' }),
  },
  'PATCH /rest/:site/customers/:customerNo/costcenters/:id/buyers/:login': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600/buyers/aapprover`,
    json: () => ({ login: 'aapprover', budget: { value: 999999, currency: 'EUR' }, budgetPeriod: 'weekly' }),
  },
  'DELETE /rest/:site/customers/:customerNo/costcenters/:id/buyers/:login': {
    scope: 'private',
    path: () => `customers/${A}/costcenters/100600/buyers/aapprover`,
  },
  // Requisitions (issue 18): jlink's own; bbuyer is neither its buyer nor an approver of it.
  // Quotes (issue 36): jlink's own; another user of A reaches them through jlink's login (403) or not at all.
  ...quoteWalk(),
  'GET /rest/:site/customers/:customerNo/users/:login/requisitions': {
    scope: 'private',
    path: () => `customers/${A}/users/jlink/requisitions?view=buyer`,
    ownerSees: (f) => f.requisitionNo,
  },
  'GET /rest/:site/customers/:customerNo/users/:login/requisitions/:id': {
    scope: 'private',
    path: (f) => `customers/${A}/users/jlink/requisitions/${f.requisitionId}`,
    ownerSees: (f) => f.requisitionNo,
  },
  'PATCH /rest/:site/customers/:customerNo/users/:login/requisitions/:id': {
    scope: 'private',
    path: (f) => `customers/-/users/-/requisitions/${f.requisitionId}`,
    json: () => ({ type: 'ApprovalStatusChange', statusCode: 'REJECTED', approvalComment: 'Walked' }),
  },
  // A mail's decision link (public): without its secret, nobody learns or decides anything.
  'POST /rest/:site/requisition-links/verify': {
    scope: 'private',
    path: () => 'requisition-links/verify',
    json: (f) => ({ requisition: f.requisitionId, token: 'guessed-secret' }),
  },
  'POST /rest/:site/requisition-links/decision': {
    scope: 'private',
    path: () => 'requisition-links/decision',
    json: (f) => ({ requisition: f.requisitionId, token: 'guessed-secret', statusCode: 'APPROVED' }),
  },
  // Recurring orders (ADR 0020): jlink's own; the company's list is for its admins (bbuyer lacks
  // APP_B2B_MANAGE_USERS), a user's for that user; a business user has none under privatecustomers.
  ...recurringOrderWalk('customers/:customerNo', () => `customers/${A}`),
  ...recurringOrderWalk('customers/:customerNo/users/:login', () => `customers/${A}/users/jlink`),
  ...recurringOrderWalk('privatecustomers/:customerNo', () => `privatecustomers/${A}`, false),
  'GET /rest/:site/customers/:customerNo/users/:login/costcenters': {
    scope: 'private',
    path: () => `customers/${A}/users/jlink/costcenters`,
    ownerSees: () => '"data"',
  },

  'POST /rest/:site/baskets': { scope: 'none', path: () => 'baskets' },
  // Each caller's own baskets: jlink's basket and its line are listed for jlink alone.
  'GET /rest/:site/baskets': {
    scope: 'none',
    path: () => 'baskets',
    ownerSees: (f) => f.basketId,
    secrets: (f) => [f.basketId, f.itemId],
  },
  'GET /rest/:site/baskets/:id': { scope: 'private', path: (f) => basket(f), ownerSees: (f) => f.itemId },
  'PATCH /rest/:site/baskets/:id': {
    scope: 'private',
    path: (f) => basket(f),
    json: () => ({ messageToMerchant: 'walked in' }),
  },
  'POST /rest/:site/baskets/:id/items': {
    scope: 'private',
    path: (f) => basket(f, '/items'),
    json: (f) => [{ product: f.sku, quantity: { value: 1 } }],
  },
  'PATCH /rest/:site/baskets/:id/items/:itemId': {
    scope: 'private',
    path: (f) => basket(f, `/items/${f.itemId}`),
    json: () => ({ quantity: { value: 3 } }),
  },
  'DELETE /rest/:site/baskets/:id/items/:itemId': {
    scope: 'private',
    path: (f) => basket(f, `/items/${f.itemId}`),
  },
  'POST /rest/:site/baskets/:id/promotioncodes': {
    scope: 'private',
    path: (f) => basket(f, '/promotioncodes'),
    json: () => ({ code: 'WELCOME10' }),
  },
  'DELETE /rest/:site/baskets/:id/promotioncodes/:code': {
    scope: 'private',
    path: (f) => basket(f, '/promotioncodes/WELCOME10'),
  },
  'POST /rest/:site/baskets/:id/merges': {
    scope: 'private',
    path: (f) => basket(f, '/merges'),
    json: (f) => ({ sourceBasket: f.basketId, sourceAuthenticationToken: 'not-a-token' }),
  },
  'POST /rest/:site/baskets/:id/addresses': {
    scope: 'private',
    path: (f) => basket(f, '/addresses'),
    json: () => guestAddress(),
  },
  'PATCH /rest/:site/baskets/:id/addresses/:addressId': {
    scope: 'private',
    path: (f) => basket(f, `/addresses/${f.ownAddressId}`),
    json: () => guestAddress(),
  },
  'GET /rest/:site/baskets/:id/eligible-addresses': {
    scope: 'private',
    path: (f) => basket(f, '/eligible-addresses'),
    ownerSees: (f) => f.ownAddressId,
  },
  'GET /rest/:site/baskets/:id/eligible-shipping-methods': {
    scope: 'private',
    path: (f) => basket(f, '/eligible-shipping-methods'),
    ownerSees: () => 'STD_GROUND',
  },
  'GET /rest/:site/baskets/:id/buckets/:bucketId/eligible-shipping-methods': {
    scope: 'private',
    path: (f) => basket(f, `/buckets/${f.basketId}/eligible-shipping-methods`),
    ownerSees: () => 'STD_GROUND',
  },
  'GET /rest/:site/baskets/:id/eligible-payment-methods': {
    scope: 'private',
    path: (f) => basket(f, '/eligible-payment-methods?include=paymentInstruments'),
    ownerSees: (f) => f.instrumentId,
  },
  'PUT /rest/:site/baskets/:id/payments/open-tender': {
    scope: 'private',
    path: (f) => basket(f, '/payments/open-tender'),
    json: () => ({ paymentInstrument: 'INVOICE' }),
  },
  'PATCH /rest/:site/baskets/:id/payments/open-tender': {
    scope: 'private',
    path: (f) => basket(f, '/payments/open-tender'),
    json: () => ({ redirect: redirectReturn }),
  },
  'DELETE /rest/:site/baskets/:id/payments/:paymentId': {
    scope: 'private',
    path: (f) => basket(f, `/payments/${f.paymentId}`),
  },
  'POST /rest/:site/baskets/:id/payment-instruments': {
    scope: 'private',
    path: (f) => basket(f, '/payment-instruments'),
    json: () => ({ paymentMethod: 'DIRECT_DEBIT', parameters: [{ name: 'IBAN', value: IBAN }] }),
  },
  'DELETE /rest/:site/baskets/:id/payment-instruments/:instrumentId': {
    scope: 'private',
    path: (f) => basket(f, `/payment-instruments/${f.instrumentId}`),
  },
  'PATCH /rest/:site/baskets/:id/payment-instruments/:instrumentId': {
    scope: 'private',
    path: (f) => basket(f, `/payment-instruments/${f.instrumentId}`),
    json: () => ({ parameters: [{ name: 'cvcLastUpdated', value: '2026-01-01T00:00:00Z' }] }),
  },
  'POST /rest/:site/baskets/:id/validations': {
    scope: 'private',
    path: (f) => basket(f, '/validations'),
    json: () => ({}),
  },

  'POST /rest/:site/orders': {
    scope: 'private',
    path: () => 'orders',
    json: (f) => ({ basket: f.basketId, termsAndConditionsAccepted: true }),
  },
  'GET /rest/:site/orders': {
    scope: 'none',
    path: () => 'orders?allBuyers=true',
    ownerSees: (f) => f.orderId,
    secrets: (f) => [`"${f.documentNumber}"`],
  },
  'GET /rest/:site/orders/:id': {
    scope: 'private',
    path: (f) => `orders/${f.orderId}`,
    ownerSees: (f) => f.documentNumber,
    secrets: (f) => [f.documentNumber],
  },
  'PATCH /rest/:site/orders/:id': {
    scope: 'private',
    path: (f) => `orders/${f.orderId}`,
    json: () => ({ orderCreation: { status: 'CONTINUE', redirect: redirectReturn } }),
    secrets: (f) => [f.documentNumber],
  },
  'POST /rest/:site/orders-csv': {
    scope: 'private',
    path: () => 'orders-csv',
    json: (f) => ({ ids: [f.orderId] }),
    secrets: (f) => [f.documentNumber],
  },

  'GET /rest/:site/:resource/:customer/addresses': {
    scope: 'customer',
    path: () => book(),
    ownerSees: (f) => f.ownAddressId,
  },
  'POST /rest/:site/:resource/:customer/addresses': {
    scope: 'customer',
    path: () => book(),
    json: () => address,
  },
  'GET /rest/:site/:resource/:customer/addresses/:id': {
    scope: 'private',
    path: (f) => book(`/${f.ownAddressId}`),
    ownerSees: () => 'Walkhausen',
  },
  'PUT /rest/:site/:resource/:customer/addresses/:id': {
    scope: 'private',
    path: (f) => book(`/${f.ownAddressId}`),
    json: () => ({ ...address, city: 'Overwritten' }),
  },
  'PUT /rest/:site/:resource/:customer/addresses/:id/shared': {
    scope: 'private',
    path: (f) => book(`/${f.ownAddressId}/shared`),
    json: () => ({ shared: true }),
  },
  'DELETE /rest/:site/:resource/:customer/addresses/:id': {
    scope: 'private',
    path: (f) => book(`/${f.ownAddressId}`),
  },
  'GET /rest/:site/:resource/:customer/payments': {
    scope: 'customer',
    path: () => payments(),
    ownerSees: (f) => f.instrumentId,
  },
  'POST /rest/:site/:resource/:customer/payments': {
    scope: 'customer',
    path: () => payments(),
    json: () => ({ name: 'DIRECT_DEBIT', parameters: [{ key: 'IBAN', property: IBAN }] }),
  },
  'GET /rest/:site/:resource/:customer/payments/:instrumentId': {
    scope: 'private',
    path: (f) => payments(`/${f.instrumentId}`),
    ownerSees: () => 'DE02 **** 2051',
  },
  'DELETE /rest/:site/:resource/:customer/payments/:instrumentId': {
    scope: 'private',
    path: (f) => payments(`/${f.instrumentId}`),
  },
  // Saved instruments are each user's own: a colleague's `customers/-` does not reach jlink's.
  'PUT /rest/:site/:resource/:customer/payments/:instrumentId': {
    scope: 'private',
    path: (f) => payments(`/${f.instrumentId}`),
    json: () => ({ name: 'DIRECT_DEBIT', parameters: [{ key: 'accountHolder', property: 'Walker' }] }),
  },
  'PUT /rest/:site/customers/-/payments/:instrumentId': {
    scope: 'private',
    path: (f) => `customers/-/payments/${f.instrumentId}`,
    json: () => ({ name: 'DIRECT_DEBIT', parameters: [{ key: 'accountHolder', property: 'Walker' }] }),
  },
  'GET /rest/:site/:resource/:customer/eligible-payment-methods': {
    scope: 'customer',
    path: () => `customers/${A}/eligible-payment-methods`,
    ownerSees: () => 'DIRECT_DEBIT',
  },

  // Wishlists: a user's own; another user of A has lists of his own and reaches none of jlink's.
  'GET /rest/:site/:resource/:customer/wishlists': {
    scope: 'customer',
    path: () => wishlists(),
    ownerSees: (f) => f.wishlistId,
  },
  'POST /rest/:site/:resource/:customer/wishlists': {
    scope: 'customer',
    path: () => wishlists(),
    json: () => ({ title: 'Walk list' }),
  },
  'GET /rest/:site/:resource/:customer/wishlists/:id': {
    scope: 'private',
    path: (f) => wishlists(`/${f.wishlistId}`),
    ownerSees: () => 'Walk wishes',
  },
  'PUT /rest/:site/:resource/:customer/wishlists/:id': {
    scope: 'private',
    path: (f) => wishlists(`/${f.wishlistId}`),
    json: () => ({ title: 'Overwritten', preferred: true }),
  },
  'DELETE /rest/:site/:resource/:customer/wishlists/:id': {
    scope: 'private',
    path: (f) => wishlists(`/${f.wishlistId}`),
  },
  'POST /rest/:site/:resource/:customer/wishlists/:id/products/:sku': {
    scope: 'private',
    path: (f) => wishlists(`/${f.wishlistId}/products/${f.sku}`),
    json: () => ({ quantity: 2 }),
  },
  'DELETE /rest/:site/:resource/:customer/wishlists/:id/products/:sku': {
    scope: 'private',
    path: (f) => wishlists(`/${f.wishlistId}/products/${f.sku}`),
  },
  'POST /rest/:site/:resource/:customer/wishlists/:id/share': {
    scope: 'private',
    path: (f) => wishlists(`/${f.wishlistId}/share`),
  },
  'DELETE /rest/:site/:resource/:customer/wishlists/:id/share': {
    scope: 'private',
    path: (f) => wishlists(`/${f.wishlistId}/share`),
  },
  // Order templates (ADR 0041): a business user's own; a colleague naming jlink in the path reaches none.
  'GET /rest/:site/customers/:customerNo/users/:login/wishlists': {
    scope: 'private',
    path: () => templates(),
    ownerSees: (f) => f.templateId,
  },
  'POST /rest/:site/customers/:customerNo/users/:login/wishlists': {
    scope: 'private',
    path: () => templates(),
    json: () => ({ title: 'Walk template' }),
  },
  'GET /rest/:site/customers/:customerNo/users/:login/wishlists/:id': {
    scope: 'private',
    path: (f) => templates(`/${f.templateId}`),
    ownerSees: () => 'Walk template of jlink',
  },
  'PUT /rest/:site/customers/:customerNo/users/:login/wishlists/:id': {
    scope: 'private',
    path: (f) => templates(`/${f.templateId}`),
    json: () => ({ title: 'Overwritten' }),
  },
  'DELETE /rest/:site/customers/:customerNo/users/:login/wishlists/:id': {
    scope: 'private',
    path: (f) => templates(`/${f.templateId}`),
  },
  'POST /rest/:site/customers/:customerNo/users/:login/wishlists/:id/products/:sku': {
    scope: 'private',
    path: (f) => templates(`/${f.templateId}/products/${f.sku}`),
    json: () => ({ quantity: 2 }),
  },
  'DELETE /rest/:site/customers/:customerNo/users/:login/wishlists/:id/products/:sku': {
    scope: 'private',
    path: (f) => templates(`/${f.templateId}/products/${f.sku}`),
  },
  // A shared wishlist's code is the credential: a made-up one reads nothing, whoever asks.
  'GET /rest/:site/wishlists/:id': {
    scope: 'none',
    path: (f) => `wishlists/${f.wishlistId};owner=x;secureCode=not-the-code`,
  },

  'GET /psp/pay/:session': { scope: 'none', path: () => '/psp/pay/00000000-0000-4000-8000-00000000a11c' },
  'POST /psp/pay/:session': {
    scope: 'none',
    path: () => '/psp/pay/00000000-0000-4000-8000-00000000a11c',
    form: { outcome: 'SUCCESS' },
  },
  'GET /INTERSHOP/static/WFS/:site/-/images/:style/:size/:file': {
    scope: 'none',
    path: (f) => `/INTERSHOP/static/WFS/${SITE}/-/images/0/160/${f.sku}.svg`,
  },
  'GET /INTERSHOP/static/WFS/:site/-/attachments/:key': {
    scope: 'none',
    path: () => `/INTERSHOP/static/WFS/${SITE}/-/attachments/Data_sheet.pdf`,
  },
  'GET /health': { scope: 'none', path: () => '/health' },
  // Registration (issue 33): public, but nothing without a solved captcha.
  'POST /rest/:site/privatecustomers': {
    scope: 'none',
    path: () => 'privatecustomers',
    json: () => ({ email: 'walk@example.test', credentials: { password: 'Walk2026x' }, address }),
  },
  'POST /rest/:site/customers': {
    scope: 'none',
    path: () => 'customers',
    json: () => ({ companyName: 'Walk AG', credentials: { password: 'Walk2026x' }, address }),
  },
  // The newsletter: jlink's own address is his alone (everybody else is refused, whether subscribed or not).
  'GET /rest/:site/subscriptions/:email': {
    scope: 'private',
    path: () => 'subscriptions/jlink@brightline.test',
  },
  'POST /rest/:site/subscriptions': {
    scope: 'private',
    path: () => 'subscriptions',
    json: () => ({
      name: 'Newsletter',
      type: 'Subscription',
      active: true,
      recipient: 'jlink@brightline.test',
    }),
  },
  'DELETE /rest/:site/subscriptions/:email': {
    scope: 'private',
    path: () => 'subscriptions/jlink@brightline.test',
  },
  // A password link's secret is the credential: a made-up one is refused, whoever asks.
  'POST /rest/:site/security/password': {
    scope: 'none',
    path: () => 'security/password',
    json: () => ({ userID: 'jlink', secureCode: 'not-a-secret', password: 'Walk2026x' }),
  },
  // A user's own account (issue 33): each caller only ever reaches their own user. The walk's e-mail address is
  // nobody's and comes without the current password, and its current password is wrong: nothing changes and no
  // mail is queued.
  'PUT /rest/:site/customers/-/users/-': {
    scope: 'none',
    path: () => 'customers/-/users/-',
    // jlink's instrument is not one another user can prefer.
    json: (f) => ({
      firstName: 'Walk',
      lastName: 'Er',
      email: 'walker@elsewhere.test',
      preferredPaymentInstrument: { id: f.instrumentId },
    }),
  },
  'PUT /rest/:site/privatecustomers/-': {
    scope: 'none',
    path: () => 'privatecustomers/-',
    // jlink's instrument is not one another user can prefer.
    json: (f) => ({
      firstName: 'Walk',
      lastName: 'Er',
      email: 'walker@elsewhere.test',
      preferredPaymentInstrument: { id: f.instrumentId },
    }),
  },
  'PUT /rest/:site/customers/-/users/-/credentials/password': {
    scope: 'none',
    path: () => 'customers/-/users/-/credentials/password',
    json: () => ({ password: 'Walked123', currentPassword: 'not-the-password' }),
  },
  'PUT /rest/:site/privatecustomers/-/credentials/password': {
    scope: 'none',
    path: () => 'privatecustomers/-/credentials/password',
    json: () => ({ password: 'Walked123', currentPassword: 'not-the-password' }),
  },

  // Passkeys (issue 35): each caller lists and starts registrations of their own only; the walk's passkey id
  // is nobody's (tests/commerce-api/passkeys.test.ts walks a real one of another user); the registration's
  // answer is no passkey at all, and a sign-in's options name no user.
  'GET /rest/:site/customers/-/users/-/passkeys': {
    scope: 'none',
    path: () => 'customers/-/users/-/passkeys',
  },
  'POST /rest/:site/customers/-/users/-/passkeys/registration-options': {
    scope: 'none',
    path: () => 'customers/-/users/-/passkeys/registration-options',
  },
  'POST /rest/:site/customers/-/users/-/passkeys': {
    scope: 'none',
    path: () => 'customers/-/users/-/passkeys',
    json: () => ({ challengeId: 'walk', name: 'Walk', response: {} }),
  },
  'PATCH /rest/:site/customers/-/users/-/passkeys/:passkeyId': {
    scope: 'none',
    path: () => 'customers/-/users/-/passkeys/walkWalkWalkWalkWalk0',
    json: () => ({ name: 'Walk' }),
  },
  'DELETE /rest/:site/customers/-/users/-/passkeys/:passkeyId': {
    scope: 'none',
    path: () => 'customers/-/users/-/passkeys/walkWalkWalkWalkWalk0',
  },
  'POST /rest/:site/passkeys/authentication-options': {
    scope: 'none',
    path: () => 'passkeys/authentication-options',
  },

  // Public, and without a solved captcha refused (401) before any name is looked at: no mail to jlink.
  'POST /rest/:site/security/reminder': {
    scope: 'none',
    path: () => 'security/reminder',
    json: () => ({ email: 'jlink@brightline.test' }),
  },
  // The contact form (issue 36): public; the walk's subject is none of the shop's, so nothing is sent.
  'GET /rest/:site/contact': { scope: 'none', path: () => 'contact' },
  'POST /rest/:site/contact': {
    scope: 'none',
    path: () => 'contact',
    json: () => ({
      name: 'Walk',
      email: 'walk@example.test',
      phone: '+49 30 0000 000',
      subject: 'walk',
      comment: 'Walked',
    }),
  },
  // A business customer's contact person: its users' only (the shop's person, no data of A's).
  'GET /rest/:site/contactpersons': { scope: 'none', path: () => 'contactpersons' },
  'GET /rest/:site/contactpersons/:id': { scope: 'none', path: () => 'contactpersons/CP-1001' },
  'GET /INTERSHOP/static/WFS/:site/-/contactpersons/:file': {
    scope: 'none',
    path: () => `/INTERSHOP/static/WFS/${SITE}/-/contactpersons/CP-1001.svg`,
  },
  // The local mailbox of the embedded default (no SMTP_URL): no mail to A's users is queued by the walk.
  'GET /mailbox': { scope: 'none', path: () => '/mailbox' },
  'GET /mailbox.json': { scope: 'none', path: () => '/mailbox.json?limit=5' },
  'GET /mailbox/:id': { scope: 'none', path: () => '/mailbox/00000000-0000-4000-8000-00000000a11c' },
  // CORS preflights of any path (none is allowed in this API: no ICM_CORS_ORIGINS).
  'OPTIONS *': { scope: 'none', path: () => 'baskets/current' },
  // Personal data requests (issue 33): each caller asks for and lists their own; a copy is its owner's alone,
  // and a confirmation is only as good as the link's secret.
  'POST /rest/:site/gdpr-requests': {
    scope: 'none',
    path: () => 'gdpr-requests',
    json: () => ({ type: 'copy' }),
  },
  'GET /rest/:site/gdpr-requests': { scope: 'none', path: () => 'gdpr-requests' },
  'GET /rest/:site/gdpr-requests/:id/copy': {
    scope: 'private',
    path: () => 'gdpr-requests/00000000-0000-4000-8000-00000000c0b1/copy',
  },
  'PUT /rest/:site/gdpr-requests/:id/confirmations': {
    scope: 'none',
    path: () => 'gdpr-requests/00000000-0000-4000-8000-00000000c0b1/confirmations',
    json: () => ({ hash: 'not-a-secret' }),
  },

  // Punchout (issue 34): A's punchout kinds, users and configuration for A's administrators only; a cXML
  // session for the punchout user it was opened for only (the walk's id is nobody's).
  'GET /rest/:site/customers/:customerNo/punchouts': {
    scope: 'private',
    path: () => `customers/${A}/punchouts`,
    ownerSees: () => 'oci5',
  },
  'GET /rest/:site/customers/:customerNo/punchouts/:type': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/oci5`,
    ownerSees: () => 'availableFormatters',
  },
  'GET /rest/:site/customers/:customerNo/punchouts/:type/users': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/users`,
    ownerSees: () => 'brightline-cxml',
    secrets: () => ['brightline-cxml', 'cxml@brightline.test'],
  },
  'POST /rest/:site/customers/:customerNo/punchouts/:type/users': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/oci5/users`,
    json: () => ({ login: 'walk-punchout', password: 'Walk2026x', active: true }),
  },
  'GET /rest/:site/customers/:customerNo/punchouts/:type/users/:login': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/users/brightline-cxml`,
    ownerSees: () => 'cxml@brightline.test',
    secrets: () => ['cxml@brightline.test'],
  },
  'PUT /rest/:site/customers/:customerNo/punchouts/:type/users/:login': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/users/brightline-cxml`,
    json: () => ({ password: 'Walked2026x', active: false }),
  },
  'DELETE /rest/:site/customers/:customerNo/punchouts/:type/users/:login': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/users/brightline-cxml`,
  },
  'GET /rest/:site/customers/:customerNo/punchouts/cxml1.2/users/:userId/configurations': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/users/brightline-cxml/configurations`,
    ownerSees: () => 'supplierIdentity',
  },
  'PATCH /rest/:site/customers/:customerNo/punchouts/cxml1.2/users/:userId/configurations': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/users/brightline-cxml/configurations`,
    json: () => [{ name: 'supplierDomain', value: 'DUNS' }],
  },
  'GET /rest/:site/customers/:customerNo/punchouts/oci5/configurations': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/oci5/configurations`,
    ownerSees: () => 'NEW_ITEM-VENDOR',
  },
  'PUT /rest/:site/customers/:customerNo/punchouts/oci5/configurations': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/oci5/configurations`,
    json: () => ({ items: [{ field: 'NEW_ITEM-VENDOR', transform: 'WALKED', formatter: '' }] }),
  },
  'GET /rest/:site/customers/:customerNo/punchouts/cxml1.2/sessions/:sid': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/sessions/walk-session-id`,
  },
  // The transfers: the punchout user of the session or basket, with the permission of the format (jlink has
  // none of them); a cXML document posted server to server: only the Sender's credential opens it, and the
  // walk's callers do not know A's punchout secrets.
  'POST /rest/:site/customers/:customerNo/punchouts/cxml1.2/transfer': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/transfer?sid=walk-session-id`,
  },
  'POST /rest/:site/customers/:customerNo/punchouts/oci5/transfer': {
    scope: 'private',
    path: (f) => `customers/${A}/punchouts/oci5/transfer?basketId=${f.basketId}`,
  },
  'POST /rest/:site/customers/:customerNo/punchouts/ids/transfer': {
    scope: 'private',
    path: (f) => `customers/${A}/punchouts/ids/transfer?basketId=${f.basketId}`,
  },
  'GET /rest/:site/customers/:customerNo/punchouts/oci5/validate': {
    scope: 'private',
    path: (f) => `customers/${A}/punchouts/oci5/validate?productId=${f.sku}&quantity=2`,
  },
  'GET /rest/:site/customers/:customerNo/punchouts/oci5/background-search': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/oci5/background-search?searchString=a`,
  },
  'POST /rest/:site/customers/:customerNo/punchouts/cxml1.2/setuprequest': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/setuprequest`,
    xml: cxmlWalkDocument('PunchOutSetupRequest'),
  },
  'POST /rest/:site/customers/:customerNo/punchouts/cxml1.2/orderrequest': {
    scope: 'private',
    path: () => `customers/${A}/punchouts/cxml1.2/orderrequest`,
    xml: cxmlWalkDocument('OrderRequest'),
  },

  // The sales desk (issue 35): its own sign-in; a shop user's token or credentials open nothing of A there.
  'GET /sales-desk': { scope: 'none', path: () => '/sales-desk' },
  'POST /sales-desk/login': {
    scope: 'none',
    path: () => '/sales-desk/login',
    form: { login: 'jlink', password: 'not-the-password' },
  },
  'POST /sales-desk/logout': { scope: 'none', path: () => '/sales-desk/logout', form: {} },
  'POST /sales-desk/cobrowse': {
    scope: 'private',
    path: () => '/sales-desk/cobrowse',
    form: { user: 'jlink', csrf: 'guessed' },
  },

  'PUT /rest/:site/token/logout': { scope: 'none', path: () => 'token/logout' },
}

/** The walk's routes in order, each GET followed by its HEAD. */
const WALKED = Object.keys(WALK).flatMap((key) =>
  key.startsWith('GET ') ? [key, `HEAD ${key.slice(4)}`] : [key],
)
const LAST = 'PUT /rest/:site/token/logout'

type Caller = 'foreign' | 'colleague' | 'anonymous' | 'none'
const CALLERS: Caller[] = ['foreign', 'colleague', 'anonymous', 'none']

let api: Api
let origin: string
let f: Fixtures
const tokens: Partial<Record<Caller | 'owner', string>> = {}
/** jlink's own data: no other user of A may see it. */
let privateMarkers: string[]
/** What A's company shares with its users (and only them). */
let companyMarkers: string[]
let rules: Map<string, AccessRule>

beforeAll(async () => {
  api = await startApi({ products: 120, protection: { limits: NO_LIMITS } })
  origin = new URL(api.url('')).origin
  rules = new Map(routeAccessOf(api.app).map((r) => [`${r.method} ${r.url}`, r.access]))
  tokens.owner = await userToken(api, 'jlink')
  tokens.foreign = await userToken(api, 'mkestrel')
  tokens.colleague = await userToken(api, 'bbuyer')
  tokens.anonymous = await anonymousToken(api)
  const owner = tokens.owner
  const [sku] = await sellableSkus(api, 1)
  const headOffice = `urn:address:customer:${A}:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`

  // An order of jlink's: invoice to the head office, standard delivery, paid by invoice.
  const ordered = await basketFor(api, owner, [{ sku: sku!, quantity: 1 }], EUR)
  for (const json of [
    { invoiceToAddress: headOffice, commonShipToAddress: headOffice },
    { commonShippingMethod: 'STD_GROUND' },
  ])
    expect((await call(ordered.url(), { method: 'PATCH', token: owner, json })).status).toBe(200)
  const tender = { method: 'PUT', token: owner, json: { paymentInstrument: 'INVOICE' } }
  expect((await call(ordered.url('/payments/open-tender'), tender)).status).toBe(200)
  const order = await call(api.url('orders', EUR), {
    method: 'POST',
    token: owner,
    json: { basket: ordered.id, termsAndConditionsAccepted: true },
  })
  expect(order.status).toBe(201)

  // A requisition of his: his order limit lowered below the basket for the submit, and lifted again.
  const db = api.database.db
  const wanted = await basketFor(api, owner, [{ sku: sku!, quantity: 1 }], EUR)
  for (const json of [
    { invoiceToAddress: headOffice, commonShipToAddress: headOffice },
    { commonShippingMethod: 'STD_GROUND' },
  ])
    expect((await call(wanted.url(), { method: 'PATCH', token: owner, json })).status).toBe(200)
  expect((await call(wanted.url('/payments/open-tender'), tender)).status).toBe(200)
  const limit = (orderSpentLimit: number | null) =>
    db.update(users).set({ orderSpentLimit, budgetCurrency: 'EUR' }).where(eq(users.login, 'jlink'))
  await limit(1)
  const requisition = await call(api.url('orders', EUR), {
    method: 'POST',
    token: owner,
    json: { basket: wanted.id, termsAndConditionsAccepted: true },
  })
  await limit(null)
  expect(requisition.status).toBe(201)
  // The requisition's mails to A's users are not the local mailbox's to show in this walk (see GET /mailbox).
  await db.delete(mailOutbox)

  // A recurring order of his: monthly from next month on, paid by invoice.
  const repeated = await basketFor(api, owner, [{ sku: sku!, quantity: 1 }], EUR)
  const nextMonth = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10)
  for (const json of [
    { invoiceToAddress: headOffice, commonShipToAddress: headOffice },
    { commonShippingMethod: 'STD_GROUND' },
    { recurrence: { interval: 'P1M', startDate: nextMonth } },
  ])
    expect((await call(repeated.url(), { method: 'PATCH', token: owner, json })).status).toBe(200)
  expect((await call(repeated.url('/payments/open-tender'), tender)).status).toBe(200)
  const recurring = await call(api.url('orders', EUR), {
    method: 'POST',
    token: owner,
    json: { basket: repeated.id, termsAndConditionsAccepted: true },
  })
  expect(recurring.status).toBe(201)

  // His open basket: one line, shipped to the head office, an invoice payment.
  const open = await basketFor(api, owner, [{ sku: sku!, quantity: 1 }], EUR)
  const shipTo = { method: 'PATCH', token: owner, json: { commonShipToAddress: headOffice } }
  expect((await call(open.url(), shipTo)).status).toBe(200)
  expect((await call(open.url('/payments/open-tender'), tender)).status).toBe(200)
  const openData = (await open.get()).data

  // An address of his own, which other buyers of A do not see.
  const own = await call(api.url('customers/-/addresses'), { method: 'POST', token: owner, json: address })
  expect(own.status).toBe(201)

  // A wishlist of his, with a product, shared.
  const list = await call(api.url(`customers/-/wishlists`), {
    method: 'POST',
    token: owner,
    json: { title: 'Walk wishes' },
  })
  expect(list.status).toBe(201)
  const wished = { method: 'POST', token: owner, json: { quantity: 1 } }
  expect((await call(api.url(`customers/-/wishlists/${list.json.id}/products/${sku}`), wished)).status).toBe(
    200,
  )
  const share = await call(api.url(`customers/-/wishlists/${list.json.id}/share`), {
    method: 'POST',
    token: owner,
  })
  expect(share.status).toBe(200)

  // An order template of his, with a product.
  const template = await call(api.url(`customers/-/users/-/wishlists`), {
    method: 'POST',
    token: owner,
    json: { title: 'Walk template of jlink' },
  })
  expect(template.status).toBe(201)
  const templated = await call(api.url(`customers/-/users/-/wishlists/${template.json.id}/products/${sku}`), {
    method: 'POST',
    token: owner,
    json: { quantity: 1 },
  })
  expect(templated.status).toBe(200)
  // A quote request of his, submitted, and the shop's quote answering it.
  const quoting = (rest: string) => api.url(`customers/-/users/-/${rest}`, EUR)
  const quoteRequest = await call(quoting('quoterequests'), { method: 'POST', token: owner })
  expect(quoteRequest.status).toBe(201)
  const quoteItem = await call(quoting(`quoterequests/${quoteRequest.json.title}/items`), {
    method: 'POST',
    token: owner,
    json: { productSKU: sku, quantity: { value: 3 } },
  })
  expect(quoteItem.status).toBe(201)
  const submitted = { method: 'POST', token: owner, json: { quoteRequestID: quoteRequest.json.title } }
  expect((await call(quoting('quotes'), submitted)).status).toBe(201)
  const answered = await respondToQuoteRequest(db, quoteRequest.json.title, {
    lines: [{ itemId: quoteItem.json.title, singleNet: 1234 }],
    validFrom: new Date(),
    validTo: new Date(Date.now() + 7 * 86_400_000),
    respondedBy: 'operator',
  })
  await db.delete(mailOutbox)

  const [top] = await db
    .select()
    .from(categories)
    .where(eq(categories.level, 0))
    .orderBy(asc(categories.position))
  const [promotion] = await db.select({ id: promotions.id }).from(promotions).orderBy(asc(promotions.id))
  const [include] = await db.select({ id: cmsIncludes.id }).from(cmsIncludes).orderBy(asc(cmsIncludes.id))
  const [page] = await db.select({ id: cmsPages.id }).from(cmsPages).orderBy(asc(cmsPages.id))
  f = {
    sku: sku!,
    basketId: open.id,
    itemId: openData.lineItems[0],
    paymentId: openData.payments[0],
    orderId: order.json.data.id,
    documentNumber: order.json.data.documentNumber,
    requisitionId: requisition.json.data.id,
    requisitionNo: requisition.json.data.requisitionNo,
    recurringOrderId: recurring.json.data.recurringOrderID,
    recurringOrderNo: recurring.json.data.documentNumber,
    ownAddressId: own.json.itemId,
    wishlistId: list.json.id,
    templateId: template.json.id,
    quoteRequestId: quoteRequest.json.title,
    quoteRequestItemId: quoteItem.json.title,
    quoteId: answered.quote.id,
    instrumentId: demoInstruments.find((i) => i.login === 'jlink')!.id,
    category: top!.segment,
    promotionId: promotion!.id,
    includeId: include!.id,
    pageId: page!.id,
  }
  privateMarkers = [
    f.basketId,
    f.itemId,
    f.paymentId,
    f.orderId,
    f.requisitionId,
    f.recurringOrderId,
    f.ownAddressId,
    f.instrumentId,
    f.wishlistId,
    f.templateId,
    'Walk template of jlink',
    f.quoteRequestId,
    f.quoteRequestItemId,
    f.quoteId,
    share.json.secureCode,
    'Walk wishes',
    ordered.id,
    'Walkhausen',
    'Walk test drop',
    'DE02 **** 2051',
  ]
  companyMarkers = [
    A,
    DEMO_ADDRESS_IDS.brightlineHeadOffice,
    DEMO_ADDRESS_IDS.brightlineSite,
    'jlink@brightline.test',
    'Leopoldstraße 50',
    'Brightline Construction',
  ]
})
afterAll(async () => {
  await api?.close()
})

async function send(walked: string, token: string | undefined) {
  const [method, url] = walked.split(' ') as [string, string]
  const plan = WALK[walked] ?? WALK[`GET ${url}`]!
  const path = plan.path(f)
  const target = path.startsWith('/') ? `${origin}${path}` : api.url(path, EUR)
  const json = plan.json?.(f)
  const body = plan.form ? new URLSearchParams(plan.form).toString() : plan.xml
  const headers = plan.form
    ? { 'content-type': 'application/x-www-form-urlencoded' }
    : plan.xml
      ? { 'content-type': 'text/xml' }
      : undefined
  const response = await call(target, { method, token, json, body, headers })
  const text = typeof response.json === 'string' ? response.json : JSON.stringify(response.json ?? '')
  return {
    ...response,
    /** What the caller got to see: the body and the headers that can carry data. */
    seen: `${text} ${response.headers.get('location') ?? ''}`,
    sent: `${target} ${JSON.stringify(json ?? '')} ${body ?? ''}`,
    plan,
  }
}

async function walk(walked: string) {
  for (const caller of CALLERS) {
    const label = `${walked} as ${caller}`
    const response = await send(walked, caller === 'none' ? undefined : tokens[caller])
    expect(response.status, label).toBeLessThan(500)
    const { scope } = response.plan
    if (scope === 'private' || (scope === 'customer' && caller !== 'colleague'))
      expect([401, 403, 404], `${label} answered ${response.status}`).toContain(response.status)
    const rule = rules.get(walked)
    if (caller === 'none' && rule !== 'public') expect(response.status, label).toBe(401)
    if (caller === 'anonymous' && rule !== 'public' && rule !== 'token')
      expect(response.status, label).toBe(401)
    const markers = [
      ...privateMarkers,
      ...(caller === 'colleague' ? [] : companyMarkers),
      ...(response.plan.secrets?.(f) ?? []),
    ]
    for (const marker of markers.filter((m) => !response.sent.includes(m)))
      expect(response.seen, `${label} shows ${marker}`).not.toContain(marker)
  }
  const ownerSees = (WALK[walked] ?? undefined)?.ownerSees
  if (ownerSees && walked.startsWith('GET ')) {
    const own = await send(walked, tokens.owner)
    expect(own.status, `${walked} as jlink`).toBe(200)
    expect(own.seen, `${walked} as jlink`).toContain(ownerSees(f))
  }
}

describe('the authorization walk', () => {
  it('knows how to call every route the server registers, and each has its access rule', () => {
    const registered = routeAccessOf(api.app).map((r) => `${r.method} ${r.url}`)
    expect(registered.length).toBeGreaterThan(60)
    expect(
      registered.filter((route) => !WALKED.includes(route)),
      'routes the walk does not know how to call: add them to WALK',
    ).toEqual([])
    expect(
      WALKED.filter((route) => !registered.includes(route)),
      'routes in WALK the server does not register',
    ).toEqual([])
    expect(registered.filter((route) => !rules.has(route))).toEqual([])
  })

  for (const walked of WALKED.filter((route) => route !== LAST)) it(walked, () => walk(walked))

  it('leaves A’s data as it was', async () => {
    const owner = tokens.owner
    const open = await call(api.url(`baskets/${f.basketId}?include=lineItems`, EUR), { token: owner })
    expect(open.status).toBe(200)
    expect(open.json.data).toMatchObject({ lineItems: [f.itemId], payments: [f.paymentId] })
    expect(open.json.data.messageToMerchant).toBeUndefined()
    expect(open.json.data.promotionCodes ?? []).toEqual([])
    expect(open.json.included.lineItems[f.itemId].quantity.value).toBe(1)
    const own = await call(api.url(book(`/${f.ownAddressId}`)), { token: owner })
    expect(own.status).toBe(200)
    expect(own.json.city).toBe('Walkhausen')
    const order = await call(api.url(`orders/${f.orderId}`), { token: owner })
    expect(order.json.data).toMatchObject({ documentNumber: f.documentNumber, statusCode: 'NEW' })
    const requisition = await call(api.url(`customers/-/users/-/requisitions/${f.requisitionId}`), {
      token: owner,
    })
    expect(requisition.json.data.approvalStatus.statusCode).toBe('PENDING')
    const recurring = await call(api.url(`customers/-/users/-/recurringorders/${f.recurringOrderId}`), {
      token: owner,
    })
    expect(recurring.json.data).toMatchObject({ number: f.recurringOrderNo, active: true, expired: false })
    const saved = await call(api.url(payments()), { token: owner })
    expect(saved.json.elements.map((e: any) => e.itemId)).toContain(f.instrumentId)
  })

  it('kept every caller’s token valid until the logout', async () => {
    for (const caller of ['foreign', 'colleague'] as const)
      expect((await call(api.url('customers/-'), { token: tokens[caller] })).status, caller).toBe(200)
    expect((await call(api.url('baskets'), { method: 'POST', token: tokens.anonymous })).status).toBe(201)
  })

  it(LAST, () => walk(LAST))
})

/**
 * Every decision route once the decider's authority is gone (issue 31, ADR 0028): aapprover was an approver
 * of jlink's requisition when it was submitted, and holds a decision link for it. With the approver role
 * removed, or the account deactivated, none of the routes decides, and the requisition stays pending.
 */
describe('decision routes after the decider lost their authority', () => {
  const manager = () => ({ customerNo: A, userId: ids.jlink! })
  let ids: Record<string, string> = {}
  let seededRoles: string[] = []
  let link = ''

  beforeAll(async () => {
    const db = api.database.db
    const rows = await db.select({ id: users.id, login: users.login, roles: users.roles }).from(users)
    ids = Object.fromEntries(rows.map((row) => [row.login, row.id]))
    seededRoles = rows.find((row) => row.login === 'aapprover')!.roles
  })

  /** aapprover as submission left them: the role back, active, a fresh token and a link of their own. */
  async function asSubmitted() {
    const db = api.database.db
    await setCompanyUserRoles(db, manager(), 'aapprover', seededRoles, 'en_US')
    await db.update(users).set({ active: true }).where(eq(users.id, ids.aapprover!))
    await refreshPendingApprovers(db, A)
    link = (await issueRequisitionLinks(db, f.requisitionId, [ids.aapprover!])).get(ids.aapprover!)!
    return userToken(api, 'aapprover')
  }
  const removeRole = () =>
    setCompanyUserRoles(api.database.db, manager(), 'aapprover', ['APP_B2B_BUYER'], 'en_US')
  async function deactivate() {
    const [user] = await api.database.db.select().from(users).where(eq(users.id, ids.aapprover!))
    await updateCompanyUser(api.database.db, manager(), 'aapprover', {
      firstName: user!.firstName,
      lastName: user!.lastName,
      email: user!.email,
      active: false,
    })
  }
  const stillPending = async () => {
    const own = await call(api.url(`customers/-/users/-/requisitions/${f.requisitionId}`), {
      token: await userToken(api, 'jlink'),
    })
    expect(own.json.data.approvalStatus.statusCode).toBe('PENDING')
  }
  const routes = {
    'PATCH /rest/:site/customers/:customerNo/users/:login/requisitions/:id': (token: string) =>
      call(api.url(`customers/-/users/-/requisitions/${f.requisitionId}`, EUR), {
        method: 'PATCH',
        token,
        json: { type: 'ApprovalStatusChange', statusCode: 'APPROVED' },
      }),
    'POST /rest/:site/requisition-links/verify': () =>
      call(api.url('requisition-links/verify', EUR), {
        method: 'POST',
        json: { requisition: f.requisitionId, token: link },
      }),
    'POST /rest/:site/requisition-links/decision': () =>
      call(api.url('requisition-links/decision', EUR), {
        method: 'POST',
        json: { requisition: f.requisitionId, token: link, statusCode: 'APPROVED' },
      }),
  }
  const variants = { 'role removed after submission': removeRole, 'user deactivated': deactivate }

  for (const [route, callRoute] of Object.entries(routes))
    for (const [variant, change] of Object.entries(variants))
      it(`${route}: ${variant}`, async () => {
        const token = await asSubmitted()
        // Before the change the link is good and the approver sees the requisition.
        expect((await routes['POST /rest/:site/requisition-links/verify']()).status).toBe(200)
        await change()
        const answer = await callRoute(token)
        expect([401, 403, 404], `${route} (${variant}) answered ${answer.status}`).toContain(answer.status)
        if (route.includes('requisition-links'))
          expect(answer.headers.get('error-key')).toBe('requisition.link.invalid.error')
        await stillPending()
        await asSubmitted()
      })
})

describe('access rules at registration', () => {
  const server = () => {
    const app = Fastify()
    installAuthorization(app, api.database.db)
    return { app }
  }
  const handler = async () => ({})

  it('stop the server when a route has none, or two', () => {
    const { app } = server()
    expect(() => app.get('/rest/:site/widgets', handler)).toThrow(
      /GET \/rest\/:site\/widgets has no access rule/,
    )
    expect(() => app.get('/health', { config: { access: 'public' } }, handler)).toThrow(/twice/)
    app.get('/rest/:site/widgets', { config: { access: 'user' } }, handler)
    expect(routeAccessOf(app)).toContainEqual({ method: 'GET', url: '/rest/:site/widgets', access: 'user' })
  })

  it('refuse a customer rule whose path names no customer, or no user for a rule about the user', () => {
    const { app } = server()
    expect(() => app.get('/rest/:site/widgets', { config: { access: { customer: true } } }, handler)).toThrow(
      /:customerNo/,
    )
    expect(() =>
      app.get(
        '/rest/:site/customers/:customerNo/widgets',
        { config: { access: { customer: true, permission: 'APP_B2B_MANAGE_USERS', self: true } } },
        handler,
      ),
    ).toThrow(/:login/)
  })

  it('hold for a route added to the built server after the API’s own ones, as a test’s probe route', () => {
    const app = buildServer({ db: api.database.db, site: SITE })
    const before = routeAccessOf(app).length
    expect(() => app.get('/probe', handler)).toThrow(/GET \/probe has no access rule/)
    app.get('/probe', { config: { access: 'public' } }, handler)
    expect(routeAccessOf(app).slice(before)).toEqual([
      { method: 'GET', url: '/probe', access: 'public' },
      { method: 'HEAD', url: '/probe', access: 'public' },
    ])
  })
})
