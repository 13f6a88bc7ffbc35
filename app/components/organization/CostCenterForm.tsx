import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { CheckboxField, Field, SelectField, useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import { BUDGET_PERIODS } from '~/models/budget'
import {
  costCenterFormSchema,
  MAX_COST_CENTER_ID,
  MAX_COST_CENTER_NAME,
  personName,
  type CostCenterPerson,
} from '~/models/cost-center'

export type CostCenterFormDefaults = {
  costCenterId?: string
  name?: string
  owner?: string
  budget?: string
  budgetPeriod?: string
  /** A checkbox's value: `on` when checked. */
  active?: 'on' | ''
}

/**
 * The cost center's fields (create and edit): id, name, owner (the manager choices of spec §5), budget with
 * its period, active. A plain form posting to the page's action.
 */
export function CostCenterForm({
  id,
  managers,
  defaults,
  submitLabel,
  cancelUrl,
  ownerHint,
}: {
  id: string
  managers: CostCenterPerson[]
  defaults: CostCenterFormDefaults
  submitLabel: string
  cancelUrl: string
  /** Why the owner choice is short (a user without user management may only choose themselves). */
  ownerHint?: string
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const [form, fields] = useShopForm({
    id,
    schema: costCenterFormSchema(t, locale.tag),
    defaultValue: defaults,
  })
  const labels = {
    costCenterId: t('account.costcenter.id.label'),
    name: t('account.costcenter.name.label'),
    owner: t('account.costcenter.owner.label'),
    budget: t('account.costcenter.budget.label'),
    budgetPeriod: t('account.costcenter.period.label'),
    active: t('account.costcenter.active.label'),
  }
  return (
    <Form method="post" {...getFormProps(form)} className="org-form cost-center-form">
      <FormErrors form={form} label={labels} />
      <Field
        meta={fields.costCenterId}
        label={labels.costCenterId}
        maxLength={MAX_COST_CENTER_ID}
        autoComplete="off"
      />
      <Field meta={fields.name} label={labels.name} maxLength={MAX_COST_CENTER_NAME} autoComplete="off" />
      <SelectField
        meta={fields.owner}
        label={labels.owner}
        aria-describedby={ownerHint ? `${id}-owner-hint` : undefined}
      >
        {managers.map((manager) => (
          <option key={manager.login} value={manager.login}>
            {personName(manager)}
            {personName(manager) !== manager.login ? ` (${manager.login})` : ''}
          </option>
        ))}
      </SelectField>
      {ownerHint ? (
        <p className="field-hint" id={`${id}-owner-hint`}>
          {ownerHint}
        </p>
      ) : null}
      <Field
        meta={fields.budget}
        label={labels.budget}
        inputMode="decimal"
        hint={t('account.costcenter.budget.hint')}
      />
      <SelectField meta={fields.budgetPeriod} label={labels.budgetPeriod}>
        <option value="">{t('account.costcenter.period.none')}</option>
        {BUDGET_PERIODS.map((period) => (
          <option key={period} value={period}>
            {t(`account.costcenter.period.${period}`)}
          </option>
        ))}
      </SelectField>
      <CheckboxField meta={fields.active} label={labels.active} />
      <div className="form-actions">
        <SubmitButton className="primary">{submitLabel}</SubmitButton>
        <Link to={cancelUrl}>{t('account.costcenter.cancel')}</Link>
      </div>
    </Form>
  )
}
