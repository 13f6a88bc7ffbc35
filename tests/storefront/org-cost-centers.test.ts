/**
 * Cost center management (issue 17, organization-and-requisitions §2, §5): the guards every page has (feature
 * costCenters, login, APP_B2B_VIEW_COSTCENTER), the list with paging and filter passed to ICM, creating with
 * its direct-open redirect, validation and the API's refusals, and the detail page's (de)activation and
 * delete with its confirmation step.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  action as createAction,
  loader as createLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.create'
import {
  action as detailAction,
  loader as detailLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.$costCenterId._index'
import { loader as listLoader, meta } from '~/routes/$lang._shop.account.organization.cost-centers._index'
import type * as FeaturesModule from '~/services/features.server'
import { icmError } from './icm-mock'
import {
  ADMIN,
  BUYER,
  companyUsers,
  costCenterJson,
  costCenterList,
  detailOf,
  LIST_URL,
  nextCookie,
  OWNER,
  page,
  recordIcm,
  VIEWER,
} from './org-cost-centers-fixtures'
import { sessionFrom } from './loader-args'
import './setup'

const features = vi.hoisted(() => ({ costCenters: true }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'costCenters' ? features.costCenters : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.costCenters = true
})

const formErrorsOf = (data: any): string[] => data.result.error?.[''] ?? []

/** The list answering `ids`, recording the list calls (and any call for a cost center's detail). */
function listOf(ids: string[], info?: { offset: number; limit: number; total: number }) {
  const details = recordIcm('get', 'costcenters/[^/]+', () => costCenterJson())
  const calls = recordIcm('get', 'costcenters', () => costCenterList(ids, info))
  return Object.assign(calls, { details })
}

/** The cookie after the list was opened: the create page may open. */
async function afterList(user = ADMIN) {
  listOf(['CC-100'])
  const { setCookie } = await page(listLoader, LIST_URL, { user })
  return nextCookie(setCookie)
}

describe('the guards of every cost center page', () => {
  it('sends everyone to the feature-deactivated page while costCenters is off, before asking for a login', async () => {
    features.costCenters = false
    const target = '/en/error?error=feature-deactivated&value=costCenters'
    for (const user of [ADMIN, null]) {
      const list = await page(listLoader, LIST_URL, { user })
      expect(list.response.headers.get('Location')).toBe(target)
    }
    const posted = await page(detailAction, `${LIST_URL}/CC-100`, { form: { intent: 'deactivate' } })
    expect(posted.response.headers.get('Location')).toBe(target)
    const created = await page(createAction, `${LIST_URL}/create`, { form: { costCenterId: 'X' } })
    expect(created.response.headers.get('Location')).toBe(target)
  })

  it('asks a visitor to log in, keeping the page’s query', async () => {
    const { response } = await page(listLoader, `${LIST_URL}?page=2&nameOrId=Mark`, { user: null })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!, 'http://shop.test')
    expect(location.pathname).toBe('/en/login')
    expect(location.searchParams.get('page')).toBe('2')
    expect(location.searchParams.get('returnUrl')).toBe(`${LIST_URL}?page=2&nameOrId=Mark`)
  })

  it('sends a user without APP_B2B_VIEW_COSTCENTER to the missing-permission page', async () => {
    const target = '/de/error?error=missing-permission&value=APP_B2B_VIEW_COSTCENTER'
    const list = await page(listLoader, '/de/account/organization/cost-centers', { user: BUYER })
    expect(list.response.headers.get('Location')).toBe(target)
    const detail = await page(detailLoader, '/de/account/organization/cost-centers/CC-100', { user: BUYER })
    expect(detail.response.headers.get('Location')).toBe(target)
  })
})

