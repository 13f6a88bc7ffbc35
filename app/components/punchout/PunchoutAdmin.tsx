import '~/browser/account-texts'
import type { FieldMetadata } from '@conform-to/react'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { CheckboxField, Field } from '~/components/forms'
import { useShell } from '~/components/useShell'
import type { PunchoutType } from '~/models/punchout'

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>

/** The name of a punchout type as the pages show it. */
export function useTypeName() {
  const { t } = useTranslation()
  return (type: PunchoutType) => t(`account.punchout.type.${type}`)
}

/** Home › My account › Punchout › the page (the last item unlinked). */
export function PunchoutBreadcrumb({ listUrl, page }: { listUrl: string; page?: string }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <AccountBreadcrumb
      lang={locale.lang}
      trail={[{ name: t('account.punchout.heading'), url: listUrl }, ...(page ? [{ name: page }] : [])]}
    />
  )
}

/** The tabs of the customer's punchout types (shown when there is more than one). */
export function PunchoutTypeTabs({
  types,
  selected,
  base,
}: {
  types: PunchoutType[]
  selected: PunchoutType
  base: string
}) {
  const { t } = useTranslation()
  const typeName = useTypeName()
  if (types.length < 2) return null
  return (
    <nav aria-label={t('account.punchout.types.label')} className="punchout-tabs">
      <ul>
        {types.map((type) => (
          <li key={type}>
            <Link to={`${base}?type=${type}`} aria-current={type === selected ? 'page' : undefined}>
              {typeName(type)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * A punchout user's password (twice) and status; on the edit page the password is the new one and may stay
 * empty. Secrets are never filled in again after a refusal.
 */
export function PunchoutUserFields({
  fields,
  editing,
}: {
  fields: { password: Meta; passwordConfirmation: Meta; active: Meta }
  editing: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <Field
        meta={fields.password}
        type="password"
        label={t(editing ? 'account.punchout.password.new.label' : 'account.punchout.password.label')}
        hint={t(editing ? 'account.punchout.password.new.hint' : 'account.punchout.password.hint')}
        autoComplete="new-password"
      />
      <Field
        meta={fields.passwordConfirmation}
        type="password"
        label={t(
          editing
            ? 'account.punchout.password.new.confirmation.label'
            : 'account.punchout.password.confirmation.label',
        )}
        autoComplete="new-password"
      />
      <CheckboxField meta={fields.active} label={t('account.punchout.active.label')} />
    </>
  )
}

/** Labels of the user form's fields, for the error summary's links. */
export function userFieldLabels(t: (key: string) => string, editing: boolean) {
  return {
    login: t('account.punchout.username.label'),
    password: t(editing ? 'account.punchout.password.new.label' : 'account.punchout.password.label'),
    passwordConfirmation: t(
      editing
        ? 'account.punchout.password.new.confirmation.label'
        : 'account.punchout.password.confirmation.label',
    ),
  }
}
