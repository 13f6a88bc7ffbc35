import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import { messageText } from '~/models/messages'
import {
  ORDER_TEMPLATE_PERMISSION,
  ORDER_TEMPLATE_TITLE_MAX,
  orderTemplatePath,
  orderTemplatesPath,
  orderTemplateTitle,
} from '~/models/order-template'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused, requireFeature, requirePermission } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import {
  createOrderTemplate,
  deleteOrderTemplate,
  getOrderTemplate,
  listOrderTemplates,
  orderTemplateToBasket,
  renameOrderTemplate,
} from '~/services/order-templates.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const id = z.string().min(1).max(100)
const CreateSchema = z.object({ intent: z.literal('create'), title: orderTemplateTitle })
const ListSchema = z.discriminatedUnion('intent', [
  CreateSchema,
  z.object({ intent: z.literal('rename'), id, title: orderTemplateTitle }),
  z.object({ intent: z.literal('delete'), id }),
  z.object({ intent: z.literal('basket'), id }),
])

/**
 * `/account/order-templates` (feature orderTemplates, a business user who may purchase, noindex): the user's
 * own templates, oldest first, each with its number of products; create, rename, delete, and "add to basket".
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  const shopper = await requirePermission({ request, params, context }, ORDER_TEMPLATE_PERMISSION)
  const templates = await loginAgainIfRefused(request, shopper, listOrderTemplates(shopper.scope))
  return data(
    { title: fixedT(shopper.locale.id)('account.order_templates.title'), templates },
    { headers: privateHeaders() },
  )
}

/** Create, rename, delete, into the basket: post/redirect/get with a toast; a refusal shows the API's reason. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  const shopper = await requirePermission({ request, params, context }, ORDER_TEMPLATE_PERMISSION)
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const here = orderTemplatesPath(locale.lang)
  const submission = parseSubmission(await readForm(request), { schema: ListSchema, t })
  if (submission.status !== 'success') {
    if (submission.payload.intent === 'create') return invalid(submission)
    return redirectWithToast(session, here, { key: 'account.order_templates.title.invalid', type: 'error' })
  }
  const form = submission.value
  const guarded = <T,>(call: Promise<T>) => loginAgainIfRefused(request, shopper, call)
  if (form.intent === 'basket') {
    const template = await guarded(getOrderTemplate(scope, form.id))
    return redirectWithToast(
      session,
      `/${locale.lang}/basket`,
      await orderTemplateToBasket(scope, session, t, template),
    )
  }
  if (form.intent === 'create') {
    const created = await guarded(createOrderTemplate(scope, form.title))
    if (!created.ok) return refused(submission, t, created.errors)
    return redirectWithToast(session, orderTemplatePath(locale.lang, created.value.id), {
      key: 'account.order_templates.create.success',
      values: { title: form.title },
      type: 'success',
    })
  }
  const result = await guarded<Awaited<ReturnType<typeof renameOrderTemplate | typeof deleteOrderTemplate>>>(
    form.intent === 'rename'
      ? renameOrderTemplate(scope, form.id, form.title)
      : deleteOrderTemplate(scope, form.id),
  )
  if (!result.ok)
    return redirectWithToast(session, here, {
      key: 'account.order_templates.change.failed',
      type: 'error',
      details: result.errors.map((error) => messageText(t, error)),
    })
  return redirectWithToast(session, here, {
    key: `account.order_templates.${form.intent}.success`,
    values: { title: 'title' in form ? form.title : '' },
    type: 'success',
  })
}

export default function OrderTemplatesPage() {
  const { title, templates } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'order-template-create', schema: CreateSchema })
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: title }]} />
      <h1>{title}</h1>
      <p>{t('account.order_templates.intro')}</p>
      {templates.length === 0 ? <p>{t('account.order_templates.empty')}</p> : null}
      <ul className="wishlist-list order-template-list">
        {templates.map((template) => (
          <li key={template.id} className="wishlist-card">
            <h2>
              <Link to={orderTemplatePath(locale.lang, template.id)}>{template.title}</Link>
            </h2>
            <p>{t('account.order_templates.items', { count: template.itemsCount })}</p>
            {template.itemsCount > 0 ? (
              <Form method="post" className="inline-form">
                <input type="hidden" name="id" value={template.id} />
                <SubmitButton
                  intent="basket"
                  aria-label={`${t('account.order_templates.to_basket.submit')}: ${template.title}`}
                >
                  {t('account.order_templates.to_basket.submit')}
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post" className="inline-form">
              <input type="hidden" name="id" value={template.id} />
              <label htmlFor={`rename-${template.id}`}>
                {t('account.order_templates.rename.label')}
              </label>{' '}
              <input
                id={`rename-${template.id}`}
                name="title"
                defaultValue={template.title}
                required
                maxLength={ORDER_TEMPLATE_TITLE_MAX}
              />{' '}
              <SubmitButton
                intent="rename"
                aria-label={`${t('account.order_templates.rename.submit')}: ${template.title}`}
              >
                {t('account.order_templates.rename.submit')}
              </SubmitButton>
            </Form>
            <Form method="post" className="inline-form">
              <input type="hidden" name="id" value={template.id} />
              <SubmitButton
                intent="delete"
                className="link-button"
                aria-label={`${t('account.order_templates.delete.submit')}: ${template.title}`}
              >
                {t('account.order_templates.delete.submit')}
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
      <h2>{t('account.order_templates.create.heading')}</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} label={{ title: t('account.order_templates.title.label') }} />
        <input type="hidden" name="intent" value="create" />
        <Field meta={fields.title} label={t('account.order_templates.title.label')} />
        <SubmitButton>{t('account.order_templates.create.submit')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