describe('the cost center list', () => {
  it('asks ICM for the page and the filter, shows what its Links carry, and pages 25 at a time', async () => {
    const calls = listOf(['CC-126', 'CC-127'], { offset: 25, limit: 25, total: 27 })
    const { response, data } = await page(listLoader, `${LIST_URL}?page=2&nameOrId=%20CC-1%20`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(calls).toHaveLength(1)
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ offset: '25', limit: '25', nameOrId: 'CC-1' })
    // The list of links with paging is ICM's second version of it, as the PWA asks for it.
    expect(calls[0]!.accept).toBe('application/vnd.intershop.costcenter.v2+json')
    expect(data.costCenters.map((c: any) => c.costCenterId)).toEqual(['CC-126', 'CC-127'])
    // The Links carry every column: no cost center is read one by one.
    expect(calls.details).toEqual([])
    expect(data.costCenters[0]).toMatchObject({
      name: 'Cost center CC-126',
      owner: { login: OWNER.login, firstName: 'Owen' },
      budget: {
        budget: { value: 5000, currency: 'EUR' },
        budgetPeriod: 'monthly',
        spent: { value: 1200, currency: 'EUR' },
        remaining: { value: 3800, currency: 'EUR' },
      },
      active: true,
    })
    expect(data).toMatchObject({
      page: 2,
      pages: 2,
      total: 27,
      filter: 'CC-1',
      title: 'Cost center management',
    })
    expect(meta({ data } as never)).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('asks for the first page without a filter when the query holds none or nonsense', async () => {
    const calls = listOf([])
    const { data } = await page(listLoader, `${LIST_URL}?page=abc&nameOrId=`)
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ offset: '0', limit: '25' })
    expect(data).toMatchObject({ costCenters: [], page: 1, pages: 1, filter: '' })
  })
})

describe('creating a cost center', () => {
  it('sends a direct visit to the list, and opens after the list was visited', async () => {
    const direct = await page(createLoader, `${LIST_URL}/create`)
    expect(direct.response.status).toBe(302)
    expect(direct.response.headers.get('Location')).toBe(LIST_URL)

    recordIcm('get', 'users', () => companyUsers())
    const cookie = await afterList()
    const { response, data } = await page(createLoader, `${LIST_URL}/create`, { cookie })
    expect(response.status).toBe(200)
    // Manager choices (§5): active cost center owners and account owners.
    expect(data.managers.map((m: any) => m.login)).toEqual([ADMIN.login, OWNER.login])
    expect(data.ownerHint).toBeUndefined()
  })

  it('offers a user without user management only themselves, and does not ask ICM for the users', async () => {
    const users = recordIcm('get', 'users', () => icmError(403, 'authorization.forbidden'), 403)
    const cookie = await afterList(OWNER)
    const { data } = await page(createLoader, `${LIST_URL}/create`, { cookie })
    expect(users).toEqual([])
    expect(data.managers).toEqual([{ login: OWNER.login, firstName: 'Owen', lastName: 'Owner' }])
    expect(data.ownerHint).toBe('Without permission to manage users you can only make yourself the manager.')
  })

  it('posts the cost center in ICM’s shape and goes to its page with a toast', async () => {
    const posted = recordIcm(
      'post',
      'costcenters',
      () => costCenterJson('CC-200', { name: 'Marketing' }),
      201,
    )
    const { response, setCookie } = await page(createAction, `${LIST_URL}/create`, {
      form: {
        costCenterId: ' CC-200 ',
        name: 'Marketing',
        owner: OWNER.login,
        budget: '1,500.50',
        budgetPeriod: 'quarterly',
        active: 'on',
      },
    })
    expect(posted.map((call) => call.body)).toEqual([
      {
        costCenterId: 'CC-200',
        name: 'Marketing',
        active: true,
        costCenterOwner: { login: OWNER.login },
        budget: { value: 1500.5, currency: 'USD' },
        budgetPeriod: 'quarterly',
      },
    ])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(`${LIST_URL}/CC-200`)
    expect((await sessionFrom(setCookie)).get('toast')).toEqual({
      key: 'account.costcenter.create.success',
      values: { name: 'Marketing' },
      type: 'success',
    })
  })

  it('refuses invalid input (400) with localized messages, without asking ICM', async () => {
    const posted = recordIcm('post', 'costcenters', () => costCenterJson())
    const { response, data } = await page(createAction, '/de/account/organization/cost-centers/create', {
      form: { costCenterId: 'a/b', name: 'n'.repeat(257), owner: OWNER.login, budget: '12' },
    })
    expect(response.status).toBe(400)
    expect(posted).toEqual([])
    expect(data.result.error).toMatchObject({
      costCenterId: ['Die ID darf kein / \\ ? # oder % enthalten.'],
      name: ['Bitte geben Sie höchstens 256 Zeichen ein.'],
    })
    expect(data.result.error.budgetPeriod).toHaveLength(1)
  })

  it('shows ICM’s refusal of a taken id at the id field in the shopper’s language (422)', async () => {
    recordIcm('post', 'costcenters', () =>
      icmError(409, 'costcenter.id.duplicate', 'The company already has a cost center CC-100.', [
        { code: 'costcenter.id.duplicate', message: 'taken', paths: ['costCenterId'] },
      ]),
    )
    const { response, data } = await page(createAction, '/fr/account/organization/cost-centers/create', {
      form: { costCenterId: 'CC-100', name: 'Doublon', owner: OWNER.login },
    })
    expect(response.status).toBe(422)
    expect(data.result.error.costCenterId).toEqual([
      'Votre entreprise a déjà un centre de coûts avec cet ID.',
    ])
  })

  it('shows ICM’s permission refusal (403) above the form instead of an error page', async () => {
    recordIcm('post', 'costcenters', () =>
      icmError(403, 'authorization.forbidden', 'This call needs the permission APP_B2B_MANAGE_COSTCENTER.'),
    )
    const { response, data } = await page(createAction, `${LIST_URL}/create`, {
      user: VIEWER,
      form: { costCenterId: 'CC-300', name: 'Mine', owner: VIEWER.login },
    })
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual(['You are not allowed to do this.'])
  })
})

