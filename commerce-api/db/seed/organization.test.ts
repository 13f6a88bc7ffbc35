import { describe, expect, it } from 'vitest'
import { ROLE_IDS } from '../../domain/permissions'
import { demoCostCenters, userBudgets } from './organization'
import { demoUsers } from './people'

/**
 * The demo company's organization (issue 17): a realistic company of 15–25 people in every role, punchout users
 * among them, and three cost centers whose owners, buyers and budgets are the company's own people.
 */
const BRIGHTLINE = 'BC-200001'
const staff = demoUsers.filter((u) => u.customerNo === BRIGHTLINE)
const byLogin = new Map(demoUsers.map((u) => [u.login, u]))
const PUNCHOUT = ['APP_B2B_OCI_USER', 'APP_B2B_CXML_USER']

describe('the demo organization', () => {
  it('gives Brightline 15 to 25 users and someone in every role, an OCI and a cXML user among them', () => {
    expect(staff.length).toBeGreaterThanOrEqual(15)
    expect(staff.length).toBeLessThanOrEqual(25)
    const held = new Set(staff.flatMap((u) => u.roles))
    for (const role of ROLE_IDS) expect(held, role).toContain(role)
    expect(new Set(staff.map((u) => u.login)).size).toBe(staff.length)
    expect(new Set(staff.map((u) => u.email.toLowerCase())).size).toBe(staff.length)
  })

  it('gives Brightline three cost centers, each owned by and bought on by its own people with budgets', () => {
    const centers = demoCostCenters.filter((c) => c.customerNo === BRIGHTLINE)
    expect(centers).toHaveLength(3)
    for (const center of centers) {
      const owner = byLogin.get(center.owner)
      expect(owner?.customerNo, center.costCenterId).toBe(BRIGHTLINE)
      expect(center.budget).toBeGreaterThan(0)
      const buyers = Object.entries(center.buyers)
      expect(buyers.length).toBeGreaterThanOrEqual(3)
      for (const [login, budget] of buyers) {
        const buyer = byLogin.get(login)
        expect(buyer?.customerNo, login).toBe(BRIGHTLINE)
        // People who order never hold a punchout role (spec org §5).
        expect(
          buyer!.roles.some((r) => PUNCHOUT.includes(r)),
          login,
        ).toBe(false)
        if (budget) expect(budget.budget).toBeGreaterThan(0)
      }
      expect(buyers.some(([, budget]) => budget !== null)).toBe(true)
    }
  })

  it('gives budgets only to existing business users, in a period whenever there is a period budget', () => {
    for (const [login, budget] of Object.entries(userBudgets)) {
      expect(byLogin.get(login)?.customerNo, login).toMatch(/^BC-/)
      expect(budget.budget === null, login).toBe(budget.budgetPeriod === null)
    }
    const withBudget = staff.filter((u) => userBudgets[u.login]?.budget)
    expect(withBudget.length).toBeGreaterThanOrEqual(10)
  })
})

describe('the demo cost centers', () => {
  it('are named in their German customers’ language, not in English (issue 32)', () => {
    for (const center of demoCostCenters) {
      expect(center.name, center.costCenterId).not.toMatch(
        /\b(and|of|the|head|office|site|operations|services|workshop|fleet|north|south)\b/i,
      )
    }
    expect(demoCostCenters.map((c) => c.name)).toContain('Hauptverwaltung')
  })
})
