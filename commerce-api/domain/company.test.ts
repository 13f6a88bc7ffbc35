/**
 * The company profile without HTTP (issue 17): business customers with user management change it, private
 * customers and users without the permission are refused, fields left out keep their value.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { customers } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { userPrincipal } from './basket-test-fixtures'
import { updateCompanyProfile } from './company'
import { DomainError } from './errors'
import type { Principal } from './tokens'

let database: Database
type UserPrincipal = Extract<Principal, { anonymous: false }>
const user = async (login: string) => (await userPrincipal(database.db, login)) as UserPrincipal

beforeAll(async () => {
  database = await seededTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(DomainError)
  return `${(error as DomainError).kind}:${(error as DomainError).code}`
}

describe('the company profile', () => {
  it('is changed by an account administrator; a field left out keeps its value, an empty one is removed', async () => {
    const { customer } = await updateCompanyProfile(database.db, await user('jlink'), {
      companyName: '  Brightline Construction AG ',
      companyName2: 'Hochbau',
      description: '',
    })
    expect(customer).toMatchObject({
      customerNo: 'BC-200001',
      companyName: 'Brightline Construction AG',
      companyName2: 'Hochbau',
      taxationId: 'DE123456789',
      industry: 'Construction',
      description: null,
      type: 'SMBCustomer',
      budgetPriceType: 'gross',
    })
    const [kestrel] = await database.db.select().from(customers).where(eq(customers.customerNo, 'BC-200002'))
    expect(kestrel!.companyName).toBe('Kestrel Facility Services GmbH')
  })

  it('is refused to a business user without user management and to a private customer', async () => {
    expect(await refusal(updateCompanyProfile(database.db, await user('bbuyer'), { companyName: 'X' }))).toBe(
      'forbidden:authorization.forbidden',
    )
    expect(
      await refusal(
        updateCompanyProfile(database.db, await user('patricia@ironbridge.test'), {
          companyName: 'Miller Ltd',
        }),
      ),
    ).toBe('forbidden:customer.update.not_business')
    const [privateOne] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.customerNo, 'PC-100001'))
    expect(privateOne!.companyName).toBeNull()
  })
})
