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
import { SubmitButton } from '~/components/form-controls'
import { messageText } from '~/models/messages'
import {
  addToQuotePath,
  MANAGE_QUOTES,
  QUOTE_QUANTITY_MAX,
  quoteRequestPath,
  quotesPath,
} from '~/models/quote'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { parseSubmission, readForm } from '~/services/form.server'
import { errorPageUrl, hasPermission, loginAgainIfRefused, requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { requireQuoting } from '~/services/quote-pages.server'
import { addProductToQuoteRequest, quoteProducts } from '~/services/quotes.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const sku = z.string().trim().min(1).max(100)
const quantity = z.coerce.number().int().min(1).max(QUOTE_QUANTITY_MAX)
const AddSchema = z.object({ sku, quantity, returnUrl: z.string().max(2048).optional() })

/** The address of this page for a product and quantity: where a guest comes back to after the login. */
const pageUrl = (lang: string, item: { sku: string; quantity: string | number }) =>
  `${addToQuotePath(lang)}?${new URLSearchParams({ sku: item.sku, quantity: String(item.quantity) })}`

/**
 * `addProductToQuoteRequest` (spec shell §2.1: feature quoting, login required; the login redirect carries
 * `messageKey=quotes`). The PWA adds on opening the address; here a GET changes nothing: with `sku` and
 * `quantity` it asks to confirm the add with a post (the page a guest comes back to after logging in), without
 * them it leads to the quote list.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context })
  const { locale, scope } = shopper
  const url = new URL(request.url)
  const parsed = z.object({ sku, quantity }).safeParse(Object.fromEntries(url.searchParams))
  if (!parsed.success) throw redirect(quotesPath(locale.lang))
  const products = await quoteProducts(scope, [parsed.data.sku])
  const t = fixedT(locale.id)
  return data(
    {
      title: t('quote.add_product.title'),
      sku: parsed.data.sku,
      quantity: parsed.data.quantity,
      product: products[parsed.data.sku]!,
    },
    { headers: privateHeaders() },
  )
}

/**
 * "Add to quote" of the product page (a plain form post of `sku` and `quantity`): the product goes on the
 * user's open quote request, or a new one, and the user goes to that request with a toast. A guest logs in
 * first (told why) and comes back to confirm; a refusal goes back to the product page with the API's reason.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'quoting')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const form = await readForm(request)
  const submission = parseSubmission(form, { schema: AddSchema, t })
  const back = safeReturnUrl(
    typeof form.get('returnUrl') === 'string' ? form.get('returnUrl') : null,
    quotesPath(locale.lang),
  )
  const user = session.get('user')
  if (!user || !session.get('apiToken') || session.get('isAnonymous')) {
    // Come back to confirm the same product and quantity after the login (a post cannot be repeated).
    const item = { sku: String(form.get('sku') ?? ''), quantity: String(form.get('quantity') ?? '1') }
    const returnUrl = sku.safeParse(item.sku).success ? pageUrl(locale.lang, item) : back
    throw redirect(`/${locale.lang}/login?${new URLSearchParams({ returnUrl, messageKey: 'quotes' })}`, 303)
  }
  if (!hasPermission(user, MANAGE_QUOTES))
    throw redirect(errorPageUrl(locale.lang, 'missing-permission', MANAGE_QUOTES))
  if (submission.status !== 'success')
    return redirectWithToast(session, back, { key: 'quote.add_product.invalid', type: 'error' })
  const { value } = submission
  const shopper = { locale, scope, session }
  const added = await loginAgainIfRefused(
    request,
    shopper,
    addProductToQuoteRequest(scope, user, value.sku, value.quantity),
  )
  if (!added.ok)
    return redirectWithToast(session, back, {
      key: 'quote.add_product.failed',
      type: 'error',
      details: added.errors.map((error) => messageText(t, error)),
    })
  const products = await quoteProducts(scope, [value.sku])
  return redirectWithToast(session, quoteRequestPath(locale.lang, added.value), {
    key: 'quote.add_product.success',
    values: { product: products[value.sku]?.name ?? value.sku, quantity: value.quantity },
    type: 'success',
  })
}

export default function AddProductToQuoteRequestPage() {
  const { title, sku, quantity, product } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <>
      <h1>{title}</h1>
      <p>
        {product.url ? <Link to={product.url}>{product.name}</Link> : product.name}{' '}
        <small>{t('product.sku', { sku })}</small>
      </p>
      <Form method="post" className="add-to-quote">
        <input type="hidden" name="sku" value={sku} />
        {product.url ? <input type="hidden" name="returnUrl" value={product.url} /> : null}
        <label htmlFor="quote-quantity">
          {t('product.quantity.label')}
          <input
            id="quote-quantity"
            type="number"
            name="quantity"
            min={1}
            max={QUOTE_QUANTITY_MAX}
            defaultValue={quantity}
            inputMode="numeric"
            required
          />
        </label>
        <SubmitButton className="primary">{t('quote.add_to_quote')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
