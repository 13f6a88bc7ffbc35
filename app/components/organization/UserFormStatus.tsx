import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { userStatusSchema } from '~/models/b2b-user'

/**
 * A user's status actions on their detail page, plain forms that work without JavaScript: deactivate or
 * activate, and delete in two steps (the link opens `?delete=confirm`, whose form deletes). The API's
 * refusals (the last account administrator, one's own account) are announced above the buttons.
 */
export function UserFormStatus({
  name,
  active,
  confirmDelete,
  detailUrl,
}: {
  name: string
  active: boolean
  confirmDelete: boolean
  detailUrl: string
}) {
  const { t } = useTranslation()
  const [form] = useShopForm({ id: 'user-status', schema: userStatusSchema })
  return (
    <section aria-labelledby="user-status-heading" className="user-status">
      <h2 id="user-status-heading">{t('account.user.status.heading')}</h2>
      <FormErrors form={form} />
      {confirmDelete ? (
        <Form method="post" {...getFormProps(form)} className="user-delete-confirm">
          <p role="alert">{t('account.user.delete.confirm.text', { name })}</p>
          <SubmitButton intent="delete">{t('account.user.delete.confirm.submit')}</SubmitButton>{' '}
          <Link to={detailUrl}>{t('account.user.cancel')}</Link>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(form)} className="user-status-actions">
          <SubmitButton intent={active ? 'deactivate' : 'activate'}>
            {t(active ? 'account.user.deactivate' : 'account.user.activate')}
          </SubmitButton>{' '}
          <Link to={`${detailUrl}?delete=confirm`}>{t('account.user.delete')}</Link>
        </Form>
      )}
    </section>
  )
}
