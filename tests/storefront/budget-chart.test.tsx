// @vitest-environment jsdom
/**
 * The budget burn-down chart (issue 17 "Beyond"): drawn on the server as SVG hidden from assistive technology,
 * with the same figures in a table that screen readers read; an overrun is hatched, not only coloured; periods
 * are named by their kind. And two widgets of spec org §2: budget info and the cost center widget.
 */
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { BudgetChart, periodLabel } from '~/components/organization/BudgetChart'
import { BudgetInfo } from '~/components/organization/BudgetInfo'
import { CostCenterWidget } from '~/components/organization/CostCenterWidget'
import type { BudgetHistory } from '~/models/budget'
import { localeByLang } from '~/models/locale'
import { i18nFor } from '~/services/i18n.server'
import './setup'
import { cellTexts } from './table-text'

afterEach(cleanup)

const eur = (value: number) => ({ value, currency: 'EUR' })
const history: BudgetHistory = {
  period: 'monthly',
  periods: [
    { from: '2026-09-01', to: '2026-09-30', budget: eur(1000), spent: eur(400) },
    { from: '2026-10-01', to: '2026-10-31', budget: eur(1000), spent: eur(1250.5) },
    { from: '2026-11-01', to: '2026-11-30', budget: eur(1000), spent: eur(0) },
  ],
}

function show(element: React.ReactNode) {
  // The root's loader data gives the page its locale (useShell), English here.
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ locale: localeByLang('en') }),
      Component: () => <>{element}</>,
    },
  ])
  return render(
    <I18nextProvider i18n={i18nFor('en_US')}>
      <Stub />
    </I18nextProvider>,
  )
}

