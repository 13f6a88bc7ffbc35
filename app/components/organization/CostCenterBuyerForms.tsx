import '~/browser/account-texts'
import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, SelectField, useShopForm } from '~/components/forms'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import { amountText, BUDGET_PERIODS } from '~/models/budget'
import {
  addBuyersFormSchema,
  buyerBudgetFormSchema,
  MAX_LOGIN,
  personName,
  type BuyersAnswer,
  type CostCenterBuyer,
  type CostCenterPerson,
} from '~/models/cost-center'
import type { Translate } from '~/models/messages'
import { useSpentText } from './CostCenterTable'

/**
 * The period choices, as the select's own children: Preact (the browser's React) gives a select its
 * `defaultValue` by marking the option children it finds directly, so options inside a component of their own
 * would leave a select mounted in the browser (after a post) on "no period" and "Save budget" would post that.
 */
function periodOptions(t: Translate) {
  return [
    <option key="" value="">
      {t('account.costcenter.period.none')}
    </option>,
    ...BUDGET_PERIODS.map((period) => (
      <option key={period} value={period}>
        {t(`account.costcenter.period.${period}`)}
      </option>
    )),
  ]
}

/**
 * Adding buyers: with the company's users (manage-users), a checkbox per unassigned user, each with an
 * optional budget and period; without them, one buyer by login.
 */
export function AddBuyersForm({ candidates }: { candidates: CostCenterPerson[] | null }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const answer = useActionData<BuyersAnswer>()
  const [form, fields] = useShopForm({
    id: 'buyers-add',
    schema: addBuyersFormSchema(t, locale.tag),
    lastResult: answer?.intent === 'add' ? answer.result : null,
    defaultValue: {
      buyers: candidates ? candidates.map((c) => ({ login: c.login })) : [{ login: '', selected: 'on' }],
    },
  })
  const rows = fields.buyers.getFieldList()
  const names = new Map((candidates ?? []).map((c) => [c.login, personName(c)]))
  /** A row's field by its label, for the summary's links: the buyer's name in the table, the plain label by login. */
  const label = (field: string) => {
    const match = /^buyers\[(\d+)\]\.(login|budget|budgetPeriod)$/.exec(field)
    if (!match) return undefined
    const [, row, part] = match
    if (!candidates)
      return {
        login: t('account.costcenter.buyers.login.label'),
        budget: t('account.costcenter.budget.label'),
        budgetPeriod: t('account.costcenter.period.label'),
      }[part!]
    const login = String(rows[Number(row)]?.getFieldset().login.initialValue ?? '')
    const name = names.get(login) ?? login
    if (part === 'budget') return t('account.costcenter.buyers.budget_of', { name })
    if (part === 'budgetPeriod') return t('account.costcenter.buyers.period_of', { name })
    return undefined
  }
  return (
    <Form method="post" {...getFormProps(form)} className="cost-center-buyers-add">
      <FormErrors form={form} label={label} />
      {candidates ? (
        <table className="cost-center-buyers-table card-table">
          <TableHead
            columns={[
              { label: t('account.costcenter.column.select'), hidden: true },
              { label: t('account.costcenter.column.buyer') },
              { label: t('account.costcenter.budget.label') },
              { label: t('account.costcenter.period.label') },
            ]}
          />
          <tbody>
            {rows.map((row) => {
              const buyer = row.getFieldset()
              const login = String(buyer.login.initialValue ?? '')
              const name = names.get(login) ?? login
              return (
                <tr key={row.key}>
                  <td data-label={t('account.costcenter.column.select')}>
                    <input type="hidden" name={buyer.login.name} value={login} />
                    <input
                      {...getInputProps(buyer.selected, { type: 'checkbox' })}
                      key={buyer.selected.key}
                      aria-label={t('account.costcenter.buyers.select', { name })}
                    />
                  </td>
                  <td data-label={t('account.costcenter.column.buyer')}>
                    {name === login ? login : `${name} (${login})`}
                  </td>
                  <td data-label={t('account.costcenter.budget.label')}>
                    <Field
                      meta={buyer.budget}
                      label={
                        <span className="visually-hidden">
                          {t('account.costcenter.buyers.budget_of', { name })}
                        </span>
                      }
                      inputMode="decimal"
                    />
                  </td>
                  <td data-label={t('account.costcenter.period.label')}>
                    <SelectField
                      meta={buyer.budgetPeriod}
                      label={
                        <span className="visually-hidden">
                          {t('account.costcenter.buyers.period_of', { name })}
                        </span>
                      }
                    >
                      {periodOptions(t)}
                    </SelectField>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : (
        rows.slice(0, 1).map((row) => {
          const buyer = row.getFieldset()
          return (
            <fieldset key={row.key}>
              <legend>{t('account.costcenter.buyers.add_by_login')}</legend>
              <input type="hidden" name={buyer.selected.name} value="on" />
              <Field
                meta={buyer.login}
                label={t('account.costcenter.buyers.login.label')}
                maxLength={MAX_LOGIN}
              />
              <Field meta={buyer.budget} label={t('account.costcenter.budget.label')} inputMode="decimal" />
              <SelectField meta={buyer.budgetPeriod} label={t('account.costcenter.period.label')}>
                {periodOptions(t)}
              </SelectField>
            </fieldset>
          )
        })
      )}
      <ErrorList id={fields.buyers.errorId} errors={fields.buyers.errors} />
      <SubmitButton intent="add" className="primary">
        {t('account.costcenter.buyers.add')}
      </SubmitButton>
    </Form>
  )
}

/** One buyer: their own budget and period (changed with "save"), spent / remaining, and "remove". */
export function BuyerRow({ buyer, index }: { buyer: CostCenterBuyer; index: number }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const spentText = useSpentText()
  const answer = useActionData<BuyersAnswer>()
  const mine = answer?.login === buyer.login
  const [form, fields] = useShopForm({
    id: `buyer-${index}`,
    schema: buyerBudgetFormSchema(t, locale.tag),
    lastResult: mine && answer?.intent === 'update' ? answer.result : null,
    defaultValue: {
      login: buyer.login,
      budget: amountText(buyer.budget.budget, locale.tag),
      budgetPeriod: buyer.budget.budgetPeriod ?? '',
    },
  })
  const name = personName(buyer)
  const removeErrors: ReactNode =
    mine && answer?.intent === 'remove' ? (
      <ul className="form-errors" role="alert">
        {(answer.result.error?.[''] ?? []).map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    ) : null
  return (
    <li className="cost-center-buyer">
      <h3>{name === buyer.login ? name : `${name} (${buyer.login})`}</h3>
      <p>{t('account.costcenter.buyers.spent_remaining', { amounts: spentText(buyer.budget) || '–' })}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} summary={false} />
        <input type="hidden" name={fields.login.name} value={buyer.login} />
        <Field
          meta={fields.budget}
          label={t('account.costcenter.buyers.budget_of', { name })}
          inputMode="decimal"
          hint={t('account.costcenter.budget.hint')}
        />
        <SelectField meta={fields.budgetPeriod} label={t('account.costcenter.buyers.period_of', { name })}>
          {periodOptions(t)}
        </SelectField>
        <SubmitButton intent="update">{t('account.costcenter.buyers.save')}</SubmitButton>
      </Form>
      <Form method="post" className="cost-center-buyer-remove">
        {removeErrors}
        <input type="hidden" name="login" value={buyer.login} />
        <SubmitButton intent="remove" aria-label={t('account.costcenter.buyers.remove_of', { name })}>
          {t('account.costcenter.buyers.remove')}
        </SubmitButton>
      </Form>
    </li>
  )
}
