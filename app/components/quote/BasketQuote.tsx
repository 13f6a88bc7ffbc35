import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { formatDate } from '~/components/order/OrderStatus'
import { SubmitButton } from '~/components/form-controls'
import { useShell } from '~/components/useShell'

/** A quoted line's badge in the basket: the quote it came from (linked) and until when its price holds. */
export function BasketQuoteNote({
  quote,
}: {
  quote: { number: string; validToDate: string; url: string } | undefined
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (!quote) return null
  return (
    <div className="basket-line-quote" data-testid="basket-line-quote">
      <span className="badge">{t('quote.basket.badge')}</span>{' '}
      <Link to={quote.url}>{t('quote.basket.quote_number', { number: quote.number })}</Link>{' '}
      <small>{t('quote.basket.valid_to', { date: formatDate(quote.validToDate, locale.tag) })}</small>
      <Form method="post" action={quote.url} className="inline-form">
        <SubmitButton action={quote.url} intent="removeFromBasket" className="link-button">
          {t('quote.basket.remove_label', { number: quote.number })}
        </SubmitButton>
      </Form>
    </div>
  )
}

/** A quoted line's quantity: the quote's, fixed (the line goes as a whole, with the quote's other lines). */
export function BasketQuotedQuantity({ quantity }: { quantity: number }) {
  const { t } = useTranslation()
  return (
    <>
      {quantity}
      <br />
      <small>{t('quote.basket.quantity_fixed')}</small>
    </>
  )
}

/** "Create quote request" of the basket (a plain form post): a request with all the basket's lines. */
export function CreateQuoteRequestForm({ action }: { action: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action={action} className="basket-quote-request">
      <SubmitButton action={action}>{t('quote.basket.create_request')}</SubmitButton>
    </Form>
  )
}
