import { Form, Link, useLocation } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import {
  addToOrderTemplatePath,
  newOrderTemplatePath,
  ORDER_TEMPLATE_TITLE_MAX,
} from '~/models/order-template'
import { SubmitButton } from './form-controls'
import { useShell, useShopChrome } from './useShell'

/**
 * "Save as order template" on the basket page and an order's page (feature orderTemplates, a business user who
 * may purchase): the title and a plain form post to the templates' `new` route, which copies the basket's or
 * the order's products into a new template and shows it. Nothing for anyone else.
 */
export function SaveAsOrderTemplate({ source }: { source: { basket: true } | { orderId: string } }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const chrome = useShopChrome()
  const location = useLocation()
  const id = useId()
  if (!chrome?.orderTemplates) return null
  return (
    <section className="order-template-save" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('order_templates.save.heading')}</h2>
      <Form method="post" action={newOrderTemplatePath(locale.lang)} className="inline-form">
        {'orderId' in source ? (
          <>
            <input type="hidden" name="source" value="order" />
            <input type="hidden" name="orderId" value={source.orderId} />
          </>
        ) : (
          <input type="hidden" name="source" value="basket" />
        )}
        <input type="hidden" name="returnUrl" value={`${location.pathname}${location.search}`} />
        <label htmlFor={`${id}-title`}>{t('order_templates.save.title_label')}</label>{' '}
        <input
          id={`${id}-title`}
          name="title"
          required
          maxLength={ORDER_TEMPLATE_TITLE_MAX}
          autoComplete="off"
        />{' '}
        <SubmitButton>{t('order_templates.save.submit')}</SubmitButton>
      </Form>
    </section>
  )
}

/**
 * "Add to order template" on a product page: a link to the page that asks which template and how many (the PWA
 * opens a dialog for it), coming back here after; only for a business user who may purchase.
 */
export function AddToOrderTemplate({ sku, name }: { sku: string; name: string }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const chrome = useShopChrome()
  const location = useLocation()
  if (!chrome?.orderTemplates) return null
  const query = new URLSearchParams({ sku, returnUrl: `${location.pathname}${location.search}` })
  return (
    <p className="order-template-add">
      <Link
        to={`${addToOrderTemplatePath(locale.lang)}?${query}`}
        aria-label={`${t('order_templates.add.link')}: ${name}`}
      >
        {t('order_templates.add.link')}
      </Link>
    </p>
  )
}
