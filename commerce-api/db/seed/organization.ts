/**
 * The demo companies' organization (issue 17): the staff of Brightline beyond the one-user-per-role set of
 * people.ts, every business user's budget, and the cost centers with their owners, buyers and budgets. Written
 * once into a database that lacks them (`ensureDemoOrganization`), so a shop seeded earlier gets them too and
 * nothing a demo user changed is overwritten. Amounts are minor units of EUR.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../client'
import * as t from '../schema'
import type { BudgetPeriod } from '../schema'

type Budget = { orderSpentLimit: number | null; budget: number | null; budgetPeriod: BudgetPeriod | null }

const eur = (amount: number) => amount * 100

/** Each business user's budget by login; users not listed have none (no limit). */
export const userBudgets: Record<string, Budget> = {
  jlink: { orderSpentLimit: null, budget: null, budgetPeriod: null },
  efischer: { orderSpentLimit: eur(10_000), budget: eur(50_000), budgetPeriod: 'quarterly' },
  bbuyer: { orderSpentLimit: eur(1_500), budget: eur(5_000), budgetPeriod: 'monthly' },
  aapprover: { orderSpentLimit: eur(3_000), budget: eur(10_000), budgetPeriod: 'monthly' },
  ccowner: { orderSpentLimit: eur(5_000), budget: eur(20_000), budgetPeriod: 'quarterly' },
  omanager: { orderSpentLimit: eur(2_000), budget: eur(8_000), budgetPeriod: 'monthly' },
  hweber: { orderSpentLimit: eur(4_000), budget: eur(15_000), budgetPeriod: 'quarterly' },
  mfoster: { orderSpentLimit: eur(800), budget: eur(1_000), budgetPeriod: 'weekly' },
  lnowak: { orderSpentLimit: eur(1_000), budget: eur(4_000), budgetPeriod: 'monthly' },
  adumitru: { orderSpentLimit: eur(1_000), budget: eur(4_000), budgetPeriod: 'monthly' },
  cmartin: { orderSpentLimit: eur(2_500), budget: eur(30_000), budgetPeriod: 'yearly' },
  tschulz: { orderSpentLimit: eur(500), budget: eur(2_000), budgetPeriod: 'monthly' },
  nbauer: { orderSpentLimit: eur(2_000), budget: eur(6_000), budgetPeriod: 'monthly' },
  mkestrel: { orderSpentLimit: null, budget: null, budgetPeriod: null },
  tkestrel: { orderSpentLimit: eur(1_200), budget: eur(3_000), budgetPeriod: 'monthly' },
  lkestrel: { orderSpentLimit: eur(2_000), budget: eur(9_000), budgetPeriod: 'quarterly' },
  rkestrel: { orderSpentLimit: eur(3_000), budget: eur(12_000), budgetPeriod: 'quarterly' },
  skestrel: { orderSpentLimit: eur(1_500), budget: eur(5_000), budgetPeriod: 'monthly' },
}

type DemoCostCenter = {
  customerNo: string
  costCenterId: string
  name: string
  owner: string
  budget: number
  budgetPeriod: BudgetPeriod
  /** Buyers by login, each with their own budget on the cost center (null: the cost center's budget only). */
  buyers: Record<string, { budget: number; budgetPeriod: BudgetPeriod } | null>
}

