import '~/browser/account-texts'
import { useTranslation } from '~/components/useTranslation'
import { ALL_BUYERS } from '~/models/order'

/** A user a buyers select offers: login (the value) and name (the text). */
export type BuyerOption = { login: string; name: string }

/**
 * The spec's buyers select (organization §2 widgets): "all buyers", then the users given, by login. `users`
 * are the company's ordering users (spec §5: without OCI and cXML users); a page that cannot list them passes
 * the user alone. A plain select of a form, so it works without JavaScript.
 */
export function BuyersSelect({
  name,
  label,
  users,
  value,
}: {
  name: string
  label: string
  users: BuyerOption[]
  /** `all` (ALL_BUYERS) or one user's login. */
  value: string
}) {
  const { t } = useTranslation()
  const id = `${name}-buyers`
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {/* keyed by value: a new filter (a navigation) shows its choice, not the last one picked */}
      <select id={id} name={name} defaultValue={value} key={value}>
        <option value={ALL_BUYERS}>{t('account.orders.filter.all_buyers')}</option>
        {users.map((user) => (
          <option key={user.login} value={user.login}>
            {user.name}
          </option>
        ))}
      </select>
    </div>
  )
}
