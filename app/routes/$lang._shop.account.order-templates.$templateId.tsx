import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { SubmitButton } from '~/components/form-controls'
import { useShell } from '~/components/useShell'
import { WishlistLines } from '~/components/WishlistLines'
import { messageText } from '~/models/messages'
import {
  ORDER_TEMPLATE_PERMISSION,
  ORDER_TEMPLATE_QUANTITY_MAX,
  ORDER_TEMPLATE_TITLE_MAX,
  orderTemplatePath,
  orderTemplateQuantity,
  orderTemplatesPath,
  orderTemplateTitle,
} from '~/models/order-template'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused, requireFeature, requirePermission } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import type { IcmResult } from '~/services/icm.server'
import {
  deleteOrderTemplate,
  getOrderTemplate,
  orderTemplateToBasket,
  removeFromOrderTemplate,
  renameOrderTemplate,
  setOrderTemplateQuantity,
} from '~/services/order-templates.server'
import type { Toast } from '~/services/session.server'
import { redirectWithToast } from '~/services/toast.server'
import { wishlistLines } from '~/services/wishlists.server'

export const headers = pageHeaders

const sku = z.string().trim().min(1).max(100)
const TemplateSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('quantity'), sku, quantity: orderTemplateQuantity }),
  z.object({ intent: z.literal('remove'), sku }),
  z.object({ intent: z.literal('rename'), title: orderTemplateTitle }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('basket') }),
])

/**
 * One order template (`/account/order-templates/{id}`, feature orderTemplates, noindex): its products with
 * name, picture, price and the quantity to order, each editable and removable; the template renamed, deleted,
 * or put into the basket in one add (quantities fitted to today's rules, refusals named on the basket page).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  const shopper = await requirePermission({ request, params, context }, ORDER_TEMPLATE_PERMISSION)
  const { scope } = shopper
  const template = await loginAgainIfRefused(
    request,
    shopper,
    getOrderTemplate(scope, params.templateId ?? ''),
  )
  return data(
    {
      title: template.title,
      template: { id: template.id, title: template.title },
      lines: await wishlistLines(scope, template),
    },
    { headers: privateHeaders() },
  )
}

const failed = (t: (key: string) => string, result: IcmResult<unknown>): Toast => ({
  key: 'account.order_templates.change.failed',
  type: 'error',
  details: result.ok ? undefined : result.errors.map((error) => messageText(t, error)),
})

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  const shopper = await requirePermission({ request, params, context }, ORDER_TEMPLATE_PERMISSION)
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const id = params.templateId ?? ''
  const here = orderTemplatePath(locale.lang, id)
  const submission = parseSubmission(await readForm(request), { schema: TemplateSchema, t })
  if (submission.status !== 'success') {
    const key =
      submission.payload.intent === 'quantity'
        ? 'account.order_templates.quantity.invalid'
        : submission.payload.intent === 'rename'
          ? 'account.order_templates.title.invalid'
          : 'account.order_templates.change.failed'
    return redirectWithToast(session, here, {
      key,
      values: { max: ORDER_TEMPLATE_QUANTITY_MAX },
      type: 'error',
    })
  }
  const form = submission.value
  const guarded = <T,>(call: Promise<T>) => loginAgainIfRefused(request, shopper, call)
  const template = await guarded(getOrderTemplate(scope, id))
  switch (form.intent) {
    case 'basket':
      return redirectWithToast(
        session,
        `/${locale.lang}/basket`,
        await orderTemplateToBasket(scope, session, t, template),
      )
    case 'quantity': {
      const result = await guarded(setOrderTemplateQuantity(scope, template, form.sku, form.quantity))
      if (!result.ok) return redirectWithToast(session, here, failed(t, result))
      return redirectWithToast(session, here, {
        key: 'account.order_templates.quantity.success',
        values: { sku: form.sku, quantity: form.quantity },
        type: 'success',
      })
    }
    case 'remove': {
      const result = await guarded(removeFromOrderTemplate(scope, id, form.sku))
      if (!result.ok) return redirectWithToast(session, here, failed(t, result))
      return redirectWithToast(session, here, {
        key: 'account.order_templates.removed.message',
        values: { sku: form.sku },
        type: 'success',
      })
    }
    case 'rename': {
      const result = await guarded(renameOrderTemplate(scope, id, form.title))
      if (!result.ok) return redirectWithToast(session, here, failed(t, result))
      return redirectWithToast(session, here, {
        key: 'account.order_templates.rename.success',
        values: { title: form.title },
        type: 'success',
      })
    }
    case 'delete': {
      const result = await guarded(deleteOrderTemplate(scope, id))
      if (!result.ok) return redirectWithToast(session, here, failed(t, result))
      return redirectWithToast(session, orderTemplatesPath(locale.lang), {
        key: 'account.order_templates.delete.success',
        values: { title: template.title },
        type: 'success',
      })
    }
  }
}

export default function OrderTemplatePage() {
  const { template, lines } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[
          { name: t('account.order_templates.title'), url: orderTemplatesPath(locale.lang) },
          { name: template.title },
        ]}
      />
      <h1>{template.title}</h1>
      {lines.length === 0 ? (
        <p>{t('account.order_templates.detail.empty')}</p>
      ) : (
        <>
          <Form method="post" className="order-template-to-basket">
            <SubmitButton intent="basket">{t('account.order_templates.to_basket.all')}</SubmitButton>
          </Form>
          <p className="field-hint">{t('account.order_templates.to_basket.hint')}</p>
        </>
      )}
      <WishlistLines
        lines={lines}
        quantity={(line) => (
          <Form method="post" className="inline-form">
            <input type="hidden" name="sku" value={line.sku} />
            <label htmlFor={`quantity-${line.sku}`}>{t('account.order_templates.quantity.label')}</label>{' '}
            <input
              id={`quantity-${line.sku}`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={ORDER_TEMPLATE_QUANTITY_MAX}
              step={1}
              required
              defaultValue={line.quantity}
              className="quantity-input"
            />{' '}
            <SubmitButton
              intent="quantity"
              aria-label={`${t('account.order_templates.quantity.submit')}: ${line.name}`}
            >
              {t('account.order_templates.quantity.submit')}
            </SubmitButton>
          </Form>
        )}
        actions={(line) => (
          <Form method="post" className="inline-form">
            <input type="hidden" name="sku" value={line.sku} />
            <SubmitButton
              intent="remove"
              className="link-button"
              aria-label={`${t('account.order_templates.remove')}: ${line.name}`}
            >
              {t('account.order_templates.remove')}
            </SubmitButton>
          </Form>
        )}
      />
      <h2>{t('account.order_templates.settings.heading')}</h2>
      <Form method="post" className="inline-form">
        <label htmlFor="order-template-title">{t('account.order_templates.rename.label')}</label>{' '}
        <input
          id="order-template-title"
          name="title"
          defaultValue={template.title}
          required
          maxLength={ORDER_TEMPLATE_TITLE_MAX}
        />{' '}
        <SubmitButton intent="rename">{t('account.order_templates.rename.submit')}</SubmitButton>
      </Form>
      <Form method="post" className="inline-form">
        <SubmitButton intent="delete" className="link-button">
          {t('account.order_templates.delete.template')}
        </SubmitButton>
      </Form>
      <p>
        <Link to={orderTemplatesPath(locale.lang)}>{t('account.order_templates.back')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
