import '~/browser/account-texts'
import { Form } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { BUY_AGAIN_INTENT, type OrderLine } from '~/models/order'
import { SubmitButton } from '../form-controls'
import { useShell } from '../useShell'

/** Where "Buy again" posts: the order's own page (its action, services/buy-again.server.ts). */
export const orderPath = (lang: string, orderId: string) =>
  `/${lang}/account/orders/${encodeURIComponent(orderId)}`

/**
 * "Buy again" for a whole order (`number`) or one of its lines (`line`): a plain form post to the order's
 * page, which adds the items and goes to the basket. `formId` puts the form's button elsewhere (a table row
 * inside another form); the form itself is then rendered by `BuyAgainForm`.
 */
export function BuyAgainButton({
  orderId,
  number,
  line,
  formId,
}: {
  orderId: string
  number?: string
  line?: Pick<OrderLine, 'id' | 'name'>
  formId?: string
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const label = line
    ? t('account.orders.line.buy_again_of', { name: line.name })
    : t('account.orders.buy_again_of', { number })
  const button = (
    <SubmitButton
      form={formId}
      intent={BUY_AGAIN_INTENT}
      action={orderPath(locale.lang, orderId)}
      aria-label={label}
      className="buy-again"
    >
      {t('account.orders.buy_again')}
    </SubmitButton>
  )
  if (formId) return button
  return (
    <Form method="post" action={orderPath(locale.lang, orderId)} className="buy-again-form">
      {line ? <input type="hidden" name="line" value={line.id} /> : null}
      {button}
    </Form>
  )
}

/** The form a `BuyAgainButton` with `formId` submits (outside the table it sits in); the button names the intent. */
export function BuyAgainForm({ orderId, formId }: { orderId: string; formId: string }) {
  const { locale } = useShell()
  return <Form method="post" action={orderPath(locale.lang, orderId)} id={formId} hidden />
}
