// @vitest-environment jsdom
/**
 * Cost center management's pages as a shopper meets them (issue 17): the breadcrumbs of spec §2, the list's
 * columns, status words and page links, labelled form fields, the delete confirmation without JavaScript, and
 * the buyers page's checkboxes.
 */
import { createRemixStub } from '@remix-run/testing'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import CostCenterPage, {
  loader as detailLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.$costCenterId._index'
import BuyersPage, {
  loader as buyersLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.$costCenterId.buyers'
import CreatePage, {
  loader as createLoader,
} from '~/routes/$lang._shop.account.organization.cost-centers.create'
import ListPage, { loader as listLoader } from '~/routes/$lang._shop.account.organization.cost-centers._index'
import { i18nFor } from '~/services/i18n.server'
import { requireLocale } from '~/services/shopper.server'
import type { SessionUser } from '~/services/session.server'
import {
  ADMIN,
  companyUsers,
  cookieOf,
  costCenterJson,
  costCenterList,
  detailOf,
  LIST_URL,
  OWNER,
  recordIcm,
} from './org-cost-centers-fixtures'
import './setup'
import { cellTexts } from './table-text'

afterEach(cleanup)

/** Renders one route at a path, its loader called as the server would with the user's session. */
async function show(
  path: string,
  pattern: string,
  Component: () => JSX.Element,
  loader: (args: any) => Promise<unknown>,
  { user = ADMIN, extra = {} }: { user?: SessionUser; extra?: Record<string, unknown> } = {},
) {
  const cookie = await cookieOf(user, extra)
  // The root's loader gives every page its locale (useShell), as app/root.tsx does.
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ locale: requireLocale({ lang: 'en' }) }),
      children: [
        {
          path: pattern,
          Component,
          loader: ({ request, params, context }) =>
            loader({ request: new Request(request.url, { headers: { Cookie: cookie } }), params, context }),
        },
      ],
    },
  ])
  render(
    <I18nextProvider i18n={i18nFor('en_US')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  )
}

