import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, SelectField, useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import { messageText, type Translate } from '~/models/messages'
import {
  ORDER_TEMPLATE_PERMISSION,
  ORDER_TEMPLATE_TITLE_MAX,
  orderTemplatePath,
  orderTemplateQuantity,
  orderTemplatesPath,
} from '~/models/order-template'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused, requireFeature, requirePermission } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { notFound, privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import {
  addToOrderTemplate,
  createOrderTemplate,
  listOrderTemplates,
} from '~/services/order-templates.server'
import { product } from '~/services/products.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const SKU = z.string().trim().min(1).max(100)

/** The product, its quantity, and an existing template (its id) or, with none chosen, a new one's title. */
const addSchema = (t: Translate) =>
  z
    .object({
      sku: SKU,
      quantity: orderTemplateQuantity,
      template: z.string().max(100).optional(),
      title: z.string().trim().max(ORDER_TEMPLATE_TITLE_MAX).optional(),
      returnUrl: z.string().max(2000).optional(),
    })
    .superRefine((form, ctx) => {
      if (!form.template && !form.title)
        ctx.addIssue({
          code: 'custom',
          path: ['title'],
          message: t('account.order_templates.add.title.required'),
        })
    })

/**
 * "Add to order template" from a product page (`/account/order-templates/add?sku=…`, feature orderTemplates, a
 * business user who may purchase, noindex): the product with a quantity (its minimum order quantity to start
 * with) goes onto one of the user's templates or a new one named here; then back to the product's page. A
 * plain page and form post, the same with and without JavaScript (the PWA opens a dialog for it).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  const shopper = await requirePermission({ request, params, context }, ORDER_TEMPLATE_PERMISSION)
  const { scope, locale } = shopper
  const url = new URL(request.url)
  const sku = SKU.safeParse(url.searchParams.get('sku') ?? '')
  if (!sku.success) throw notFound()
  const [found, templates] = await loginAgainIfRefused(
    request,
    shopper,
    Promise.all([product(scope, sku.data).catch(() => null), listOrderTemplates(scope)]),
  )
  if (!found) throw notFound()
  return data(
    {
      title: fixedT(locale.id)('account.order_templates.add.title', { name: found.name }),
      product: { sku: found.sku, name: found.name, minOrderQuantity: found.minOrderQuantity },
      templates: templates.map(({ id, title }) => ({ id, title })),
      returnUrl: safeReturnUrl(url.searchParams.get('returnUrl'), orderTemplatesPath(locale.lang)),
    },
    { headers: privateHeaders() },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  const shopper = await requirePermission({ request, params, context }, ORDER_TEMPLATE_PERMISSION)
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: addSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const form = submission.value
  const guarded = <T,>(call: Promise<T>) => loginAgainIfRefused(request, shopper, call)
  let target: { id: string; title: string } | undefined
  if (form.template) {
    target = (await guarded(listOrderTemplates(scope))).find((template) => template.id === form.template)
    if (!target) throw redirect(orderTemplatesPath(locale.lang))
  } else {
    const created = await guarded(createOrderTemplate(scope, form.title ?? ''))
    if (!created.ok) return refused(submission, t, created.errors)
    target = created.value
  }
  const added = await guarded(addToOrderTemplate(scope, target.id, form.sku, form.quantity))
  if (!added.ok)
    return redirectWithToast(session, orderTemplatePath(locale.lang, target.id), {
      key: 'account.order_templates.change.failed',
      type: 'error',
      details: added.errors.map((error) => messageText(t, error)),
    })
  return redirectWithToast(
    session,
    safeReturnUrl(form.returnUrl, orderTemplatePath(locale.lang, target.id)),
    {
      key: 'account.order_templates.add.success',
      values: { title: target.title, sku: form.sku },
      type: 'success',
    },
  )
}

export default function AddToOrderTemplatePage() {
  const { title, product: item, templates, returnUrl } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'order-template-add',
    schema: addSchema(t),
    defaultValue: {
      sku: item.sku,
      quantity: item.minOrderQuantity,
      template: templates[0]?.id ?? '',
      returnUrl,
    },
  })
  const label = (name: string) =>
    ({
      quantity: t('account.order_templates.quantity.label'),
      template: t('account.order_templates.add.template.label'),
      title: t('account.order_templates.add.new.label'),
    })[name]
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[
          { name: t('account.order_templates.title'), url: orderTemplatesPath(locale.lang) },
          { name: title },
        ]}
      />
      <h1>{title}</h1>
      <p>{t('wishlists.line.sku', { sku: item.sku })}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} label={label} />
        <input type="hidden" name="sku" value={item.sku} />
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <Field meta={fields.quantity!} type="number" label={label('quantity')} inputMode="numeric" />
        <SelectField meta={fields.template!} label={label('template')}>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.title}
            </option>
          ))}
          <option value="">{t('account.order_templates.add.new.option')}</option>
        </SelectField>
        <Field meta={fields.title!} label={label('title')} hint={t('account.order_templates.add.new.hint')} />
        <SubmitButton>{t('account.order_templates.add.submit')}</SubmitButton>
      </Form>
      <p>
        <Link to={returnUrl}>{t('account.order_templates.add.back')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
