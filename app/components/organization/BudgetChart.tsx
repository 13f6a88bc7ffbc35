import '~/browser/account-texts'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import type { BudgetHistory, BudgetPeriod } from '~/models/budget'
import { formatMoney } from '~/models/price'

/** The drawing's own coordinates; the SVG scales to the width it is given (viewBox), down to 360 px screens. */
const WIDTH = 640
const HEIGHT = 260
const LEFT = 8
const RIGHT = 8
/** The band above the plot that holds the budget line's label; no bar reaches into it. */
const TOP = 24
const BOTTOM = 40

/** A period's short name on the axis and in the table: a week by its Monday, a month, a quarter, a year. */
export function periodLabel(kind: BudgetPeriod, from: string, localeTag: string): string {
  const date = new Date(`${from}T00:00:00Z`)
  const year = date.getUTCFullYear()
  switch (kind) {
    case 'weekly':
      return new Intl.DateTimeFormat(localeTag, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        date,
      )
    case 'monthly':
      return new Intl.DateTimeFormat(localeTag, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
        date,
      )
    case 'quarterly':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${year}`
    case 'yearly':
      return String(year)
  }
}

/**
 * Budget burn-down (issue 17): what was spent in each of the last periods against the budget, drawn on the
 * server as SVG, so it shows without JavaScript. The drawing is hidden from assistive technology; the same
 * figures are in a table that screen readers read (and that is the chart's text alternative). Spending over
 * the budget is hatched as well as coloured, so it does not depend on colour.
 */
export function BudgetChart({ history, caption }: { history: BudgetHistory; caption: string }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const periods = history.periods
  if (!periods.length) return null
  const money = (value: number, currency: string) => formatMoney({ value, currency }, locale.tag)
  const currency = periods[0]!.spent.currency
  const budget = periods.find((p) => p.budget)?.budget?.value
  const top = Math.max(budget ?? 0, ...periods.map((p) => p.spent.value)) * 1.1 || 1
  const plotHeight = HEIGHT - TOP - BOTTOM
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight
  const slot = (WIDTH - LEFT - RIGHT) / periods.length
  const barWidth = Math.min(56, slot * 0.6)
  const id = `budget-chart-${caption.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase()}`
  return (
    <figure className="budget-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        focusable="false"
        className="budget-chart__svg"
      >
        <defs>
          <pattern
            id={`${id}-hatch`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" className="budget-chart__over" />
            <line x1="0" y1="0" x2="0" y2="6" className="budget-chart__hatch" strokeWidth="3" />
          </pattern>
        </defs>
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(0)} y2={y(0)} className="budget-chart__axis" />
        {periods.map((period, i) => {
          const x = LEFT + slot * i + (slot - barWidth) / 2
          const spent = period.spent.value
          const limit = period.budget?.value
          const within = limit === undefined ? spent : Math.min(spent, limit)
          const current = i === periods.length - 1
          return (
            <g key={period.from} className={current ? 'budget-chart__period--current' : undefined}>
              <rect
                x={x}
                y={y(within)}
                width={barWidth}
                height={Math.max(0, y(0) - y(within))}
                className="budget-chart__spent"
              />
              {limit !== undefined && spent > limit ? (
                <rect
                  x={x}
                  y={y(spent)}
                  width={barWidth}
                  height={y(limit) - y(spent)}
                  fill={`url(#${id}-hatch)`}
                />
              ) : null}
              <text
                x={x + barWidth / 2}
                y={HEIGHT - BOTTOM + 18}
                textAnchor="middle"
                className="budget-chart__label"
              >
                {periodLabel(history.period, period.from, locale.tag)}
              </text>
              {current ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - BOTTOM + 34}
                  textAnchor="middle"
                  className="budget-chart__label"
                >
                  {t('account.budget.chart.current')}
                </text>
              ) : null}
            </g>
          )
        })}
        {budget !== undefined ? (
          <>
            <line
              x1={LEFT}
              x2={WIDTH - RIGHT}
              y1={y(budget)}
              y2={y(budget)}
              className="budget-chart__budget"
              strokeDasharray="6 4"
            />
            {/* In the band above the plot, where no bar reaches (the scale tops out 10 % above the highest). */}
            <text x={WIDTH - RIGHT} y={TOP - 8} textAnchor="end" className="budget-chart__label">
              {t('account.budget.chart.budget_line', { amount: money(budget, currency) })}
            </text>
          </>
        ) : null}
      </svg>
      {/* Hidden in a box of its own: a table is never narrower than its content, the box clips it. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.budget.chart.period')}</th>
              <th scope="col">{t('account.budget.budget')}</th>
              <th scope="col">{t('account.budget.spent')}</th>
              <th scope="col">{t('account.budget.remaining')}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.from}>
                <th scope="row">
                  {t('account.budget.chart.period_range', {
                    label: periodLabel(history.period, period.from, locale.tag),
                    from: period.from,
                    to: period.to,
                  })}
                </th>
                <td>
                  {period.budget
                    ? money(period.budget.value, period.budget.currency)
                    : t('account.budget.no_limit')}
                </td>
                <td>{money(period.spent.value, period.spent.currency)}</td>
                <td>
                  {period.budget
                    ? money(
                        Math.round((period.budget.value - period.spent.value) * 100) / 100,
                        period.budget.currency,
                      )
                    : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
