/**
 * Changing a cost center (issue 17, organization-and-requisitions §2, §5): the edit page (direct opening goes to
 * the detail page; only an account admin or the owner may edit, anyone else finds nothing) and the buyers page
 * (add buyers chosen from the unassigned users, change a buyer's budget, remove a buyer).
 */
import { describe, expect, it } from 'vitest'
import { loader as detailLoader } from '~/routes/$lang._shop.account.organization.cost-centers.$costCenterId._index'
import {
  action as buyersAction,
  loader as buyersLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.$costCenterId.buyers'
import {
  action as editAction,
  loader as editLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.$costCenterId.edit'
import type { SessionUser } from '~/services/session.server'
import { icmError } from './icm-mock'
import {
  ADMIN,
  companyUsers,
  costCenterJson,
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

const DETAIL = `${LIST_URL}/CC-100`

/** The cookie after the detail page was opened by `user`: its edit and buyers pages may open. */
async function afterDetail(user: SessionUser = ADMIN) {
  detailOf()
  const { setCookie } = await page(detailLoader, DETAIL, { user })
  return nextCookie(setCookie)
}

const formErrorsOf = (data: any): string[] => data.result.error?.[''] ?? []

describe('editing a cost center', () => {
  it('sends a direct visit to the detail page', async () => {
    const { response } = await page(editLoader, `${DETAIL}/edit`)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(DETAIL)
  })

  it('opens for the owner after the detail page, with the form filled in', async () => {
    const cookie = await afterDetail(OWNER)
    detailOf()
    const { response, data } = await page(editLoader, `${DETAIL}/edit`, { cookie })
    expect(response.status).toBe(200)
    expect(data.defaults).toEqual({
      costCenterId: 'CC-100',
      name: 'Cost center CC-100',
      owner: OWNER.login,
      budget: '5,000.00',
      budgetPeriod: 'monthly',
      active: 'on',
    })
    expect(data.managers.map((m: any) => m.login)).toEqual([OWNER.login])
  })

  it('is not found (404) for a user who may read but neither owns it nor is an admin', async () => {
    const cookie = await afterDetail(VIEWER)
    detailOf()
    const { response } = await page(editLoader, `${DETAIL}/edit`, { cookie })
    expect(response.status).toBe(404)
    detailOf()
    const posted = await page(editAction, `${DETAIL}/edit`, {
      user: VIEWER,
      form: { costCenterId: 'CC-100', name: 'Mine now', owner: VIEWER.login },
    })
    expect(posted.response.status).toBe(404)
  })

  it('patches every field and goes back to the detail page with a toast', async () => {
    detailOf()
    const patched = recordIcm('patch', 'costcenters/CC-100', () =>
      costCenterJson('CC-101', { name: 'Renamed' }),
    )
    const { response, setCookie } = await page(editAction, `${DETAIL}/edit`, {
      form: { costCenterId: 'CC-101', name: 'Renamed', owner: ADMIN.login, budget: '' },
    })
    expect(patched.map((call) => call.body)).toEqual([
      {
        costCenterId: 'CC-101',
        name: 'Renamed',
        active: false,
        costCenterOwner: { login: ADMIN.login },
        budget: null,
        budgetPeriod: null,
      },
    ])
    expect(response.headers.get('Location')).toBe(`${LIST_URL}/CC-101`)
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.costcenter.update.success',
      values: { name: 'Renamed' },
    })
  })

  it('sends a budget in the cost center’s currency, and shows ICM’s refusal of the owner at the owner field', async () => {
    detailOf()
    const patched = recordIcm('patch', 'costcenters/CC-100', () =>
      icmError(422, 'costcenter.owner.not_eligible', 'cannot own', [
        { code: 'costcenter.owner.not_eligible', message: 'cannot own', paths: ['costCenterOwner.login'] },
      ]),
    )
    const { response, data } = await page(editAction, '/ro/account/organization/cost-centers/CC-100/edit', {
      form: {
        costCenterId: 'CC-100',
        name: 'X',
        owner: 'bbuyer@oilcorp.test',
        budget: '10',
        budgetPeriod: 'yearly',
      },
    })
    expect(patched[0]!.body).toMatchObject({ budget: { value: 10, currency: 'EUR' }, budgetPeriod: 'yearly' })
    expect(response.status).toBe(422)
    expect(data.result.error.owner).toEqual(['Acest utilizator nu poate fi responsabil de centre de cost.'])
  })
})

describe('managing a cost center’s buyers', () => {
  it('sends a direct visit to the detail page', async () => {
    const { response } = await page(buyersLoader, `${DETAIL}/buyers`)
    expect(response.headers.get('Location')).toBe(DETAIL)
  })

  it('offers an admin the active users who are not buyers yet, never OCI users', async () => {
    const cookie = await afterDetail()
    detailOf()
    recordIcm('get', 'users', () => companyUsers())
    const { response, data } = await page(buyersLoader, `${DETAIL}/buyers`, { cookie })
    expect(response.status).toBe(200)
    expect(data.candidates.map((c: any) => c.login)).toEqual([ADMIN.login, OWNER.login, 'anna@oilcorp.test'])
    expect(data.buyers.map((b: any) => b.login)).toEqual(['bbuyer@oilcorp.test'])
  })

  it('gives an owner without user management no list to choose from, and does not ask ICM for it', async () => {
    const users = recordIcm('get', 'users', () => companyUsers())
    const cookie = await afterDetail(OWNER)
    detailOf()
    const { data } = await page(buyersLoader, `${DETAIL}/buyers`, { cookie })
    expect(users).toEqual([])
    expect(data.candidates).toBeNull()
  })

  it('adds each chosen buyer with one POST, with their budget in the cost center’s currency', async () => {
    detailOf()
    const added = recordIcm('post', 'costcenters/CC-100/buyers', () => costCenterJson(), 201)
    const form = new URLSearchParams({
      intent: 'add',
      'buyers[0].login': ADMIN.login,
      'buyers[1].login': 'anna@oilcorp.test',
      'buyers[1].selected': 'on',
      'buyers[1].budget': '250',
      'buyers[1].budgetPeriod': 'weekly',
      'buyers[2].login': OWNER.login,
      'buyers[2].selected': 'on',
    })
    const { response, setCookie } = await page(buyersAction, `${DETAIL}/buyers`, { form })
    expect(added.map((call) => call.body)).toEqual([
      { login: 'anna@oilcorp.test', budget: { value: 250, currency: 'EUR' }, budgetPeriod: 'weekly' },
      { login: OWNER.login, budget: null, budgetPeriod: null },
    ])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(`${DETAIL}/buyers`)
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.costcenter.buyers.added',
      values: { count: 2 },
    })
  })

  it('needs at least one chosen buyer (400, localized)', async () => {
    detailOf()
    const { response, data } = await page(
      buyersAction,
      '/de/account/organization/cost-centers/CC-100/buyers',
      {
        form: { intent: 'add', 'buyers[0].login': 'anna@oilcorp.test' },
      },
    )
    expect(response.status).toBe(400)
    expect(data.intent).toBe('add')
    expect(formErrorsOf(data)).toEqual(['Bitte wählen Sie mindestens einen Einkäufer aus.'])
  })

  it('names each buyer ICM refused, and those it added (422)', async () => {
    detailOf()
    recordIcm('post', 'costcenters/CC-100/buyers', async (request: Request) => {
      const body = (await request.json()) as { login: string }
      return body.login === 'olga@oilcorp.test'
        ? icmError(422, 'costcenter.buyer.not_eligible', 'does not order')
        : costCenterJson()
    })
    const { response, data } = await page(buyersAction, `${DETAIL}/buyers`, {
      form: {
        intent: 'add',
        'buyers[0].login': 'olga@oilcorp.test',
        'buyers[0].selected': 'on',
        'buyers[1].login': 'anna@oilcorp.test',
        'buyers[1].selected': 'on',
      },
    })
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual([
      'olga@oilcorp.test: This user does not order for the company and cannot be a buyer.',
      'Added: anna@oilcorp.test.',
    ])
  })

  it('changes a buyer’s budget with a PATCH', async () => {
    detailOf()
    const patched = recordIcm('patch', 'costcenters/CC-100/buyers/bbuyer%40oilcorp.test', () =>
      costCenterJson(),
    )
    const { response, setCookie } = await page(buyersAction, `${DETAIL}/buyers`, {
      user: OWNER,
      form: { intent: 'update', login: 'bbuyer@oilcorp.test', budget: '99.5', budgetPeriod: 'monthly' },
    })
    expect(patched.map((call) => [call.path, call.body])).toEqual([
      [
        'costcenters/CC-100/buyers/bbuyer@oilcorp.test',
        { budget: { value: 99.5, currency: 'EUR' }, budgetPeriod: 'monthly' },
      ],
    ])
    expect(response.headers.get('Location')).toBe(`${DETAIL}/buyers`)
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.costcenter.buyers.updated',
    })
  })

  it('shows a buyer’s budget refusal at that buyer’s form (422)', async () => {
    detailOf()
    recordIcm('patch', 'costcenters/CC-100/buyers/bbuyer%40oilcorp.test', () =>
      icmError(400, 'costcenter.invalid', 'A buyer’s budget is in EUR.', [
        { code: 'costcenter.invalid', message: 'A buyer’s budget is in EUR.', paths: ['budget.currency'] },
      ]),
    )
    const { response, data } = await page(buyersAction, `${DETAIL}/buyers`, {
      form: { intent: 'update', login: 'bbuyer@oilcorp.test', budget: '5', budgetPeriod: 'weekly' },
    })
    expect(response.status).toBe(422)
    expect(data).toMatchObject({ intent: 'update', login: 'bbuyer@oilcorp.test' })
    expect(data.result.error.budget).toEqual([
      'A cost center entry is missing or not valid. Please check your entries. A buyer’s budget is in EUR.',
    ])
  })

  it('removes a buyer with a DELETE', async () => {
    detailOf()
    const removed = recordIcm('delete', 'costcenters/CC-100/buyers/bbuyer%40oilcorp.test', () => null)
    const { response, setCookie } = await page(buyersAction, `${DETAIL}/buyers`, {
      form: { intent: 'remove', login: 'bbuyer@oilcorp.test' },
    })
    expect(removed).toHaveLength(1)
    expect(response.headers.get('Location')).toBe(`${DETAIL}/buyers`)
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.costcenter.buyers.removed',
      values: { login: 'bbuyer@oilcorp.test' },
    })
  })

  it('is not found (404) for a user who may not edit the cost center, before anything is posted', async () => {
    detailOf()
    const removed = recordIcm('delete', 'costcenters/CC-100/buyers/.*', () => null)
    const { response } = await page(buyersAction, `${DETAIL}/buyers`, {
      user: VIEWER,
      form: { intent: 'remove', login: 'bbuyer@oilcorp.test' },
    })
    expect(response.status).toBe(404)
    expect(removed).toEqual([])
  })
})
