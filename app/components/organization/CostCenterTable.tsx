import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { Pager } from '~/components/Pager'
import { useTranslation } from '~/components/useTranslation'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import type { Budget } from '~/models/budget'
import { personName, type CostCenterSummary } from '~/models/cost-center'
import { formatMoney } from '~/models/price'

/** A budget as one line: "€1,000.00 (monthly)", or "no budget". */
export function useBudgetText() {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (budget: Budget) =>
    budget.budget
      ? `${formatMoney(budget.budget, locale.tag)}${
          budget.budgetPeriod ? ` (${t(`account.costcenter.period.${budget.budgetPeriod}`)})` : ''
        }`
      : t('account.costcenter.budget.none')
}

/** Spent and remaining of a budget: "€200.00 / €800.00"; remaining only where there is a budget. */
export function useSpentText() {
  const { locale } = useShell()
  return (budget: Budget) =>
    [budget.spent, budget.remaining]
      .filter((money) => money !== undefined)
      .map((money) => formatMoney(money, locale.tag))
      .join(' / ')
}

/**
 * The cost center list: id (linked to the detail), name, owner, budget and period, spent/remaining, status. At
 * phone width each cost center is a card, its values labelled (`card-table`).
 */
export function CostCenterTable({ costCenters, base }: { costCenters: CostCenterSummary[]; base: string }) {
  const { t } = useTranslation()
  const budgetText = useBudgetText()
  const spentText = useSpentText()
  return (
    <table className="cost-centers-table card-table">
      <TableHead
        columns={[
          { label: t('account.costcenter.column.id') },
          { label: t('account.costcenter.column.name') },
          { label: t('account.costcenter.column.owner') },
          { label: t('account.costcenter.column.budget'), numeric: true },
          { label: t('account.costcenter.column.spent_remaining'), numeric: true },
          { label: t('account.costcenter.column.status') },
        ]}
      />
      <tbody>
        {costCenters.map((costCenter) => (
          <tr key={costCenter.id} data-testid="cost-center-row">
            <td data-label={t('account.costcenter.column.id')}>
              <Link
                to={`${base}/${encodeURIComponent(costCenter.costCenterId)}`}
                aria-label={t('account.costcenter.view', {
                  name: costCenter.name,
                  id: costCenter.costCenterId,
                })}
              >
                {costCenter.costCenterId}
              </Link>
            </td>
            <td data-label={t('account.costcenter.column.name')}>{costCenter.name}</td>
            <td data-label={t('account.costcenter.column.owner')}>{personName(costCenter.owner)}</td>
            <td className="num" data-label={t('account.costcenter.column.budget')}>
              {budgetText(costCenter.budget)}
            </td>
            <td className="num" data-label={t('account.costcenter.column.spent_remaining')}>
              {spentText(costCenter.budget)}
            </td>
            <td data-label={t('account.costcenter.column.status')}>
              {costCenter.active
                ? t('account.costcenter.status.active')
                : t('account.costcenter.status.inactive')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Page links of the cost center list (`?page=`, keeping the filter). */
export function CostCenterPager({
  page,
  pages,
  base,
  filter,
}: {
  page: number
  pages: number
  base: string
  filter?: string
}) {
  const href = (to: number) => {
    const query = new URLSearchParams()
    if (filter) query.set('nameOrId', filter)
    if (to > 1) query.set('page', String(to))
    return query.size ? `${base}?${query}` : base
  }
  return <Pager page={page} pages={pages} href={href} texts="account.costcenter.list" />
}