describe('a cost center’s page', () => {
  it('shows owner, budget, buyers and orders, leaves the chart out without history, and offers editing to its owner', async () => {
    detailOf()
    const { response, data } = await page(detailLoader, `${LIST_URL}/CC-100`, { user: OWNER })
    expect(response.status).toBe(200)
    expect(data.costCenter).toMatchObject({
      costCenterId: 'CC-100',
      owner: { login: OWNER.login },
      pendingOrders: 1,
      approvedOrders: 2,
      buyers: [{ login: 'bbuyer@oilcorp.test', budget: { budget: { value: 500, currency: 'EUR' } } }],
      orders: [{ orderNo: '100042', orderDate: '2026-02-14T09:30:00.000Z', status: 'NEW' }],
    })
    expect(data.history).toBeNull()
    expect(data.mayEdit).toBe(true)
    expect(data.confirmDelete).toBe(false)
  })

  it('answers 404 for a cost center ICM does not know or does not show the user', async () => {
    recordIcm('get', 'costcenters/NOPE/budgets/history', () => icmError(404, 'costcenter.not_found'), 404)
    recordIcm('get', 'costcenters/NOPE', () => icmError(404, 'costcenter.not_found'), 404)
    const { response } = await page(detailLoader, `${LIST_URL}/NOPE`)
    expect(response.status).toBe(404)
  })

  it('asks once more before deleting (?delete=confirm), only someone who may edit', async () => {
    detailOf()
    const owner = await page(detailLoader, `${LIST_URL}/CC-100?delete=confirm`, { user: OWNER })
    expect(owner.data.confirmDelete).toBe(true)
    detailOf()
    const viewer = await page(detailLoader, `${LIST_URL}/CC-100?delete=confirm`, { user: VIEWER })
    expect(viewer.data).toMatchObject({ mayEdit: false, confirmDelete: false })
  })

  it('deletes after the confirmation and goes to the list with a toast', async () => {
    const deleted = recordIcm('delete', 'costcenters/CC-100', () => null)
    const { response, setCookie } = await page(detailAction, `${LIST_URL}/CC-100`, {
      form: { intent: 'delete' },
    })
    expect(deleted.map((call) => call.path)).toEqual(['costcenters/CC-100'])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(LIST_URL)
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.costcenter.delete.success',
    })
  })

  it('shows ICM’s refusal to delete a cost center with orders (422, localized)', async () => {
    recordIcm('delete', 'costcenters/CC-100', () =>
      icmError(409, 'costcenter.delete.has_orders', 'Orders were placed on it.'),
    )
    const { response, data } = await page(detailAction, '/pl/account/organization/cost-centers/CC-100', {
      form: { intent: 'delete' },
    })
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual([
      'Na to centrum kosztów złożono zamówienia, więc nie można go usunąć. Zamiast tego je dezaktywuj.',
    ])
  })

  it('deactivates with a PATCH of `active` only', async () => {
    const patched = recordIcm('patch', 'costcenters/CC-100', () =>
      costCenterJson('CC-100', { active: false }),
    )
    const { response, setCookie } = await page(detailAction, `${LIST_URL}/CC-100`, {
      form: { intent: 'deactivate' },
    })
    expect(patched.map((call) => call.body)).toEqual([{ active: false }])
    expect(response.headers.get('Location')).toBe(`${LIST_URL}/CC-100`)
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.costcenter.deactivate.success',
    })
  })

  it('refuses an unknown intent (400) without asking ICM', async () => {
    const { response } = await page(detailAction, `${LIST_URL}/CC-100`, { form: { intent: 'explode' } })
    expect(response.status).toBe(400)
  })
})
