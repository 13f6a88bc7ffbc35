/**
 * The punchout administration `/{lang}/account/punchout…` (issue 34, spec shell §3, §6, §7, §8): guarded by
 * APP_B2B_MANAGE_PUNCHOUT, the users per type listed, created, changed and deleted, a cXML user's
 * configuration and the OCI configuration read and saved, with the bodies ICM gets and its refusals shown.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as overviewLoader } from '~/routes/$lang._shop.account._index'
import { loader as listLoader, meta } from '~/routes/$lang._shop.account.punchout._index'
import {
  action as createAction,
  loader as createLoader,
} from '~/routes/$lang._shop.account.punchout.$type.create'
import {
  action as userAction,
  loader as userLoader,
} from '~/routes/$lang._shop.account.punchout.$type.users.$login'
import {
  action as cxmlAction,
  loader as cxmlLoader,
} from '~/routes/$lang._shop.account.punchout.cxml.configuration.$login'
import {
  action as ociAction,
  loader as ociLoader,
} from '~/routes/$lang._shop.account.punchout.oci.configuration'
import type { SessionUser } from '~/services/session.server'
import { get, icm, icmError, icmPath } from './icm-mock'
import { allowUnknownCodes } from './fixture-check'
import { answer, args, sessionFrom, signedInCookie } from './loader-args'
import { CUSTOMER, PUNCHOUTS, recordCalls } from './punchout-fixtures'
import './setup'

const ADMIN: SessionUser = {
  login: 'jlink',
  firstName: 'Jack',
  lastName: 'Link',
  customerNo: CUSTOMER,
  customerType: 'SMBCustomer',
  roles: ['APP_B2B_ACCOUNT_OWNER'],
  permissions: ['APP_B2B_MANAGE_PUNCHOUT', 'APP_B2B_MANAGE_USERS', 'APP_B2B_PURCHASE'],
}
const BUYER: SessionUser = {
  ...ADMIN,
  login: 'bbuyer',
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}

const BASE = '/en/account/punchout'
const link = (resource: string, title?: string, active?: boolean) => ({
  type: 'Link',
  uri: `ironbridge-Site/-/${PUNCHOUTS}/${resource}`,
  ...(title ? { title, itemId: title } : {}),
  ...(active === undefined ? {} : { attributes: [{ name: 'active', value: active }] }),
})

const page = async (
  fn: (a: any) => Promise<unknown>,
  path: string,
  {
    user = ADMIN,
    form,
    params = {},
  }: { user?: SessionUser | null; form?: Record<string, string>; params?: Record<string, string> } = {},
) => answer(fn, args(path, { cookie: await signedInCookie(user), form, params: { lang: 'en', ...params } }))

const types = () =>
  get(PUNCHOUTS, { type: 'ResourceCollection', elements: [link('oci5'), link('cxml1.2'), link('ids')] })
const users = (resource: string, ...people: [string, boolean?][]) =>
  get(`${PUNCHOUTS}/${resource.replace('.', '\\.')}/users`, {
    type: 'ResourceCollection',
    elements: people.map(([login, active]) => link(`${resource}/users/${login}`, login, active)),
  })

describe('the guards', () => {
  const pages: [(a: any) => Promise<unknown>, string, Record<string, string>][] = [
    [listLoader, BASE, {}],
    [createLoader, `${BASE}/oci/create`, { type: 'oci' }],
    [userLoader, `${BASE}/oci/users/oci1`, { type: 'oci', login: 'oci1' }],
    [cxmlLoader, `${BASE}/cxml/configuration/cx1`, { login: 'cx1' }],
    [ociLoader, `${BASE}/oci/configuration`, {}],
  ]

  it('send a visitor to the login page and a user without APP_B2B_MANAGE_PUNCHOUT to the error page', async () => {
    for (const [fn, path, params] of pages) {
      const anonymous = await page(fn, path, { user: null, params })
      expect(anonymous.response.headers.get('Location'), path).toBe(
        `/en/login?returnUrl=${encodeURIComponent(path)}`,
      )
      const buyer = await page(fn, path, { user: BUYER, params })
      expect(buyer.response.headers.get('Location'), path).toBe(
        '/en/error?error=missing-permission&value=APP_B2B_MANAGE_PUNCHOUT',
      )
    }
    const posted = await page(createAction, `${BASE}/oci/create`, {
      user: BUYER,
      form: {},
      params: { type: 'oci' },
    })
    expect(posted.response.headers.get('Location')).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_MANAGE_PUNCHOUT',
    )
  })

  it('answer 404 for a type that is none', async () => {
    const { response } = await page(createLoader, `${BASE}/sap/create`, { params: { type: 'sap' } })
    expect(response.status).toBe(404)
  })

  it('lead there from the account overview only for those who may manage punchout', async () => {
    allowUnknownCodes()
    icm.use(
      get('customers/-/users/-', {
        login: 'jlink',
        email: 'j@oilcorp.test',
        firstName: 'Jack',
        lastName: 'Link',
      }),
      get('customers/-', {
        customerNo: CUSTOMER,
        type: 'SMBCustomer',
        customerType: 'SMBCustomer',
        companyName: 'Oil Corp',
      }),
      get('orders', { data: [], info: { total: 0, offset: 0, limit: 3 } }),
      get('customers/-/users/-/budgets', () => icmError(404, 'resource.not_found')),
      get('customers/-/users/-/budgets/history', () => icmError(404, 'resource.not_found')),
      get('customers/-/costcenters', () => icmError(404, 'resource.not_found')),
      get('customers/-/users/-/costcenters', () => icmError(404, 'resource.not_found')),
      get('customers/-/users/-/requisitions', () => icmError(404, 'resource.not_found')),
    )
    const admin = await page(overviewLoader, '/en/account')
    expect(admin.data?.punchoutUrl).toBe(BASE)
    const buyer = await page(overviewLoader, '/en/account', { user: BUYER })
    expect(buyer.data?.punchoutUrl).toBeNull()
  })
})

describe('the list', () => {
  it('shows the company’s types and the first type’s users, noindex and private', async () => {
    icm.use(types(), users('cxml1.2'))
    const { response, data } = await page(listLoader, BASE)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(meta({ data } as never)).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(data.types).toEqual(['cxml', 'oci', 'ids'])
    expect(data.selected).toBe('cxml')
    expect(data.users).toEqual([])
  })

  it('shows the users of the type asked for (?type=)', async () => {
    icm.use(types(), users('oci5', ['zeta-oci', false], ['alpha-oci']))
    const { data } = await page(listLoader, `${BASE}?type=oci`)
    expect(data.selected).toBe('oci')
    expect(data.users).toEqual([
      { login: 'alpha-oci', type: 'oci', active: true },
      { login: 'zeta-oci', type: 'oci', active: false },
    ])
    expect(data.entryUrl).toBe('http://shop.test/en/punchout')
  })

  it('says so when the company has no punchout type', async () => {
    icm.use(get(PUNCHOUTS, { elements: [] }))
    const { data } = await page(listLoader, `${BASE}?type=oci`)
    expect(data.selected).toBeNull()
  })
})

describe('a punchout user', () => {
  it('is created with login, password and status; the passwords never come back', async () => {
    const calls = recordCalls()
    icm.use(
      http.post(icmPath(`${PUNCHOUTS}/oci5/users`), () =>
        HttpResponse.json(link('oci5/users/new-oci', 'new-oci'), { status: 201 }),
      ),
    )
    const { response, setCookie } = await page(createAction, `${BASE}/oci/create`, {
      params: { type: 'oci' },
      form: { login: 'new-oci', password: 'Secret!77', passwordConfirmation: 'Secret!77', active: 'on' },
    })
    expect(response.headers.get('Location')).toBe(`${BASE}?type=oci`)
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({
      login: 'new-oci',
      password: 'Secret!77',
      active: true,
    })
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.punchout.user.create.success',
      values: { login: 'new-oci' },
    })
  })

  it('is refused as typed: a password repeated wrongly (400), a login ICM has already (at the login field)', async () => {
    const mismatch = await page(createAction, `${BASE}/ids/create`, {
      params: { type: 'ids' },
      form: { login: 'new-ids', password: 'Secret!77', passwordConfirmation: 'Other!77' },
    })
    expect(mismatch.response.status).toBe(400)
    expect(mismatch.data.result.error.passwordConfirmation).toEqual(['The passwords do not match.'])
    expect(JSON.stringify(mismatch.data.result.initialValue)).not.toContain('Secret!77')
    icm.use(
      http.post(icmPath(`${PUNCHOUTS}/ids/users`), () =>
        icmError(409, 'customer.credentials.login.not_unique.error', 'taken', [
          { code: 'customer.credentials.login.not_unique.error', message: 'taken', paths: ['login'] },
        ]),
      ),
    )
    const taken = await page(createAction, `${BASE}/ids/create`, {
      params: { type: 'ids' },
      form: { login: 'new-ids', password: 'Secret!77', passwordConfirmation: 'Secret!77' },
    })
    expect(taken.response.status).toBe(422)
    expect(taken.data.result.error.login).toHaveLength(1)
    expect(JSON.stringify(taken.data.result.initialValue)).not.toContain('Secret!77')
  })

  it('is read from the type’s list for its page; an unknown login is a 404', async () => {
    icm.use(users('cxml1.2', ['cx1', false]))
    const { data } = await page(userLoader, `${BASE}/cxml/users/CX1`, {
      params: { type: 'cxml', login: 'CX1' },
    })
    expect(data.user).toEqual({ login: 'cx1', type: 'cxml', active: false })
    const missing = await page(userLoader, `${BASE}/cxml/users/nobody`, {
      params: { type: 'cxml', login: 'nobody' },
    })
    expect(missing.response.status).toBe(404)
  })

  it('gets a new password only when one is typed, and its status', async () => {
    const calls = recordCalls()
    icm.use(
      http.put(icmPath(`${PUNCHOUTS}/oci5/users/oci1`), async ({ request }) => {
        const { active } = (await request.json()) as { active: boolean }
        return HttpResponse.json({ id: 'u-oci1', login: 'oci1', email: 'oci1', active, punchoutType: 'oci' })
      }),
    )
    const params = { type: 'oci', login: 'oci1' }
    await page(userAction, `${BASE}/oci/users/oci1`, { params, form: { intent: 'update', active: 'on' } })
    await page(userAction, `${BASE}/oci/users/oci1`, {
      params,
      form: { intent: 'update', password: 'New!7777', passwordConfirmation: 'New!7777' },
    })
    const bodies = calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(c.body))
    expect(bodies).toEqual([
      { login: 'oci1', active: true },
      { login: 'oci1', active: false, password: 'New!7777' },
    ])
  })

  it('is deleted after the confirmation step', async () => {
    const calls = recordCalls()
    icm.use(
      users('oci5', ['oci1']),
      http.delete(icmPath(`${PUNCHOUTS}/oci5/users/oci1`), () => new HttpResponse(null, { status: 204 })),
    )
    const params = { type: 'oci', login: 'oci1' }
    const confirm = await page(userLoader, `${BASE}/oci/users/oci1?delete=confirm`, { params })
    expect(confirm.data.confirmDelete).toBe(true)
    const { response, setCookie } = await page(userAction, `${BASE}/oci/users/oci1`, {
      params,
      form: { intent: 'delete' },
    })
    expect(response.headers.get('Location')).toBe(`${BASE}?type=oci`)
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('oci5/users/oci1'))).toBe(true)
    expect((await sessionFrom(setCookie)).get('toast')?.key).toBe('account.punchout.user.delete.success')
  })
})

describe('the cXML configuration', () => {
  const configuration = {
    data: [
      { name: 'cxml.unit.default', value: 'C62' },
      { name: 'cxml.extrinsic.costcenter', value: 'CC-1' },
    ],
    info: {
      metaData: [
        { name: 'cxml.unit.default', defaultValue: 'C62', description: 'Unit when a product has none' },
        {
          name: 'cxml.extrinsic.costcenter',
          description: 'Cost center extrinsic',
          inputType: 'text-long' as const,
        },
      ],
    },
  }

  it('shows every entry with its default and help, in cXML API v3', async () => {
    const calls = recordCalls()
    icm.use(get(`${PUNCHOUTS}/cxml1\\.2/users/cx1/configurations`, configuration))
    const { data } = await page(cxmlLoader, `${BASE}/cxml/configuration/cx1`, { params: { login: 'cx1' } })
    expect(data.entries.map((entry: { name: string; value: string }) => [entry.name, entry.value])).toEqual([
      ['cxml.unit.default', ''],
      ['cxml.extrinsic.costcenter', 'CC-1'],
    ])
    expect(calls[0]!.path).toBe(`${PUNCHOUTS}/cxml1.2/users/cx1/configurations`)
  })

  it('is saved by name, an empty value going back to the default (null)', async () => {
    let body: unknown
    icm.use(
      http.patch(icmPath(`${PUNCHOUTS}/cxml1\\.2/users/cx1/configurations`), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(configuration)
      }),
    )
    const { response } = await page(cxmlAction, `${BASE}/cxml/configuration/cx1`, {
      params: { login: 'cx1' },
      form: {
        'entries[0].name': 'cxml.unit.default',
        'entries[0].value': '',
        'entries[1].name': 'cxml.extrinsic.costcenter',
        'entries[1].value': 'CC-2',
      },
    })
    expect(response.headers.get('Location')).toBe(`${BASE}?type=cxml`)
    expect(body).toEqual([
      { name: 'cxml.unit.default', value: null },
      { name: 'cxml.extrinsic.costcenter', value: 'CC-2' },
    ])
  })
})

describe('the OCI configuration', () => {
  const configuration = {
    items: [
      {
        field: 'NEW_ITEM-UNIT',
        transform: '{Unit}',
        formatter: 'UpperCase',
        mappings: [{ mapFromValue: 'C62', mapToValue: 'PCE' }],
      },
      { field: 'NEW_ITEM-VENDOR', transform: '', formatter: '' },
    ],
  }

  it('shows each field with its value, formatter and mappings, two empty mapping rows more, and the options', async () => {
    icm.use(
      get(`${PUNCHOUTS}/oci5`, {
        punchoutType: 'oci',
        version: '5.0',
        availableFormatters: [{ id: 'UpperCase' }, { id: 'LowerCase' }],
        availablePlaceholders: [{ id: 'SKU' }, { id: 'Currency' }],
      }),
      get(`${PUNCHOUTS}/oci5/configurations`, configuration),
    )
    const { data } = await page(ociLoader, `${BASE}/oci/configuration`)
    expect(data.options).toEqual({
      formatters: ['UpperCase', 'LowerCase'],
      placeholders: ['Currency', 'SKU'],
    })
    expect(data.items[0]).toEqual({
      field: 'NEW_ITEM-UNIT',
      transform: '{Unit}',
      formatter: 'UpperCase',
      mappings: [
        { from: 'C62', to: 'PCE' },
        { from: '', to: '' },
        { from: '', to: '' },
      ],
    })
  })

  it('is saved whole, empty mapping rows left out; ICM’s 400 is shown in its own words (spec §8)', async () => {
    allowUnknownCodes('punchout.oci.configuration.invalid')
    const bodies: unknown[] = []
    let refuse = false
    icm.use(
      http.put(icmPath(`${PUNCHOUTS}/oci5/configurations`), async ({ request }) => {
        bodies.push(await request.json())
        return refuse
          ? icmError(
              400,
              'punchout.oci.configuration.invalid',
              'Unknown placeholder {Colour} in NEW_ITEM-UNIT',
            )
          : HttpResponse.json(configuration)
      }),
    )
    const form = {
      'items[0].field': 'NEW_ITEM-UNIT',
      'items[0].transform': '{Unit}',
      'items[0].formatter': 'UpperCase',
      'items[0].mappings[0].from': 'C62',
      'items[0].mappings[0].to': 'PCE',
      'items[0].mappings[1].from': '',
      'items[0].mappings[1].to': '',
      'items[1].field': 'NEW_ITEM-VENDOR',
      'items[1].transform': '',
      'items[1].formatter': '',
    }
    const saved = await page(ociAction, `${BASE}/oci/configuration`, { form })
    expect(saved.response.headers.get('Location')).toBe(`${BASE}?type=oci`)
    expect(bodies[0]).toEqual(
      configuration.items.length && {
        items: [
          {
            field: 'NEW_ITEM-UNIT',
            transform: '{Unit}',
            formatter: 'UpperCase',
            mappings: [{ mapFromValue: 'C62', mapToValue: 'PCE' }],
          },
          { field: 'NEW_ITEM-VENDOR', transform: '', formatter: '', mappings: [] },
        ],
      },
    )
    refuse = true
    const refused = await page(ociAction, `${BASE}/oci/configuration`, {
      form: { ...form, 'items[0].transform': '{Colour}' },
    })
    expect(refused.response.status).toBe(422)
    expect(refused.data.result.error['']).toEqual(['Unknown placeholder {Colour} in NEW_ITEM-UNIT'])
  })
})