const crumbs = () =>
  within(screen.getByRole('navigation', { name: /breadcrumb/i }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('cost center pages', () => {
  it('the list shows each cost center’s columns, its status in words, and page links', async () => {
    recordIcm('get', 'costcenters', () =>
      costCenterList([costCenterJson('CC-126'), costCenterJson('CC-127', { active: false })], {
        offset: 25,
        limit: 25,
        total: 27,
      }),
    )
    await show(`${LIST_URL}?page=2`, '/:lang/account/organization/cost-centers', ListPage, listLoader)
    await screen.findByRole('heading', { level: 1, name: 'Cost center management' })
    expect(crumbs()).toEqual(['Home', 'Cost center management'])
    const rows = screen.getAllByTestId('cost-center-row')
    expect(cellTexts(rows)).toEqual([
      [
        'CC-126',
        'Cost center CC-126',
        'Owen Owner',
        '€5,000.00 (monthly)',
        '€1,200.00 / €3,800.00',
        'Active',
      ],
      [
        'CC-127',
        'Cost center CC-127',
        'Owen Owner',
        '€5,000.00 (monthly)',
        '€1,200.00 / €3,800.00',
        'Inactive',
      ],
    ])
    expect(screen.getByRole('columnheader', { name: 'Spent / remaining' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Page 2 of 2' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(LIST_URL)
    expect(screen.getByLabelText('Filter by name or ID').getAttribute('maxlength')).toBe('100')
    expect(screen.getByRole('link', { name: 'Create cost center' }).getAttribute('href')).toBe(
      `${LIST_URL}/create`,
    )
  })

  it('the create page has labelled fields and the manager choices', async () => {
    recordIcm('get', 'users', () => companyUsers())
    await show(
      `${LIST_URL}/create`,
      '/:lang/account/organization/cost-centers/create',
      CreatePage,
      createLoader,
      {
        extra: { visitedParents: [LIST_URL] },
      },
    )
    await screen.findByRole('heading', { level: 1, name: 'Create cost center' })
    expect(crumbs()).toEqual(['Home', 'Cost center management', 'Create cost center'])
    expect(screen.getByLabelText('Cost center ID').getAttribute('maxlength')).toBe('35')
    const owner = screen.getByLabelText('Cost center manager') as HTMLSelectElement
    expect([...owner.options].map((option) => option.value)).toEqual([ADMIN.login, OWNER.login])
    expect(owner.value).toBe(ADMIN.login)
    expect((screen.getByLabelText(/^Active/) as HTMLInputElement).checked).toBe(true)
  })

  it('the detail page asks once more before deleting, as a plain form', async () => {
    detailOf()
    await show(
      `${LIST_URL}/CC-100?delete=confirm`,
      '/:lang/account/organization/cost-centers/:costCenterId',
      CostCenterPage,
      detailLoader,
      {
        user: OWNER,
      },
    )
    await screen.findByRole('heading', { level: 1, name: 'Cost center CC-100' })
    expect(crumbs()).toEqual(['Home', 'Cost center management', 'Cost center CC-100'])
    expect(screen.getByText('Do you really want to delete the cost center Cost center CC-100?')).toBeTruthy()
    const confirm = screen.getByRole('button', { name: 'Yes, delete' })
    expect(confirm.getAttribute('name')).toBe('intent')
    expect(confirm.getAttribute('value')).toBe('delete')
    expect(confirm.closest('form')!.getAttribute('method')).toBe('post')
    expect(screen.getByRole('link', { name: 'Edit cost center' }).getAttribute('href')).toBe(
      `${LIST_URL}/CC-100/edit`,
    )
    expect(screen.getByRole('cell', { name: '100042' })).toBeTruthy()
    expect(screen.getByRole('cell', { name: 'Bernd Buyer bbuyer@oilcorp.test' })).toBeTruthy()
  })

  it('the detail page draws the cost center’s budget per period, readable as a table, when the API has it', async () => {
    detailOf(costCenterJson(), {
      type: 'BudgetHistory',
      budgetPeriod: 'quarterly',
      countedPeriod: 'quarterly',
      periods: [
        {
          fromDate: '2026-07-01',
          toDate: '2026-09-30',
          budget: { type: 'Money', value: 5000, currency: 'EUR' },
          spentBudget: { type: 'Money', value: 5200, currency: 'EUR' },
        },
        {
          fromDate: '2026-10-01',
          toDate: '2026-12-31',
          budget: { type: 'Money', value: 5000, currency: 'EUR' },
          spentBudget: { type: 'Money', value: 1000, currency: 'EUR' },
        },
      ],
    })
    await show(
      `${LIST_URL}/CC-100`,
      '/:lang/account/organization/cost-centers/:costCenterId',
      CostCenterPage,
      detailLoader,
      { user: OWNER },
    )
    const figure = await screen.findByRole('figure')
    const table = within(figure).getByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(cellTexts(rows)).toEqual([
      ['€5,000.00', '€5,200.00', '-€200.00'],
      ['€5,000.00', '€1,000.00', '€4,000.00'],
    ])
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Q3 2026 (2026-07-01 – 2026-09-30)')
  })

  it('the buyers page offers a labelled checkbox per unassigned user, with budget fields', async () => {
    detailOf()
    recordIcm('get', 'users', () => companyUsers())
    await show(
      `${LIST_URL}/CC-100/buyers`,
      '/:lang/account/organization/cost-centers/:costCenterId/buyers',
      BuyersPage,
      buyersLoader,
      {
        extra: { visitedParents: [`${LIST_URL}/CC-100`] },
      },
    )
    await screen.findByRole('heading', { level: 1, name: 'Manage buyers' })
    expect(crumbs()).toEqual(['Home', 'Cost center management', 'Cost center CC-100', 'Manage buyers'])
    const anna = screen.getByRole('checkbox', { name: 'Add ANNA Test as a buyer' }) as HTMLInputElement
    expect(anna.name).toMatch(/^buyers\[\d+\]\.selected$/)
    expect(screen.getByLabelText('Budget of ANNA Test')).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: /OLGA/ })).toBeNull()
    expect(screen.getByLabelText('Budget of Bernd Buyer')).toHaveProperty('value', '500.00')
    expect(screen.getByRole('button', { name: 'Remove Bernd Buyer from the buyers' })).toBeTruthy()

    // A refused budget: the summary names the field by the buyer's budget label.
    fireEvent.click(anna)
    fireEvent.change(screen.getByLabelText('Budget of ANNA Test'), { target: { value: '-5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add selected buyers' }))
    const summary = await screen.findByRole('alert')
    const link = within(summary).getByRole('link', { name: /^Budget of ANNA Test: / })
    expect(link.getAttribute('href')).toBe(`#${screen.getByLabelText('Budget of ANNA Test').id}`)
  })
})
