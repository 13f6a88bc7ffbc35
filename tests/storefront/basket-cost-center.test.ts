/**
 * The business basket's cost center on the basket page (issue 17): the choice of the user's eligible cost
 * centers for business users of a shop with feature costCenters, the one cost center set by the loader, the
 * form post that sets it as ICM does (`PATCH baskets/{id} {costCenter}`), its required message, ICM's refusal,
 * and "Checkout" refused by the CostCenter validation back to the basket with the API's message.
 */
import { http, HttpResponse } from 'msw'
import { afterAll, describe, expect, it, vi } from 'vitest'

// Feature toggles are read once at start: this file's shop has cost centers (restored for the files after it).
const saved = vi.hoisted(() => {
  const before = process.env.ADD_FEATURES
  process.env.ADD_FEATURES = 'quickorder,costCenters'
  return before
})

import { action, loader } from '~/routes/$lang._shop.basket'
import { ICM_LINE, grandTotal, linePricing, validation } from './checkout-fixtures'
import { configurationData, get, icm, icmError, icmPath, priceItem, productData } from './icm-mock'
import { answer, args, signedInCookie, sessionFrom } from './loader-args'
import { orderEnvelope } from './order-fixtures'
import { loader as orderLoader } from '~/routes/$lang._shop.account.orders.$orderId'
import { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import type { SessionUser } from '~/services/session.server'
import './setup'

afterAll(() => {
  if (saved === undefined) delete process.env.ADD_FEATURES
  else process.env.ADD_FEATURES = saved
})

const businessUser = {
  login: 'bbuyer',
  firstName: 'Bernhard',
  lastName: 'Boldner',
  customerNo: 'BC-200001',
  customerType: 'SMBCustomer' as const,
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}
const privateUser = {
  ...businessUser,
  customerNo: 'PC-1',
  customerType: 'PrivateCustomer' as const,
  roles: [],
  permissions: [],
}

const cookieOf = (user: SessionUser = businessUser) => signedInCookie(user, { type: 'user' })

/** The basket as ICM answers it, on `costCenter` when given. */
const basketOf = (costCenter?: string) => ({
  data: {
    id: 'b-1',
    calculated: true,
    purchaseCurrency: 'USD',
    lineItems: ['l-1'],
    totalProductQuantity: 1,
    ...(costCenter
      ? { costCenter, attributes: [{ name: 'Order_CostCenter_ID', type: 'String', value: costCenter }] }
      : {}),
    totals: { itemTotal: priceItem(100, 119), grandTotal: grandTotal(100, 119) },
  },
  included: {
    lineItems: {
      'l-1': {
        ...ICM_LINE,
        id: 'l-1',
        position: 1,
        product: '1000042',
        quantity: { value: 1 },
        pricing: linePricing(priceItem(100, 119), priceItem(100, 119)),
      },
    },
  },
  infos: [],
  errors: [],
})

const CENTERS = {
  data: [
    { id: '100400', name: 'Site equipment', roles: ['Buyer'] },
    { id: '100500', name: 'Head office', roles: ['Buyer', 'CostCenterOwner'] },
    // Owned only: not one to order on.
    { id: '100900', name: 'Fleet', roles: ['CostCenterOwner'] },
  ],
}

const customer = (optional: boolean) => ({
  customerNo: 'BC-200001',
  type: 'SMBCustomer',
  customerType: 'SMBCustomer',
  companyName: 'Brightline Construction GmbH',
  isCostCenterOptional: optional,
})

/** The basket page's ICM: the basket (on `costCenter`), its product, the user's cost centers, the customer. */
function pageHandlers({
  costCenter,
  centers = CENTERS,
  optional = false,
}: { costCenter?: string; centers?: typeof CENTERS; optional?: boolean } = {}) {
  icm.use(
    get('baskets/current', basketOf(costCenter)),
    get('baskets/b-1', basketOf(costCenter)),
    get('configurations', configurationData),
    get('products/1000042', productData),
    get('customers/-/users/-/costcenters', centers),
    get('customers/-', customer(optional)),
  )
}

/** Records each `PATCH baskets/b-1` body; answers the basket on the cost center, or `refuse`. */
function patches(refuse?: () => Response) {
  const bodies: unknown[] = []
  icm.use(
    http.patch(icmPath('baskets/b-1'), async ({ request }) => {
      const body = (await request.json()) as { costCenter: string | null }
      bodies.push(body)
      return refuse ? refuse() : HttpResponse.json(basketOf(body.costCenter ?? undefined))
    }),
  )
  return bodies
}

const getPage = async (user?: SessionUser) =>
  answer(loader, args('/en/basket', { cookie: await cookieOf(user) }))
const post = async (form: Record<string, string>, user?: SessionUser) =>
  answer(action, args('/en/basket', { cookie: await cookieOf(user), form }))

describe('the basket page’s cost center', () => {
  it('offers a business user the cost centers they may order on, the basket’s selected, required', async () => {
    pageHandlers({ costCenter: '100500' })
    const bodies = patches()
    const { response, data } = await getPage()
    expect(response.status).toBe(200)
    expect(data.costCenter).toEqual({
      choices: [
        { id: '100400', name: 'Site equipment' },
        { id: '100500', name: 'Head office' },
      ],
      selected: { id: '100500', name: 'Head office' },
      required: true,
    })
    expect(bodies).toEqual([])
  })

  it('is not required when the customer’s cost centers are optional', async () => {
    pageHandlers({ optional: true })
    patches()
    const { data } = await getPage()
    expect(data.costCenter.required).toBe(false)
    expect(data.costCenter.selected).toBeUndefined()
  })

  it('puts a basket without one on the user’s only cost center, as ICM does it', async () => {
    pageHandlers({ centers: { data: [CENTERS.data[0]!, CENTERS.data[2]!] } })
    const bodies = patches()
    const { data } = await getPage()
    expect(bodies).toEqual([{ costCenter: '100400' }])
    expect(data.costCenter.selected).toEqual({ id: '100400', name: 'Site equipment' })
  })

  it('keeps showing a cost center the user may no longer use, so that another can be chosen', async () => {
    pageHandlers({ costCenter: '100700' })
    patches()
    const { data } = await getPage()
    expect(data.costCenter.selected).toEqual({ id: '100700' })
  })

  it('is not there for a private customer (no cost center call is made)', async () => {
    icm.use(
      get('baskets/current', basketOf()),
      get('configurations', configurationData),
      get('products/1000042', productData),
    )
    const { data } = await getPage(privateUser)
    expect(data.costCenter).toBeNull()
    expect(data.basket.lines).toHaveLength(1)
  })

  it('is not there when the shop has no cost centers', async () => {
    vi.stubEnv('ADD_FEATURES', 'quickorder')
    vi.resetModules()
    try {
      const route = await import('~/routes/$lang._shop.basket')
      icm.use(
        get('baskets/current', basketOf()),
        get('configurations', configurationData),
        get('products/1000042', productData),
      )
      const { data } = await answer(route.loader, args('/en/basket', { cookie: await cookieOf() }))
      expect(data.costCenter).toBeNull()
      // The form's post is not one the page has: 404.
      const posted = await answer(
        route.action,
        args('/en/basket', {
          cookie: await cookieOf(),
          form: { intent: 'cost-center', costCenter: '100400' },
        }),
      )
      expect(posted.response.status).toBe(404)
    } finally {
      vi.unstubAllEnvs()
      vi.resetModules()
    }
  })
})

describe('choosing the cost center', () => {
  it('sets the basket’s cost center with PATCH baskets/{id} and comes back with a toast', async () => {
    pageHandlers()
    const bodies = patches()
    const { response, setCookie } = await post({ intent: 'cost-center', costCenter: '100500' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/basket')
    expect(bodies).toEqual([{ costCenter: '100500' }])
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'checkout.cost_center.saved.message',
      type: 'success',
    })
  })

  it('requires a cost center unless they are optional: 400 with the message, nothing sent', async () => {
    pageHandlers()
    const bodies = patches()
    const { response, data } = await post({ intent: 'cost-center', costCenter: '' })
    expect(response.status).toBe(400)
    expect(data.result.error.costCenter).toEqual(['Please select a cost center.'])
    expect(bodies).toEqual([])
    const german = await answer(
      action,
      args('/de/basket', { cookie: await cookieOf(), form: { intent: 'cost-center' } }),
    )
    expect(german.data.result.error.costCenter).toEqual(['Bitte wählen Sie eine Kostenstelle.'])
  })

  it('takes the basket off its cost center when they are optional', async () => {
    pageHandlers({ optional: true, costCenter: '100400' })
    const bodies = patches()
    const { response } = await post({ intent: 'cost-center', costCenter: '' })
    expect(response.status).toBe(303)
    expect(bodies).toEqual([{ costCenter: null }])
  })

  it('shows ICM’s refusal of a cost center with 422 next to the select', async () => {
    pageHandlers()
    patches(() =>
      icmError(422, 'basket.cost_center.not_eligible.error', "The cost center '100900' cannot be used.", [
        {
          code: 'basket.cost_center.not_eligible.error',
          message: "The cost center '100900' cannot be used.",
          paths: ['costCenter'],
        },
      ]),
    )
    const { response, data } = await post({ intent: 'cost-center', costCenter: '100900' })
    expect(response.status).toBe(422)
    expect(data.result.error.costCenter).toEqual(['You cannot order on this cost center.'])
  })

  it('refuses a cost center id longer than any ICM has with 400', async () => {
    pageHandlers()
    const bodies = patches()
    const { response } = await post({ intent: 'cost-center', costCenter: 'x'.repeat(101) })
    expect(response.status).toBe(400)
    expect(bodies).toEqual([])
  })
})

describe('starting checkout without a usable cost center', () => {
  it('sends the shopper back to the basket with the CostCenter message', async () => {
    pageHandlers()
    const calls: unknown[] = []
    icm.use(
      http.post(icmPath('baskets/b-1/validations'), async ({ request }) => {
        calls.push(await request.json())
        return validation(false, [
          { code: 'basket.validation.cost_center.missing.error', scopes: ['CostCenter'] },
        ])
      }),
    )
    const started = await post({ intent: 'checkout' })
    expect(started.response.headers.get('Location')).toBe('/en/basket?error=true#checkout-blocked')
    expect(calls).toEqual([
      { adjustmentsAllowed: true, scopes: ['Products', 'Promotion', 'Value', 'CostCenter'] },
    ])
    // The basket page shows it once, with the cost center choice.
    const page = await answer(
      loader,
      args('/en/basket?error=true', { cookie: started.setCookie!.split(';')[0]! }),
    )
    expect(page.data.validation.errors).toEqual([
      {
        code: 'basket.validation.cost_center.missing.error',
        message: 'basket.validation.cost_center.missing.error',
        scopes: ['CostCenter'],
      },
    ])
    expect(page.data.costCenter.required).toBe(true)
  })
})

describe('the order’s cost center', () => {
  const order = orderEnvelope('o-1', { data: { costCenter: '100400' } })

  it('shows on the order detail and the receipt with its name from the user’s cost centers', async () => {
    icm.use(get('orders/o-1', order), get('customers/-/users/-/costcenters', CENTERS))
    const detail = await answer(
      orderLoader,
      args('/en/account/orders/o-1', { params: { lang: 'en', orderId: 'o-1' }, cookie: await cookieOf() }),
    )
    expect(detail.data.order.costCenter).toEqual({ id: '100400', name: 'Site equipment' })
    const receipt = await answer(
      receiptLoader,
      args('/en/checkout/receipt?orderId=o-1', { cookie: await cookieOf() }),
    )
    expect(receipt.data.order.costCenter).toEqual({ id: '100400', name: 'Site equipment' })
  })

  it('shows the id alone when the user’s cost centers do not name it (or cannot be read)', async () => {
    icm.use(
      get('orders/o-1', order),
      get('customers/-/users/-/costcenters', () => icmError(403, 'authorization.forbidden')),
    )
    const detail = await answer(
      orderLoader,
      args('/en/account/orders/o-1', { params: { lang: 'en', orderId: 'o-1' }, cookie: await cookieOf() }),
    )
    expect(detail.data.order.costCenter).toEqual({ id: '100400' })
  })
})
