import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import { userName, type B2bUser } from '~/models/b2b-user'
import type { Budget } from '~/models/budget'
import type { Translate } from '~/models/messages'
import { formatMoney } from '~/models/price'

/** The budget in a few words: order limit, budget per period and what is left; "no limit" without any. */
export function budgetSummary(budget: Budget | undefined, t: Translate, localeTag: string): string {
  const parts: string[] = []
  if (budget?.orderSpentLimit)
    parts.push(
      t('account.user.budget.summary.order_limit', {
        amount: formatMoney(budget.orderSpentLimit, localeTag),
      }),
    )
  if (budget?.budget)
    parts.push(
      t('account.user.budget.summary.budget', {
        amount: formatMoney(budget.budget, localeTag),
        period: budget.budgetPeriod ? t(`account.user.budget.period.${budget.budgetPeriod}`) : '',
      }),
    )
  if (budget?.budget && budget.remaining)
    parts.push(
      t('account.user.budget.summary.remaining', { amount: formatMoney(budget.remaining, localeTag) }),
    )
  return parts.length ? parts.join(' · ') : t('account.user.budget.none')
}

/** The company's users: name (to the detail page), e-mail, roles, budget and whether active, in words. */
export function UsersTable({
  users,
  roleNames,
  base,
}: {
  users: B2bUser[]
  roleNames: Record<string, string>
  base: string
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <table className="users-table">
      <TableHead
        columns={[
          { label: t('account.user.column.name') },
          { label: t('account.user.column.email') },
          { label: t('account.user.column.roles') },
          { label: t('account.user.column.budget') },
          { label: t('account.user.column.status') },
        ]}
      />
      <tbody>
        {users.map((user) => (
          <tr key={user.login} data-testid="user-row">
            <td>
              <Link to={`${base}/${encodeURIComponent(user.login)}`}>{userName(user)}</Link>
            </td>
            <td className="break-word">{user.email}</td>
            <td>{user.roleIDs.map((id) => roleNames[id] ?? id).join(', ')}</td>
            <td>{budgetSummary(user.budget, t, locale.tag)}</td>
            <td>{t(user.active ? 'account.user.status.active' : 'account.user.status.inactive')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
