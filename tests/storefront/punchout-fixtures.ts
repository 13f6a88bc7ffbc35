/**
 * ICM's answers for the punchout tests (issue 34) that the real commerce API cannot give (see each test file's
 * head), in ICM's shapes (fixture-check holds them to the API's wire schemas), and a recorder of the calls the
 * storefront makes.
 */
import { http, HttpResponse } from 'msw'
import type { SessionUser } from '~/services/session.server'
import { get, icm, icmError, icmPath, money, priceItem } from './icm-mock'

export const CUSTOMER = 'OilCorp'
export const PUNCHOUTS = `customers/${CUSTOMER}/punchouts`

export type Call = {
  method: string
  path: string
  query: URLSearchParams
  token: string | null
  body: string
  /** When the call was made (epoch ms). */
  at: number
}

/** Every ICM call from here on, with its method, path below the site, query, token and body. */
export function recordCalls(): Call[] {
  const calls: Call[] = []
  icm.events.removeAllListeners('request:start')
  icm.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url)
    const at = Date.now()
    calls.push({
      at,
      method: request.method,
      path: url.pathname.replace(/^.*?\/-(?:;[^/]*)?\//, '').replace(/;[^/]*/g, ''),
      query: url.searchParams,
      token: request.headers.get('authentication-token'),
      body: request.method === 'GET' ? '' : await request.clone().text(),
    })
  })
  return calls
}

const tokenAnswer = (accessToken: string) => ({
  access_token: accessToken,
  token_type: 'bearer',
  expires_in: 3600,
  refresh_token: `refresh-of-${accessToken}`,
})

export type PunchoutPerson = {
  login: string
  password: string
  roles: string[]
  permissions: string[]
  customerNo?: string
}

export const OCI_USER: PunchoutPerson = {
  login: 'oilcorp-oci',
  password: 'Oci!2026',
  roles: ['APP_B2B_OCI_USER'],
  permissions: ['APP_B2B_SEND_OCI_BASKET', 'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER'],
}
export const CXML_USER: PunchoutPerson = {
  login: 'oilcorp-cxml',
  password: 'unused',
  roles: ['APP_B2B_CXML_USER'],
  permissions: ['APP_B2B_SEND_CXML_BASKET', 'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER'],
}
export const BUYER: PunchoutPerson = {
  login: 'bbuyer',
  password: 'Buyer!2026',
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}

/** The session user of a person, as a login leaves it. */
export const sessionUserOf = (person: PunchoutPerson): SessionUser => ({
  login: person.login,
  firstName: 'Otto',
  lastName: 'Punchout',
  customerNo: person.customerNo ?? CUSTOMER,
  customerType: 'SMBCustomer',
  roles: person.roles,
  permissions: person.permissions,
})

/**
 * ICM's token endpoint and the reads after a login: a password grant for the person's login and password, a
 * refresh grant for `accessToken` (the cXML start link's token); anything else is refused as ICM does.
 */
export function loginHandlers(person: PunchoutPerson, accessToken = 'start-token') {
  const customerNo = person.customerNo ?? CUSTOMER
  return [
    http.post(icmPath('token'), async ({ request }) => {
      const form = new URLSearchParams(await request.text())
      const grant = form.get('grant_type')
      const ok =
        (grant === 'password' &&
          form.get('username') === person.login &&
          form.get('password') === person.password) ||
        (grant === 'refresh_token' && form.get('refresh_token') === accessToken)
      return ok ? HttpResponse.json(tokenAnswer('session-token')) : icmError(401, 'invalid_grant')
    }),
    http.put(icmPath('token/logout'), () => new HttpResponse(null, { status: 204 })),
    get('customers/-', {
      customerNo,
      type: 'SMBCustomer',
      customerType: 'SMBCustomer',
      companyName: 'Oil Corp',
    }),
    get('personalization', { pgid: `pg-${customerNo}` }),
    get('customers/-/users/-', {
      login: person.login,
      email: `${person.login}@oilcorp.test`,
      firstName: 'Otto',
      lastName: 'Punchout',
    }),
    get(`customers/${customerNo}/users/${person.login}/roles`, {
      userRoles: person.roles.map((roleID, index) => ({
        roleID,
        roleDisplayName: roleID,
        permissions: (index === 0 ? person.permissions : []).map((permissionID) => ({ permissionID })),
      })),
    }),
  ]
}

/** An empty basket's `data` as ICM sends it. */
export function basketAnswer(id: string) {
  return {
    data: {
      id,
      calculated: true,
      purchaseCurrency: 'USD',
      lineItems: [],
      totalProductQuantity: 0,
      totals: {
        itemTotal: priceItem(0, 0),
        grandTotal: { ...priceItem(0, 0), tax: money(0) },
      },
    },
    included: { lineItems: {} },
    infos: [],
  }
}
