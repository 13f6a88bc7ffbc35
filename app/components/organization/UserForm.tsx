import '~/browser/account-texts'
import { getCollectionProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList } from '~/components/form-controls'
import { Field, SelectField } from '~/components/forms'
import type { B2bRole } from '~/models/b2b-user'
import { BUDGET_PERIODS } from '~/models/budget'
import type { Translate } from '~/models/messages'

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>

/** The user forms' fields by their labels, for the error summary's links (new user, profile, roles, budget). */
export const userFieldLabels = (t: Translate) => ({
  title: t('account.user.title.label'),
  firstName: t('account.user.first_name.label'),
  lastName: t('account.user.last_name.label'),
  email: t('account.user.email.label'),
  phoneHome: t('account.user.phone.label'),
  login: t('account.user.login.label'),
  roleIDs: t('account.user.roles.label'),
  orderSpentLimit: t('account.user.budget.order_spent_limit.label'),
  budget: t('account.user.budget.budget.label'),
  budgetPeriod: t('account.user.budget.period.label'),
})

/** The profile fields of a user (new user and profile page): title, names, e-mail, phone. */
export function UserProfileFields({
  fields,
}: {
  fields: Record<'title' | 'firstName' | 'lastName' | 'email' | 'phoneHome', Meta>
}) {
  const { t } = useTranslation()
  return (
    <>
      <Field meta={fields.title} label={t('account.user.title.label')} autoComplete="off" />
      <Field meta={fields.firstName} label={t('account.user.first_name.label')} autoComplete="off" />
      <Field meta={fields.lastName} label={t('account.user.last_name.label')} autoComplete="off" />
      <Field meta={fields.email} label={t('account.user.email.label')} type="email" autoComplete="off" />
      <Field meta={fields.phoneHome} label={t('account.user.phone.label')} type="tel" autoComplete="off" />
    </>
  )
}

/**
 * The roles as checkboxes in a fieldset; a fixed role (every user holds it) is shown ticked and cannot be
 * changed: it is not posted, the API keeps it.
 */
export function UserRoleFields({ meta, roles }: { meta: Meta; roles: B2bRole[] }) {
  const { t } = useTranslation()
  const choosable = roles.filter((role) => !role.fixed)
  const boxes = getCollectionProps(meta, { type: 'checkbox', options: choosable.map((role) => role.id) })
  return (
    <fieldset className="user-roles" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend>{t('account.user.roles.label')}</legend>
      <ul className="plain-list">
        {roles
          .filter((role) => role.fixed)
          .map((role) => (
            <li key={role.id} className="form-field form-field--checkbox">
              <input type="checkbox" id={`${meta.id}-fixed-${role.id}`} checked disabled readOnly />
              <label htmlFor={`${meta.id}-fixed-${role.id}`}>
                {role.name} <span className="hint">{t('account.user.roles.fixed')}</span>
              </label>
            </li>
          ))}
        {boxes.map((box, index) => (
          <li key={box.key} className="form-field form-field--checkbox">
            <input {...box} key={box.key} />
            <label htmlFor={box.id}>
              {choosable[index]!.name}
              {choosable[index]!.description ? (
                <span className="hint"> {choosable[index]!.description}</span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}

/** The budget fields: order limit and budget in the budget's currency (empty: no limit) and the period. */
export function UserBudgetFields({
  fields,
  currency,
}: {
  fields: Record<'orderSpentLimit' | 'budget' | 'budgetPeriod', Meta>
  currency: string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="user-budget">
      <legend>{t('account.user.budget.label')}</legend>
      <p className="hint">{t('account.user.budget.hint', { currency })}</p>
      <Field
        meta={fields.orderSpentLimit}
        label={`${t('account.user.budget.order_spent_limit.label')} (${currency})`}
        inputMode="decimal"
        autoComplete="off"
      />
      <Field
        meta={fields.budget}
        label={`${t('account.user.budget.budget.label')} (${currency})`}
        inputMode="decimal"
        autoComplete="off"
      />
      <SelectField meta={fields.budgetPeriod} label={t('account.user.budget.period.label')}>
        <option value="">{t('account.user.budget.period.none')}</option>
        {BUDGET_PERIODS.map((period) => (
          <option key={period} value={period}>
            {t(`account.user.budget.period.${period}`)}
          </option>
        ))}
      </SelectField>
    </fieldset>
  )
}
