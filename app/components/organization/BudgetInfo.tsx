import '~/browser/account-texts'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import type { Budget } from '~/models/budget'
import { formatMoney } from '~/models/price'

/**
 * The budget info widget (spec org §2, "takes a suffix"): the most one order may cost, the budget per period,
 * what was spent of it in the current period and what remains. `suffix` tells several on one page apart (the
 * ids of their terms). An overrun shows as a negative remainder, said in words as well.
 */
export function BudgetInfo({ budget, suffix = '' }: { budget: Budget | undefined; suffix?: string }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const money = (value: Budget['budget']) => (value ? formatMoney(value, locale.tag) : null)
  const none = t('account.budget.no_limit')
  const overrun = (budget?.remaining?.value ?? 0) < 0
  return (
    <dl className="budget-info" id={suffix ? `budget-info-${suffix}` : undefined}>
      <div>
        <dt>{t('account.budget.order_spent_limit')}</dt>
        <dd>{money(budget?.orderSpentLimit) ?? none}</dd>
      </div>
      <div>
        <dt>{t('account.budget.budget')}</dt>
        <dd>
          {budget?.budget
            ? t(`account.budget.per_period.${budget.budgetPeriod ?? 'monthly'}`, {
                amount: money(budget.budget),
              })
            : none}
        </dd>
      </div>
      <div>
        <dt>{t('account.budget.spent')}</dt>
        <dd>{money(budget?.spent) ?? '–'}</dd>
      </div>
      {budget?.remaining ? (
        <div>
          <dt>{t('account.budget.remaining')}</dt>
          <dd className={overrun ? 'budget-overrun' : undefined}>
            {money(budget.remaining)}
            {overrun ? ` (${t('account.budget.overrun')})` : null}
          </dd>
        </div>
      ) : null}
    </dl>
  )
}
