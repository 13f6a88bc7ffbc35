/**
 * The demo of prices for business customers (issue 36, ADR 0045): Stadtwerke Falkenried, a municipal utility
 * that buys under a framework contract whose prices its own ERP keeps, so its users see no prices in the shop
 * (`isPriceDisplayActive` off) and order without them (the extra setting `noPriceCheckoutEnabled` of the
 * configuration include, on in the demo). One user (account owner and buyer, no budget) and the company's
 * address. Written once into a database that lacks them (`ensureDemoPriceDisplay`), so a shop seeded earlier
 * gets them too, and what the operator changed since (the switch, the setting) is not overwritten.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../client'
import * as t from '../schema'
import type { CmsPagelet } from '../schema'
import { hashPassword } from '../../domain/passwords'
import { numberBusinessUsers } from '../../domain/users'
import { DEMO_PASSWORD } from './people'

const DONE_KEY = 'price-display-demo'

/** The include whose first component's parameters are the shop's extra settings (spec shell §3, §7). */
export const CONFIGURATION_INCLUDE_ID = 'include.configuration.pagelet2-Include'
const CONFIGURATION_COMPONENT = 'app_sf_base_cm:component.common.configuration.pagelet2-Component'

export const noPriceCustomer = {
  customerNo: 'BC-200003',
  type: 'SMBCustomer',
  companyName: 'Stadtwerke Falkenried GmbH',
  taxationId: 'DE246813579',
  industry: 'Public utilities',
  costCenterOptional: true,
  priceDisplayActive: false,
} as const

export const noPriceUser = {
  customerNo: noPriceCustomer.customerNo,
  login: 'hfalk',
  email: 'hfalk@stadtwerke-falkenried.test',
  title: 'Ms.',
  firstName: 'Hanna',
  lastName: 'Falk',
  preferredLanguage: 'de_DE',
  roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
}

/** The company's shared address (no owner), for invoices and deliveries. */
const noPriceAddress = {
  id: '00000000-0000-4000-8000-000000000105',
  customerNo: noPriceCustomer.customerNo,
  addressName: 'Betriebshof',
  companyName1: noPriceCustomer.companyName,
  firstName: 'Hanna',
  lastName: 'Falk',
  addressLine1: 'Werkstraße 7',
  postalCode: '24103',
  city: 'Kiel',
  mainDivision: 'SH',
  countryCode: 'DE',
  phoneBusiness: '+49 431 998877',
  email: noPriceUser.email,
}

/**
 * `noPriceCheckoutEnabled` in the configuration include's first component: added to the component the include
 * has, or the include is created with a configuration component holding it.
 */
async function enableNoPriceCheckout(db: Db) {
  const [include] = await db
    .select()
    .from(t.cmsIncludes)
    .where(eq(t.cmsIncludes.id, CONFIGURATION_INCLUDE_ID))
  const setting = { noPriceCheckoutEnabled: { type: 'bc_pmc:types.pagelet2-Boolean', value: true } }
  if (!include) {
    const component: CmsPagelet = {
      id: 'configuration',
      definitionQualifiedName: CONFIGURATION_COMPONENT,
      configurationParameters: setting,
    }
    await db
      .insert(t.cmsIncludes)
      .values({
        id: CONFIGURATION_INCLUDE_ID,
        definitionQualifiedName: `app_sf_base_cm:${CONFIGURATION_INCLUDE_ID}`,
        displayNames: { en_US: 'Configuration' },
        pagelets: [component],
      })
      .onConflictDoNothing()
    return
  }
  const [first, ...rest] = include.pagelets
  const component: CmsPagelet = first
    ? { ...first, configurationParameters: { ...first.configurationParameters, ...setting } }
    : {
        id: 'configuration',
        definitionQualifiedName: CONFIGURATION_COMPONENT,
        configurationParameters: setting,
      }
  await db
    .update(t.cmsIncludes)
    .set({ pagelets: [component, ...rest] })
    .where(eq(t.cmsIncludes.id, CONFIGURATION_INCLUDE_ID))
}

/** Adds the demo's customer without price display, its user and address, and turns no-price checkout on, once. */
export async function ensureDemoPriceDisplay(db: Db) {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, DONE_KEY))
  if (done) return
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db
    await txDb
      .insert(t.customers)
      .values({ ...noPriceCustomer, companyName2: null, description: null })
      .onConflictDoNothing()
    await txDb
      .insert(t.users)
      .values({ ...noPriceUser, passwordHash })
      .onConflictDoNothing()
    await numberBusinessUsers(txDb)
    await txDb.insert(t.addresses).values(noPriceAddress).onConflictDoNothing()
    await enableNoPriceCheckout(txDb)
    await txDb.insert(t.meta).values({ key: DONE_KEY, value: true }).onConflictDoNothing()
  })
}
