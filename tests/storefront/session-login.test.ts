/**
 * The session against ICM as it really is: a login finds the user's saved basket the way ICM clients do
 * (`GET baskets`, the newest) and merges the anonymous basket into it; a refresh works with the access token
 * alone (ICM takes it as `refresh_token`); `customers/-` names the kind of customer in `customerType`.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { isBusinessCustomer, refreshIfDue } from '~/services/auth.server'
import { scopeOf } from '~/services/shopper.server'
import { sessionStorage } from '~/services/session.server'
import { localeByLang } from '~/models/locale'
import { get, icm, icmError, icmPath, money, priceItem } from './icm-mock'
import { answer, args, sessionCookie, sessionFrom } from './loader-args'
import './setup'

const tokenAnswer = (accessToken: string) => ({
  access_token: accessToken,
  token_type: 'bearer',
  expires_in: 3600,
  refresh_token: `refresh-of-${accessToken}`,
})

/** A line as ICM sends it (`LineItemData`). */
const line = (id: string, sku: string, quantity: number) => ({
  id,
  calculated: true,
  position: 1,
  product: sku,
  quantity: { value: quantity, unit: 'pcs' },
  pricing: {
    price: priceItem(10, 11.9),
    undiscountedPrice: priceItem(10, 11.9),
    singleBasePrice: priceItem(10, 11.9),
    total: priceItem(10 * quantity, 11.9 * quantity),
    shippingTotal: priceItem(0, 0),
  },
  hiddenGift: false,
  freeGift: false,
})

/** A basket's `data` as ICM sends it (`BasketBaseData`). */
const basketData = (id: string, lineItems: string[] = []) => ({
  id,
  calculated: true,
  purchaseCurrency: 'USD',
  lineItems,
  totalProductQuantity: lineItems.length,
  totals: {
    itemTotal: priceItem(0, 0),
    grandTotal: { ...priceItem(0, 0), tax: money(0) },
  },
})

/** ICM's answers to a private customer's login (`customers/-` says PRIVATE: read `privatecustomers/-`). */
const privateLogin = () =>
  icm.use(
    http.post(icmPath('token'), () => HttpResponse.json(tokenAnswer('user-1'))),
    get('customers/-', { customerNo: 'PC-1', type: 'PrivateCustomer', customerType: 'PRIVATE' }),
    get('privatecustomers/-', {
      customerNo: 'PC-1',
      type: 'PrivateCustomer',
      login: 'p@x.test',
      firstName: 'Pat',
    }),
    get('personalization', { pgid: 'pg-PC-1' }),
  )

/** The anonymous shopper's basket, with one line: worth merging at login. */
const anonymousBasket = () =>
  get('baskets/current', (request) =>
    request.headers.get('authentication-token') === 'anon-token'
      ? {
          data: basketData('b-anon', ['l-1']),
          included: { lineItems: { 'l-1': line('l-1', '1000042', 2) } },
        }
      : icmError(404, 'basket.not_found.error'),
  )

const anonymousCookie = () =>
  sessionCookie({
    apiToken: 'anon-token',
    refreshToken: 'anon-refresh',
    type: 'user',
    isAnonymous: true,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
  })

