// @vitest-environment jsdom
/**
 * User management against the real commerce API (issue 30, "loaders against the real API"): Jack Link
 * (`jlink`, account admin) lists Brightline's users and opens Bernhard Boldner's page on the German shop; both
 * show the seeded users with their roles and budgets (commerce-api/db/seed), nobody having spent anything yet.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { userBudgets } from '../../commerce-api/db/seed/organization'
import { demoUsers, roleRows } from '../../commerce-api/db/seed/people'
import { formatMoney } from '~/models/price'
import UsersPage, { loader as usersLoader } from '~/routes/$lang._shop.account.organization.users._index'
import UserPage, { loader as userLoader } from '~/routes/$lang._shop.account.organization.users.$login._index'
import { Browser, minor, rowsOf } from './shop'

afterEach(cleanup)

const eur = (cents: number) => formatMoney({ value: cents / 100, currency: 'EUR' }, 'de-DE')
const PUNCHOUT_ROLES = ['APP_B2B_OCI_USER', 'APP_B2B_CXML_USER', 'APP_B2B_IDS_USER']
/** Brightline's seeded users who order (punchout users are no people who order, and are not listed). */
const brightline = demoUsers.filter(
  (user) => user.customerNo === 'BC-200001' && !user.roles.some((role) => PUNCHOUT_ROLES.includes(role)),
)
const roleName = (id: string) => roleRows.find((role) => role.id === id)!.displayNames.de_DE
const BBUYER = brightline.find((user) => user.login === 'bbuyer')!
const BBUYER_BUDGET = userBudgets.bbuyer!

/** An amount in minor units, null when there is none (no limit). */
const inMinor = (money: { value: number } | undefined) => (money ? minor(money) : null)

const jack = new Browser('de')
beforeAll(() => jack.login('jlink'))

describe('Brightline’s users as its account admin sees them', () => {
  it('lists every seeded user who orders, with roles and budget', async () => {
    const { users } = await jack.load(usersLoader, '/de/account/organization/users')
    expect(users.map((user: { login: string }) => user.login).sort()).toEqual(
      brightline.map((user) => user.login).sort(),
    )
    for (const seededUser of brightline) {
      const shown = users.find((user: { login: string }) => user.login === seededUser.login)
      expect(shown).toMatchObject({ firstName: seededUser.firstName, lastName: seededUser.lastName })
      expect([...shown.roleIDs].sort()).toEqual([...seededUser.roles].sort())
      const budget = userBudgets[seededUser.login]
      expect(inMinor(shown.budget?.orderSpentLimit)).toBe(budget?.orderSpentLimit ?? null)
      expect(inMinor(shown.budget?.budget)).toBe(budget?.budget ?? null)
    }

    const t = jack.render(
      '/de/account/organization/users',
      ':lang/account/organization/users',
      UsersPage,
      usersLoader,
    )
    const link = await screen.findByRole('link', { name: 'Bernhard Boldner' })
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual([
      'Bernhard Boldner',
      BBUYER.email,
      BBUYER.roles.map(roleName).join(', '),
      [
        t('account.user.budget.summary.order_limit', { amount: eur(BBUYER_BUDGET.orderSpentLimit!) }),
        t('account.user.budget.summary.budget', {
          amount: eur(BBUYER_BUDGET.budget!),
          period: t(`account.user.budget.period.${BBUYER_BUDGET.budgetPeriod}`),
        }),
        t('account.user.budget.summary.remaining', { amount: eur(BBUYER_BUDGET.budget!) }),
      ].join(' · '),
      t('account.user.status.active'),
    ])
  })

  it('shows a user’s profile, roles and budget with nothing spent yet', async () => {
    const path = '/de/account/organization/users/bbuyer'
    const { user, roles } = await jack.load(userLoader, path, { login: 'bbuyer' })
    expect(user).toMatchObject({ login: 'bbuyer', email: BBUYER.email, active: true })
    expect(roles).toEqual(BBUYER.roles.map(roleName))
    expect(minor(user.budget.spent)).toBe(0)
    expect(minor(user.budget.remaining)).toBe(BBUYER_BUDGET.budget)

    const t = jack.render(path, ':lang/account/organization/users/:login', UserPage, userLoader)
    await screen.findByRole('heading', { level: 1, name: 'Bernhard Boldner' })
    expect(rowsOf(document.querySelector('.budget-info')!)).toEqual([
      [t('account.budget.order_spent_limit'), eur(BBUYER_BUDGET.orderSpentLimit!)],
      [
        t('account.budget.budget'),
        t(`account.budget.per_period.${BBUYER_BUDGET.budgetPeriod}`, { amount: eur(BBUYER_BUDGET.budget!) }),
      ],
      [t('account.budget.spent'), eur(0)],
      [t('account.budget.remaining'), eur(BBUYER_BUDGET.budget!)],
    ])
    expect(screen.getByText(BBUYER.email)).toBeTruthy()
  })
})