describe('BudgetChart', () => {
  it('reads as a table of period, budget, spent and remaining; the drawing is hidden from screen readers', async () => {
    const { container } = show(<BudgetChart history={history} caption="Budget of Bea Buyer" />)
    const table = await screen.findByRole('table', { name: 'Budget of Bea Buyer' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(cellTexts(rows)).toEqual([
      ['€1,000.00', '€400.00', '€600.00'],
      ['€1,000.00', '€1,250.50', '-€250.50'],
      ['€1,000.00', '€0.00', '€1,000.00'],
    ])
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Sep 26 (2026-09-01 – 2026-09-30)')
    const svg = container.querySelector('svg')!
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    expect(screen.getByRole('figure', { name: 'Budget of Bea Buyer' })).toBeTruthy()
  })

  it('hatches the spending above the budget and marks the current period', async () => {
    const { container } = show(<BudgetChart history={history} caption="Chart" />)
    await screen.findByRole('figure')
    const hatched = container.querySelectorAll('rect[fill^="url(#"]')
    expect(hatched).toHaveLength(1)
    expect(container.querySelector('pattern')).toBeTruthy()
    expect(container.querySelectorAll('.budget-chart__period--current')).toHaveLength(1)
    expect(container.textContent).toContain('Budget €1,000.00')
  })

  it('keeps the budget line’s label clear of every bar, also of one that overruns the budget', async () => {
    const { container } = show(<BudgetChart history={history} caption="Chart" />)
    await screen.findByRole('figure')
    const label = [...container.querySelectorAll('text')].find((text) =>
      text.textContent?.startsWith('Budget'),
    )!
    const fontSize = 13
    const labelBottom = Number(label.getAttribute('y'))
    const labelTop = labelBottom - fontSize
    const bars = [...container.querySelectorAll('g rect')]
    expect(bars.length).toBeGreaterThanOrEqual(4)
    for (const bar of bars) {
      const top = Number(bar.getAttribute('y'))
      const bottom = top + Number(bar.getAttribute('height'))
      expect(
        labelBottom <= top || labelTop >= bottom,
        `label ${labelTop}–${labelBottom}, bar ${top}–${bottom}`,
      ).toBe(true)
    }
  })

  it('draws without a budget line when there is no budget, and nothing without periods', async () => {
    const unlimited: BudgetHistory = {
      period: 'monthly',
      periods: history.periods.map(({ budget: _budget, ...rest }) => rest),
    }
    const { container } = show(<BudgetChart history={unlimited} caption="No limit" />)
    await screen.findByRole('figure')
    expect(container.querySelector('.budget-chart__budget')).toBeNull()
    expect(screen.getAllByText('No limit').length).toBeGreaterThan(1)
    cleanup()
    const empty = show(
      <>
        <p>rendered</p>
        <BudgetChart history={{ period: 'weekly', periods: [] }} caption="Empty" />
      </>,
    )
    await screen.findByText('rendered')
    expect(empty.container.querySelector('figure')).toBeNull()
  })

  it('names periods by their kind', () => {
    expect(periodLabel('weekly', '2026-11-23', 'en-US')).toBe('Nov 23')
    expect(periodLabel('quarterly', '2026-10-01', 'de-DE')).toBe('Q4 2026')
    expect(periodLabel('yearly', '2026-01-01', 'fr-FR')).toBe('2026')
    expect(periodLabel('monthly', '2026-01-01', 'de-DE')).toBe('Jan. 26')
  })
})

describe('BudgetInfo', () => {
  it('shows the order limit, the budget per period, spent and remaining, and says an overrun in words', async () => {
    show(
      <BudgetInfo
        budget={{
          orderSpentLimit: eur(500),
          budget: eur(2000),
          budgetPeriod: 'quarterly',
          spent: eur(2100),
          remaining: eur(-100),
        }}
      />,
    )
    expect(await screen.findByText('€500.00')).toBeTruthy()
    expect(screen.getByText('€2,000.00 per quarter')).toBeTruthy()
    expect(screen.getByText('€2,100.00')).toBeTruthy()
    expect(screen.getByText(/-€100.00 \(over budget\)/)).toBeTruthy()
  })

  it('says "No limit" for a user without limits', async () => {
    show(<BudgetInfo budget={{ spent: eur(0) }} />)
    expect((await screen.findAllByText('No limit')).length).toBe(2)
  })

  it('keeps two on one page apart by their suffix (spec org §2 "takes a suffix")', async () => {
    const { container } = show(
      <>
        <BudgetInfo budget={{ spent: eur(10) }} suffix="user" />
        <BudgetInfo budget={{ spent: eur(20) }} suffix="cost-center" />
      </>,
    )
    await screen.findByText('€20.00')
    expect([...container.querySelectorAll('dl.budget-info')].map((list) => list.id)).toEqual([
      'budget-info-user',
      'budget-info-cost-center',
    ])
    expect(container.querySelector('#budget-info-user')!.textContent).toContain('€10.00')
  })
})

describe('CostCenterWidget', () => {
  const centers = [
    { id: '100400', name: 'Site Operations Berlin', roles: ['Buyer', 'CostCenterOwner'] },
    { id: 'K/10', name: 'North', roles: ['Buyer'] },
  ]

  it('lists the user’s cost centers with their part in words, linking each where the user may view them', async () => {
    show(<CostCenterWidget costCenters={centers} linkBase="/en/account/organization/cost-centers" />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(cellTexts(rows)).toEqual([
      ['100400', 'Site Operations Berlin', 'Buyer, Cost center owner'],
      ['K/10', 'North', 'Buyer'],
    ])
    const link = screen.getByRole('link', { name: 'K/10: show cost center North' })
    expect(link.getAttribute('href')).toBe('/en/account/organization/cost-centers/K%2F10')
    expect(screen.getByRole('region', { name: 'My cost centers' })).toBeTruthy()
  })

  it('names them without links for a user who may not view cost centers, and says when there are none', async () => {
    show(<CostCenterWidget costCenters={centers} />)
    await screen.findByRole('table')
    expect(screen.queryAllByRole('link')).toEqual([])
    cleanup()
    show(<CostCenterWidget costCenters={[]} />)
    expect(await screen.findByText('You are not assigned to any cost center.')).toBeTruthy()
  })
})