describe('login and the saved basket', () => {
  it("merges the anonymous basket into the user's newest saved basket, found by GET baskets", async () => {
    const listed: (string | null)[] = []
    const merges: { target: string; token: string | null; body: unknown }[] = []
    let created = 0
    privateLogin()
    icm.use(
      anonymousBasket(),
      get('baskets', (request) => {
        listed.push(request.headers.get('authentication-token'))
        return { data: [basketData('b-saved', ['l-9']), basketData('b-older')] }
      }),
      http.post(icmPath('baskets'), () => {
        created += 1
        return HttpResponse.json({ data: basketData('b-new') }, { status: 201 })
      }),
      http.post(icmPath('baskets/([^/]+)/merges'), async ({ request }) => {
        const target = new URL(request.url).pathname.split('/').at(-2)!
        merges.push({
          target,
          token: request.headers.get('authentication-token'),
          body: await request.json(),
        })
        return HttpResponse.json({ data: { sourceBasket: 'b-anon', targetBasket: target }, infos: [] })
      }),
    )
    const { response, setCookie } = await answer(
      loginAction,
      args('/en/login', { cookie: await anonymousCookie(), form: { login: 'p@x.test', password: 'pw' } }),
    )
    expect(response.status).toBe(303)
    expect(listed).toEqual(['user-1'])
    expect(created).toBe(0)
    expect(merges).toEqual([
      {
        target: 'b-saved',
        token: 'user-1',
        body: { sourceBasket: 'b-anon', sourceAuthenticationToken: 'anon-token' },
      },
    ])
    const session = await sessionFrom(setCookie)
    expect(session.get('apiToken')).toBe('user-1')
    expect(session.get('user')).toMatchObject({ customerNo: 'PC-1', customerType: 'PrivateCustomer' })
  })

  it('creates the basket to merge into when the user has none saved', async () => {
    const merges: string[] = []
    privateLogin()
    icm.use(
      anonymousBasket(),
      get('baskets', { data: [] }),
      http.post(icmPath('baskets'), () => HttpResponse.json({ data: basketData('b-new') }, { status: 201 })),
      http.post(icmPath('baskets/([^/]+)/merges'), ({ request }) => {
        const target = new URL(request.url).pathname.split('/').at(-2)!
        merges.push(target)
        return HttpResponse.json({ data: { sourceBasket: 'b-anon', targetBasket: target }, infos: [] })
      }),
    )
    const { response } = await answer(
      loginAction,
      args('/en/login', { cookie: await anonymousCookie(), form: { login: 'p@x.test', password: 'pw' } }),
    )
    expect(response.status).toBe(303)
    expect(merges).toEqual(['b-new'])
  })
})

describe('token refresh', () => {
  const dueSession = async (data: Record<string, unknown>) => {
    const now = Date.now()
    const session = await sessionStorage.getSession(
      await sessionCookie({
        isAnonymous: false,
        type: 'user',
        issuedAt: now - 2000_000,
        expiresAt: now + 1600_000,
        ...data,
      }),
    )
    return session
  }
  const en = localeByLang('en')!

  it('refreshes with the access token when the session keeps no refresh token, as ICM allows', async () => {
    const sent: (string | null)[] = []
    icm.use(
      http.post(icmPath('token'), async ({ request }) => {
        const form = new URLSearchParams(await request.text())
        expect(form.get('grant_type')).toBe('refresh_token')
        sent.push(form.get('refresh_token'))
        return HttpResponse.json(tokenAnswer('user-2'))
      }),
    )
    const session = await dueSession({
      apiToken: 'user-1',
      user: {
        login: 'p@x.test',
        customerNo: 'PC-1',
        customerType: 'PrivateCustomer',
        roles: [],
        permissions: [],
      },
    })
    await refreshIfDue(scopeOf(new Request('http://shop.test/en/home'), en, session), session)
    expect(sent).toEqual(['user-1'])
    expect(session.get('apiToken')).toBe('user-2')
    expect(session.get('refreshToken')).toBe('refresh-of-user-2')
    expect(session.get('user')).toMatchObject({ customerNo: 'PC-1' })
  })

  it('sends the refresh token when it has one, and drops a token ICM will not refresh', async () => {
    const sent: (string | null)[] = []
    icm.use(
      http.post(icmPath('token'), async ({ request }) => {
        sent.push(new URLSearchParams(await request.text()).get('refresh_token'))
        return icmError(401, 'invalid_grant', 'The refresh token (or access token) is invalid or expired.')
      }),
    )
    const session = await dueSession({ apiToken: 'user-1', refreshToken: 'r-1' })
    await refreshIfDue(scopeOf(new Request('http://shop.test/en/home'), en, session), session)
    expect(sent).toEqual(['r-1'])
    expect(session.get('apiToken')).toBeUndefined()
  })
})

describe('the kind of customer customers/- names', () => {
  it('is read from customerType, else from the resource type, else from a company name', () => {
    expect(isBusinessCustomer({ customerNo: 'PC-1', type: 'PrivateCustomer', customerType: 'PRIVATE' })).toBe(
      false,
    )
    expect(isBusinessCustomer({ customerNo: 'B-1', type: 'SMBCustomer', customerType: 'SMBCustomer' })).toBe(
      true,
    )
    // customerType decides when an ICM's resource type says otherwise.
    expect(isBusinessCustomer({ customerNo: 'PC-2', type: 'SMBCustomer', customerType: 'PRIVATE' })).toBe(
      false,
    )
    expect(isBusinessCustomer({ customerNo: 'B-2', type: 'SMBCustomer' })).toBe(true)
    expect(isBusinessCustomer({ customerNo: 'B-3', companyName: 'Oil Corp' })).toBe(true)
    expect(isBusinessCustomer({ customerNo: 'PC-3' })).toBe(false)
  })
})
