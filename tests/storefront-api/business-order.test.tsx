// @vitest-environment jsdom
/**
 * A business customer's account admin against the real commerce API (issue 30, "loaders against the real
 * API"): Jack Link (`jlink`, account admin without limits) orders on the German shop on his cost center Head
 * Office. Business customers see net prices (spec commerce §1), yet each page with totals must still show what
 * is payable, the gross total. The cost center pages then show the seeded budgets and the order as spent
 * (Brightline's budgets count gross, the default budget price type), and user management shows the seeded
 * users with their roles and budgets (commerce-api/db/seed). Each test goes on from where the one before left
 * him.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { demoCostCenters, userBudgets } from '../../commerce-api/db/seed/organization'
import { demoUsers, roleRows } from '../../commerce-api/db/seed/people'
import { formatMoney } from '~/models/price'
import CostCentersPage, {
  loader as costCentersLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers._index'
import CostCenterPage, {
  loader as costCenterLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.$costCenterId._index'
import UserPage, { loader as userLoader } from '~/routes/$lang._shop.account.organization.users.$login._index'
import UsersPage, { loader as usersLoader } from '~/routes/$lang._shop.account.organization.users._index'
import OrderPage, { loader as orderLoader } from '~/routes/$lang._shop.account.orders.$orderId'
import BasketPage, { loader as basketLoader } from '~/routes/$lang._shop.basket'
import ReceiptPage, { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import ReviewPage, { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { Browser, minor, rowsOf, seeded, withGermanVat } from './shop'

afterEach(cleanup)

const SKU = '1000005'
const QUANTITY = 4
const HEAD_OFFICE = demoCostCenters.find((costCenter) => costCenter.costCenterId === '100600')!
const eur = (cents: number) => formatMoney({ value: cents / 100, currency: 'EUR' }, 'de-DE')

const jack = new Browser('de')
let price: Awaited<ReturnType<typeof seeded>>
let net: number
let gross: number
let order: { id: string; documentNumber: string }
/** The text of each page's totals (its `.basket-totals` sections), for the checks of the payable total. */
const totalsText: Record<string, string> = {}

const recordTotals = () =>
  [...document.querySelectorAll('.basket-totals')].map((section) => section.textContent).join(' | ')

beforeAll(async () => {
  price = await seeded(SKU, 'EUR', 'de_DE')
  net = price.net * QUANTITY
  gross = withGermanVat(net)
  await jack.login('jlink')
  await jack.add(SKU, QUANTITY)
})