export const demoCostCenters: DemoCostCenter[] = [
  {
    customerNo: 'BC-200001',
    costCenterId: '100400',
    name: 'Baustellenbetrieb Berlin',
    owner: 'ccowner',
    budget: eur(60_000),
    budgetPeriod: 'quarterly',
    buyers: {
      bbuyer: { budget: eur(3_000), budgetPeriod: 'monthly' },
      mfoster: { budget: eur(1_000), budgetPeriod: 'monthly' },
      lnowak: { budget: eur(2_500), budgetPeriod: 'monthly' },
      ccowner: null,
      // adumitru and lnowak buy for two cost centers each, and choose one for each basket.
      adumitru: { budget: eur(1_000), budgetPeriod: 'monthly' },
    },
  },
  {
    customerNo: 'BC-200001',
    costCenterId: '100500',
    name: 'Werkstatt und Fuhrpark',
    owner: 'hweber',
    budget: eur(25_000),
    budgetPeriod: 'quarterly',
    buyers: {
      hweber: null,
      tschulz: { budget: eur(1_500), budgetPeriod: 'monthly' },
      adumitru: { budget: eur(2_000), budgetPeriod: 'monthly' },
    },
  },
  {
    customerNo: 'BC-200001',
    costCenterId: '100600',
    name: 'Hauptverwaltung',
    owner: 'jlink',
    budget: eur(40_000),
    budgetPeriod: 'yearly',
    buyers: {
      jlink: null,
      efischer: null,
      aapprover: { budget: eur(5_000), budgetPeriod: 'quarterly' },
      cmartin: { budget: eur(4_000), budgetPeriod: 'quarterly' },
      omanager: { budget: eur(2_000), budgetPeriod: 'monthly' },
      nbauer: { budget: eur(2_000), budgetPeriod: 'monthly' },
      lnowak: { budget: eur(1_500), budgetPeriod: 'monthly' },
    },
  },
  {
    customerNo: 'BC-200002',
    costCenterId: 'K-10',
    name: 'Gebäudeservice Nord',
    owner: 'rkestrel',
    budget: eur(30_000),
    budgetPeriod: 'quarterly',
    buyers: {
      rkestrel: null,
      tkestrel: { budget: eur(2_000), budgetPeriod: 'monthly' },
      lkestrel: null,
      skestrel: { budget: eur(1_500), budgetPeriod: 'monthly' },
    },
  },
]

/** Budgets of demo users who have none yet (a budget a demo user changed stays as it is). */
async function ensureUserBudgets(db: Db) {
  for (const [login, budget] of Object.entries(userBudgets)) {
    if (budget.budget === null && budget.orderSpentLimit === null) continue
    await db
      .update(t.users)
      .set({ ...budget, budgetCurrency: 'EUR' })
      .where(and(eq(t.users.login, login), isNull(t.users.budget), isNull(t.users.orderSpentLimit)))
  }
}

/** The demo cost centers a database lacks, with their buyers; existing ones are left as they are. */
async function ensureCostCenters(db: Db) {
  const logins = [...new Set(demoCostCenters.flatMap((c) => [c.owner, ...Object.keys(c.buyers)]))]
  const people = await db
    .select({ id: t.users.id, login: t.users.login })
    .from(t.users)
    .where(inArray(t.users.login, logins))
  const idOf = new Map(people.map((p) => [p.login, p.id]))
  for (const center of demoCostCenters) {
    const [created] = await db
      .insert(t.costCenters)
      .values({
        customerNo: center.customerNo,
        costCenterId: center.costCenterId,
        name: center.name,
        ownerId: idOf.get(center.owner) ?? null,
        budget: center.budget,
        budgetPeriod: center.budgetPeriod,
        currency: 'EUR',
      })
      .onConflictDoNothing()
      .returning({ id: t.costCenters.id })
    if (!created) continue
    const buyers = Object.entries(center.buyers).flatMap(([login, budget]) => {
      const userId = idOf.get(login)
      return userId
        ? [
            {
              costCenterId: created.id,
              userId,
              budget: budget?.budget ?? null,
              budgetPeriod: budget?.budgetPeriod ?? null,
            },
          ]
        : []
    })
    if (buyers.length) await db.insert(t.costCenterBuyers).values(buyers).onConflictDoNothing()
  }
}

/** Budgets and cost centers of the demo companies, inside the caller's transaction. */
export async function ensureOrganization(db: Db) {
  await ensureUserBudgets(db)
  await ensureCostCenters(db)
}

/** Budgets and cost centers of the demo companies, in a transaction of their own (a database seeded earlier). */
export async function ensureDemoOrganization(db: Db) {
  await db.transaction((tx) => ensureOrganization(tx as unknown as Db))
}
