import '~/browser/account-texts'
import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { BudgetInfo } from '~/components/organization/BudgetInfo'
import { useShell } from '~/components/useShell'
import { hasLimits, spentPercent, type Budget } from '~/models/budget'
import { formatMoney } from '~/models/price'

/**
 * The logged-in user's budget (organization-and-requisitions §2 "budget widget"): order limit, budget per
 * period, spent and remaining (`BudgetInfo`), and how much of the period's budget is spent as a meter whose
 * value is also written out, so nothing depends on colour alone.
 */
export function BudgetWidget({ budget }: { budget: Budget }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const headingId = useId()
  const usageId = useId()
  const percent = spentPercent(budget)
  return (
    <section aria-labelledby={headingId} className="budget-widget">
      <h2 id={headingId}>{t('account.budget.widget.heading')}</h2>
      {hasLimits(budget) ? (
        <>
          <BudgetInfo budget={budget} />
          {budget.budget && percent !== undefined ? (
            <div className="budget-widget-usage">
              <p id={usageId}>
                {t('account.budget.widget.usage', {
                  percent,
                  spent: formatMoney(budget.spent ?? { ...budget.budget, value: 0 }, locale.tag),
                  budget: formatMoney(budget.budget, locale.tag),
                })}
              </p>
              <meter
                min={0}
                max={100}
                low={75}
                high={90}
                optimum={0}
                value={percent}
                aria-labelledby={usageId}
              >
                {percent} %
              </meter>
            </div>
          ) : null}
        </>
      ) : (
        <p>{t('account.budget.widget.no_limits')}</p>
      )}
    </section>
  )
}
