import '~/browser/account-texts'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { messageText } from '~/models/messages'
import {
  ORDER_TEMPLATE_PERMISSION,
  orderTemplatePath,
  orderTemplatesPath,
  orderTemplateTitle,
  templateItemsOf,
} from '~/models/order-template'
import { safeReturnUrl } from '~/models/url'
import { currentBasket } from '~/services/basket.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused, requireFeature, requirePermission } from '~/services/guards.server'
import { fixedT } from '~/services/i18n.server'
import { getOrder } from '~/services/orders.server'
import { createOrderTemplateWith } from '~/services/order-templates.server'
import { boundedToast, redirectWithToast } from '~/services/toast.server'

const SaveSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('basket'),
    title: orderTemplateTitle,
    returnUrl: z.string().max(2000).optional(),
  }),
  z.object({
    source: z.literal('order'),
    orderId: z.string().min(1).max(100),
    title: orderTemplateTitle,
    returnUrl: z.string().max(2000).optional(),
  }),
])

/** Nothing to show here: the order templates page is where a user looks at their templates. */
export async function loader({ params }: LoaderFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  throw redirect(orderTemplatesPath(params.lang ?? ''))
}

/**
 * "Save as order template" from the basket page or an order's page (a plain form post): a new template with
 * the title given and the basket's or the order's products (a product on several lines once, quantities
 * added up), then the template's page with a toast naming any product ICM did not take. A title left empty or
 * too long goes back to the page it came from with the reason.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'orderTemplates')
  const shopper = await requirePermission({ request, params, context }, ORDER_TEMPLATE_PERMISSION)
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const formData = await readForm(request)
  const back = safeReturnUrl(formData.get('returnUrl')?.toString(), orderTemplatesPath(locale.lang))
  const submission = parseSubmission(formData, { schema: SaveSchema, t })
  if (submission.status !== 'success')
    return redirectWithToast(session, back, { key: 'account.order_templates.title.invalid', type: 'error' })
  const form = submission.value
  const lines = await loginAgainIfRefused<readonly { sku: string; quantity: number }[]>(
    request,
    shopper,
    form.source === 'basket'
      ? currentBasket(scope).then((basket) => basket?.lines ?? [])
      : getOrder(scope, form.orderId).then((order) => order.lines),
  )
  const { items, left } = templateItemsOf(lines)
  if (items.length === 0)
    return redirectWithToast(session, back, { key: 'account.order_templates.new.empty', type: 'error' })
  const result = await loginAgainIfRefused(
    request,
    shopper,
    createOrderTemplateWith(scope, form.title, items),
  )
  if (!result.ok)
    return redirectWithToast(session, back, {
      key: 'account.order_templates.change.failed',
      type: 'error',
      details: result.errors.map((error) => messageText(t, error)),
    })
  const { template, refused } = result.value
  const details = [
    ...refused.map(({ item, errors }) =>
      t('account.order_templates.new.refused', {
        sku: item.sku,
        reason: errors[0] ? messageText(t, errors[0]) : '',
      }),
    ),
    ...(left > 0 ? [t('account.order_templates.new.left', { count: left })] : []),
  ]
  return redirectWithToast(
    session,
    orderTemplatePath(locale.lang, template.id),
    boundedToast(
      {
        key: `account.order_templates.new.${form.source}`,
        values: { title: template.title, count: template.items.length },
        type: details.length ? 'info' : 'success',
        ...(details.length ? { details } : {}),
      },
      (count) => t('ede.shopping_cart.add_items.more.message', { count }),
    ),
  )
}
