/**
 * The demo's contact persons (issue 36): the shop's key account manager of each demo business customer, whom
 * `GET contactpersons` names to the company's users. Private customers have none. The README lists them.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../client'
import { contactPersons, customers } from '../schema'

export const demoContactPersons = [
  {
    id: 'CP-1001',
    customerNo: 'BC-200001',
    title: 'Ms.',
    firstName: 'Hanna',
    lastName: 'Kessler',
    email: 'hanna.kessler@ironbridge.test',
    phone: '+49 30 1234 5610',
    homePage: 'https://ironbridge.test/team/hanna-kessler',
    company: 'Ironbridge Supply GmbH',
    position: {
      en_US: 'Key account manager, construction',
      de_DE: 'Key-Account-Managerin Bau',
      fr_FR: 'Responsable grands comptes, construction',
      pl_PL: 'Kierowniczka ds. kluczowych klientów, budownictwo',
      ro_RO: 'Manager de cont cheie, construcții',
    },
  },
  {
    id: 'CP-1002',
    customerNo: 'BC-200002',
    title: 'Mr.',
    firstName: 'Tomasz',
    lastName: 'Wójcik',
    email: 'tomasz.wojcik@ironbridge.test',
    phone: '+49 30 1234 5620',
    homePage: null,
    company: 'Ironbridge Supply GmbH',
    position: {
      en_US: 'Customer service, facility management',
      de_DE: 'Kundenservice Facility-Management',
      fr_FR: 'Service client, gestion technique des bâtiments',
      pl_PL: 'Obsługa klienta, zarządzanie nieruchomościami',
      ro_RO: 'Serviciul clienți, administrarea clădirilor',
    },
  },
] as const

/**
 * Adds the demo's contact persons a database lacks and gives each its demo customer where that customer has
 * none yet (a shop seeded before issue 36 gets them at start; a person the operator changed stays as it is).
 */
export async function ensureDemoContactPersons(db: Db) {
  await db
    .insert(contactPersons)
    .values(
      demoContactPersons.map(({ customerNo: _customerNo, position, ...person }) => ({
        ...person,
        position: { ...position },
      })),
    )
    .onConflictDoNothing()
  for (const person of demoContactPersons)
    await db
      .update(customers)
      .set({ contactPersonId: person.id })
      .where(and(eq(customers.customerNo, person.customerNo), isNull(customers.contactPersonId)))
}
