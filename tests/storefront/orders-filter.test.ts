/**
 * The order list's filters (issue 17): order managers and account owners choose the buyer (all buyers, or one
 * of the company's ordering users) and the status; the choice reaches ICM as `allBuyers=true`, `buyer=<login>`
 * and `statusCode`, and a list of all buyers names each order's buyer. A plain buyer has no filter and only
 * ever asks for their own orders. The order's cost center shows on the order detail, named when the user's
 * cost centers name it.
 */
import { describe, expect, it } from 'vitest'
import { loader as listLoader } from '~/routes/$lang._shop.account.orders._index'
import { get, icm, icmError } from './icm-mock'
import { answer, args, signedInCookie } from './loader-args'
import { orderEnvelope, orderListEnvelope } from './order-fixtures'
import type { SessionUser } from '~/services/session.server'
import './setup'

const user = (login: string, roles: string[], permissions: string[]) => ({
  login,
  firstName: login,
  customerNo: 'BC-200001',
  customerType: 'SMBCustomer' as const,
  roles,
  permissions,
})

const BUYER = user('bbuyer', ['APP_B2B_BUYER'], ['APP_B2B_PURCHASE'])
const ORDER_MANAGER = user(
  'omanager',
  ['APP_B2B_BUYER', 'APP_B2B_MANAGE_ORDERS'],
  ['APP_B2B_PURCHASE', 'APP_B2B_MANAGE_ORDERS'],
)
const ACCOUNT_OWNER = user(
  'jlink',
  ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
  ['APP_B2B_PURCHASE', 'APP_B2B_MANAGE_USERS', 'APP_B2B_MANAGE_ORDERS'],
)

const cookieOf = (sessionUser: SessionUser) => signedInCookie(sessionUser, { type: 'user' })

const buyerOf = (login: string, firstName: string, lastName: string) => ({
  accountID: login,
  customerNo: 'BC-200001',
  firstName,
  lastName,
})

/** `GET orders`: two orders of two buyers; records each call's query. */
function ordersHandler() {
  const queries: Record<string, string>[] = []
  icm.use(
    get('orders', (request) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      delete query.include
      queries.push(query)
      return orderListEnvelope(
        [
          orderEnvelope('o-2', {
            documentNumber: '10000002',
            data: { buyer: buyerOf('bbuyer', 'Bernhard', 'Boldner') },
          }),
          orderEnvelope('o-1', {
            documentNumber: '10000001',
            data: { buyer: buyerOf('jlink', 'Julia', 'Link') },
          }),
        ],
        { limit: 30, offset: 0, total: 2 },
      )
    }),
  )
  return queries
}

const link = (login: string, firstName: string, lastName: string, roles: string[]) => ({
  type: 'Link',
  uri: `ironbridge-Site/-/customers/BC-200001/users/${login}`,
  title: `${firstName} ${lastName}`,
  itemId: login,
  login,
  attributes: [
    { name: 'firstName', type: 'String', value: firstName },
    { name: 'lastName', type: 'String', value: lastName },
    { name: 'roleIDs', type: 'MultipleString', value: roles },
    { name: 'active', type: 'Boolean', value: true },
  ],
})

/** `GET customers/BC-200001/users`: buyers, the owner, and punchout users who never order. */
const companyUsers = () =>
  get('customers/BC-200001/users', {
    type: 'ResourceCollection',
    name: 'users',
    elements: [
      link('jlink', 'Julia', 'Link', ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER']),
      link('bbuyer', 'Bernhard', 'Boldner', ['APP_B2B_BUYER']),
      link('brightline-oci', 'Otto', 'Punchout', ['APP_B2B_OCI_USER']),
      link('brightline-cxml', 'Carla', 'Punchout', ['APP_B2B_CXML_USER']),
      link('omanager', 'Oliver', 'Manager', ['APP_B2B_BUYER', 'APP_B2B_MANAGE_ORDERS']),
    ],
    amount: 5,
    offset: 0,
    total: 5,
  })

const getList = async (sessionUser: SessionUser, query = '') =>
  answer(listLoader, args(`/en/account/orders${query}`, { cookie: await cookieOf(sessionUser) }))

describe('order list filters', () => {
  it('has none for a plain buyer, whose list is always their own orders', async () => {
    const queries = ordersHandler()
    const { response, data } = await getList(BUYER, '?buyer=all&status=NEW')
    expect(response.status).toBe(200)
    expect(data.filters).toBeNull()
    expect(data.showBuyer).toBe(false)
    expect(queries).toEqual([{ limit: '30', offset: '0' }])
  })

  it('offers an order manager without user management “my orders” and “all buyers”', async () => {
    const queries = ordersHandler()
    const own = await getList(ORDER_MANAGER)
    expect(own.data.filters).toEqual({
      users: [{ login: 'omanager', name: 'My orders' }],
      buyer: 'omanager',
      status: '',
    })
    expect(own.data.showBuyer).toBe(false)
    const all = await getList(ORDER_MANAGER, '?buyer=all&status=PENDING_APPROVAL')
    expect(all.data.filters).toMatchObject({ buyer: 'all', status: 'PENDING_APPROVAL' })
    expect(all.data.showBuyer).toBe(true)
    expect(all.data.orders.map((o: { buyer: string }) => o.buyer)).toEqual(['Bernhard Boldner', 'Julia Link'])
    // A buyer the choices do not offer (the user list needs user management) is the manager's own orders.
    const other = await getList(ORDER_MANAGER, '?buyer=bbuyer&status=BOGUS')
    expect(other.data.filters).toMatchObject({ buyer: 'omanager', status: '' })
    expect(queries).toEqual([
      { limit: '30', offset: '0' },
      { limit: '30', offset: '0', allBuyers: 'true', statusCode: 'PENDING_APPROVAL' },
      { limit: '30', offset: '0' },
    ])
  })

  it('offers an account owner the company’s ordering users and passes one buyer to ICM', async () => {
    icm.use(companyUsers())
    const queries = ordersHandler()
    const { data } = await getList(ACCOUNT_OWNER, '?buyer=bbuyer&status=NEW')
    expect(data.filters).toEqual({
      users: [
        { login: 'bbuyer', name: 'Bernhard Boldner' },
        { login: 'jlink', name: 'Julia Link' },
        { login: 'omanager', name: 'Oliver Manager' },
      ],
      buyer: 'bbuyer',
      status: 'NEW',
    })
    expect(data.showBuyer).toBe(false)
    expect(queries).toEqual([{ limit: '30', offset: '0', buyer: 'bbuyer', statusCode: 'NEW' }])
    // Their own login is their own orders: no buyer parameter; "load more" keeps the filter.
    await getList(ACCOUNT_OWNER, '?buyer=JLINK&limit=60')
    expect(queries[1]).toEqual({ limit: '60', offset: '0' })
  })

  it('shows the account owner’s own orders when the user list cannot be read', async () => {
    icm.use(get('customers/BC-200001/users', () => icmError(403, 'authorization.forbidden')))
    const queries = ordersHandler()
    const { data } = await getList(ACCOUNT_OWNER, '?buyer=bbuyer')
    expect(data.filters.users).toEqual([{ login: 'jlink', name: 'My orders' }])
    expect(queries).toEqual([{ limit: '30', offset: '0' }])
  })
})