describe('Jack Link ordering for his cost center', () => {
  it('sees net prices in his basket, on his only cost center', async () => {
    const { basket, costCenter } = await jack.load(basketLoader, '/de/basket')
    expect(costCenter.selected).toEqual({ id: HEAD_OFFICE.costCenterId, name: HEAD_OFFICE.name })
    expect(minor(basket.lines[0].singleBasePrice.net)).toBe(price.net)
    expect(minor(basket.totals.items.net)).toBe(net)
    expect(minor(basket.totals.tax)).toBe(gross - net)
    expect(minor(basket.totals.total.gross)).toBe(gross)

    const t = jack.render('/de/basket', ':lang/basket', BasketPage, basketLoader)
    const total = await screen.findByTestId('basket-total')
    expect(screen.getByTestId('basket-line').textContent).toContain(eur(price.net))
    expect(rowsOf(total.closest('section')!)).toContainEqual([t('checkout.totals.items'), eur(net)])
    totalsText.basket = recordTotals()
  })

  it('reviews the order on Hauptverwaltung without approval, the tax added to the net items', async () => {
    await jack.checkoutToReview('München')
    const { basket, budget } = await jack.load(reviewLoader, '/de/checkout/review')
    expect(basket.costCenter).toEqual({ id: HEAD_OFFICE.costCenterId, name: HEAD_OFFICE.name })
    expect(basket.approval?.required ?? false).toBe(false)
    // No limits: no budget widget.
    expect(budget).toBeNull()
    expect(minor(basket.totals.total.net)).toBe(net)
    expect(minor(basket.totals.total.gross)).toBe(gross)

    const t = jack.render('/de/checkout/review', ':lang/checkout/review', ReviewPage, reviewLoader)
    const total = await screen.findByTestId('checkout-total')
    const rows = rowsOf(total.closest('section')!)
    expect(rows).toContainEqual([t('checkout.totals.items'), eur(net)])
    expect(rows).toContainEqual([t('checkout.totals.tax_added'), eur(gross - net)])
    expect(screen.getByTestId('review-cost-center').textContent).toContain(HEAD_OFFICE.name)
    totalsText.review = recordTotals()
  })

  it('places the order and reads it on the receipt and on the order’s page', async () => {
    const { basket } = await jack.load(reviewLoader, '/de/checkout/review')
    const receipt = await jack.post(reviewAction, '/de/checkout/review', {
      basketId: basket.id,
      termsAndConditions: 'on',
    })
    expect(receipt).toMatch(/^\/de\/checkout\/receipt\?orderId=/)
    const data = await jack.load(receiptLoader, receipt)
    order = data.order
    expect(data.order.costCenter).toMatchObject({ id: HEAD_OFFICE.costCenterId })
    expect(minor(data.order.totals.total.gross)).toBe(gross)
    expect(minor(data.order.totals.total.net)).toBe(net)

    const t = jack.render(receipt, ':lang/checkout/receipt', ReceiptPage, receiptLoader)
    expect((await screen.findByTestId('order-number')).textContent).toBe(
      t('checkout.receipt.number', { number: order.documentNumber }),
    )
    totalsText.receipt = recordTotals()
    cleanup()

    jack.render(`/de/account/orders/${order.id}`, ':lang/account/orders/:orderId', OrderPage, orderLoader)
    const orderTotal = await screen.findByTestId('order-total')
    expect(rowsOf(orderTotal.closest('section')!)).toContainEqual([
      t('checkout.totals.tax_added'),
      eur(gross - net),
    ])
    totalsText['order detail'] = recordTotals()
  })

  it('finds the company’s cost centers with their seeded budgets, Hauptverwaltung having spent the order', async () => {
    const { costCenters } = await jack.load(costCentersLoader, '/de/account/organization/cost-centers')
    const seededBrightline = demoCostCenters.filter((costCenter) => costCenter.customerNo === 'BC-200001')
    expect(costCenters.map((costCenter: { costCenterId: string }) => costCenter.costCenterId).sort()).toEqual(
      seededBrightline.map((costCenter) => costCenter.costCenterId).sort(),
    )
    for (const seededOne of seededBrightline) {
      const spent = seededOne === HEAD_OFFICE ? gross : 0
      const shown = costCenters.find(
        (c: { costCenterId: string }) => c.costCenterId === seededOne.costCenterId,
      )
      expect(shown.name).toBe(seededOne.name)
      expect(shown.budget.budgetPeriod).toBe(seededOne.budgetPeriod)
      expect(minor(shown.budget.budget)).toBe(seededOne.budget)
      expect(minor(shown.budget.spent)).toBe(spent)
      expect(minor(shown.budget.remaining)).toBe(seededOne.budget - spent)
    }

    const t = jack.render(
      '/de/account/organization/cost-centers',
      ':lang/account/organization/cost-centers',
      CostCentersPage,
      costCentersLoader,
    )
    const link = await screen.findByRole('link', {
      name: t('account.costcenter.view', { name: HEAD_OFFICE.name, id: HEAD_OFFICE.costCenterId }),
    })
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual([
      HEAD_OFFICE.costCenterId,
      HEAD_OFFICE.name,
      'Jack Link',
      `${eur(HEAD_OFFICE.budget)} (${t(`account.costcenter.period.${HEAD_OFFICE.budgetPeriod}`)})`,
      `${eur(gross)} / ${eur(HEAD_OFFICE.budget - gross)}`,
      t('account.costcenter.status.active'),
    ])
  })

  it('opens Hauptverwaltung: its budget, spent and remaining, and the order in its net total', async () => {
    const path = `/de/account/organization/cost-centers/${HEAD_OFFICE.costCenterId}`
    const { costCenter } = await jack.load(costCenterLoader, path, { costCenterId: HEAD_OFFICE.costCenterId })
    expect(minor(costCenter.budget.budget)).toBe(HEAD_OFFICE.budget)
    expect(minor(costCenter.budget.spent)).toBe(gross)
    expect(costCenter.orders).toMatchObject([{ orderNo: order.documentNumber }])
    expect(minor(costCenter.orders[0].totalGross)).toBe(gross)

    const t = jack.render(
      path,
      ':lang/account/organization/cost-centers/:costCenterId',
      CostCenterPage,
      costCenterLoader,
    )
    await screen.findByRole('heading', { level: 1, name: HEAD_OFFICE.name })
    expect(rowsOf(document.querySelector('.budget-info')!)).toEqual([
      [t('account.budget.order_spent_limit'), t('account.budget.no_limit')],
      [
        t('account.budget.budget'),
        t('account.budget.per_period.yearly', { amount: eur(HEAD_OFFICE.budget) }),
      ],
      [t('account.budget.spent'), eur(gross)],
      [t('account.budget.remaining'), eur(HEAD_OFFICE.budget - gross)],
    ])
    const orderRow = within(document.querySelector('.cost-center-orders')!).getByText(order.documentNumber)
    expect(orderRow.closest('tr')!.textContent).toContain(eur(net))
  })
})

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

describe('the payable gross total on a business buyer’s pages (net display, spec commerce §1 and §5)', () => {
  it.each(['basket', 'review', 'receipt', 'order detail'])('the %s shows it', (page) => {
    expect(totalsText[page], `the ${page} was shown`).toEqual(expect.any(String))
    expect(totalsText[page]).toContain(eur(gross))
  })
})
