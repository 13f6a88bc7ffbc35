/**
 * The punchout administration `/{lang}/account/punchout` (issue 34, spec shell §3, §7) on an answer only a
 * real ICM sends: a customer without any punchout type. Everything the commerce API can answer (the guards,
 * the list per type, users created, changed and deleted, the cXML and OCI configuration and their refusals)
 * is tested against it in tests/storefront-api/punchout-admin.test.ts and punchout-pages.test.tsx; the API
 * always offers its three types, so this case stays with a fixture.
 */
import { describe, expect, it } from 'vitest'
import { loader as listLoader } from '~/routes/$lang._shop.account.punchout._index'
import type { SessionUser } from '~/services/session.server'
import { get, icm } from './icm-mock'
import { answer, args, signedInCookie } from './loader-args'
import { CUSTOMER, PUNCHOUTS } from './punchout-fixtures'
import './setup'

const ADMIN: SessionUser = {
  login: 'jlink',
  firstName: 'Jack',
  lastName: 'Link',
  customerNo: CUSTOMER,
  customerType: 'SMBCustomer',
  roles: ['APP_B2B_ACCOUNT_OWNER'],
  permissions: ['APP_B2B_MANAGE_PUNCHOUT'],
}

describe('the list', () => {
  it('says so when the company has no punchout type (an ICM configured without punchout)', async () => {
    icm.use(get(PUNCHOUTS, { type: 'ResourceCollection', name: 'punchouts', elements: [] }))
    const { data } = await answer(
      listLoader,
      args('/en/account/punchout?type=oci', { cookie: await signedInCookie(ADMIN) }),
    )
    expect(data.types).toEqual([])
    expect(data.selected).toBeNull()
    expect(data.users).toEqual([])
  })
})
