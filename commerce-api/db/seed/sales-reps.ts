/**
 * The demo's sales representatives (issue 35): one looks after both business customers, one after a private
 * customer, so that each has customers of the other to be refused. They sign in to the commerce API's sales
 * desk (`/sales-desk`) with their login or e-mail address and DEMO_PASSWORD; the README lists them.
 */
import type { Db } from '../client'
import { hashPassword } from '../../domain/passwords'
import { salesReps } from '../schema'
import { DEMO_PASSWORD } from './people'

export const demoSalesReps = [
  {
    id: 'SR-1001',
    login: 'svogt',
    email: 'svogt@ironbridge.test',
    firstName: 'Sabine',
    lastName: 'Vogt',
    customerNos: ['BC-200001', 'BC-200002'],
  },
  {
    id: 'SR-1002',
    login: 'dhale',
    email: 'dhale@ironbridge.test',
    firstName: 'David',
    lastName: 'Hale',
    customerNos: ['PC-100001'],
  },
] as const

/** Adds the demo's representatives a database lacks (a shop seeded before issue 35 gets them at start). */
export async function ensureDemoSalesReps(db: Db) {
  const present = new Set((await db.select({ id: salesReps.id }).from(salesReps)).map((row) => row.id))
  const missing = demoSalesReps.filter((rep) => !present.has(rep.id))
  if (!missing.length) return
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db
    .insert(salesReps)
    .values(missing.map((rep) => ({ ...rep, customerNos: [...rep.customerNos], passwordHash })))
    .onConflictDoNothing()
}
