import '~/browser/account-texts'
import { getFormProps, getTextareaProps } from '@conform-to/react'
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
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { QuoteDate, QuoteLinesTable, QuoteStateBadge } from '~/components/quote/QuoteParts'
import { useShell } from '~/components/useShell'
import { messageText, type Translate } from '~/models/messages'
import {
  QUOTE_NAME_MAX,
  QUOTE_NOTE_MAX,
  QUOTE_QUANTITY_MAX,
  quotePath,
  quoteRequestPath,
  quotesPath,
} from '~/models/quote'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import type { IcmResult } from '~/services/icm.server'
import { requireQuoting } from '~/services/quote-pages.server'
import {
  createQuoteRequest,
  deleteQuoteRequest,
  deleteQuoteRequestItem,
  getQuoteRequest,
  quoteProducts,
  submitQuoteRequest,
  updateQuoteRequest,
  updateQuoteRequestItem,
} from '~/services/quotes.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/** The request's name and note: the one form of the page with fields of its own. */
const detailsSchema = (t: Translate) =>
  z.object({
    intent: z.literal('details'),
    displayName: z
      .string()
      .trim()
      .max(QUOTE_NAME_MAX, t('account.quotes.request.name.error.too_long', { max: QUOTE_NAME_MAX }))
      .default(''),
    description: z
      .string()
      .trim()
      .max(QUOTE_NOTE_MAX, t('account.quotes.request.note.error.too_long', { max: QUOTE_NOTE_MAX }))
      .default(''),
  })

const itemId = z.string().min(1).max(100)
const LineSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('quantity'),
    itemId,
    quantity: z.coerce.number().int().min(1).max(QUOTE_QUANTITY_MAX),
  }),
  z.object({ intent: z.literal('deleteItem'), itemId }),
  z.object({ intent: z.literal('submit') }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('copy') }),
])

/**
 * A quote request (`/account/quotes/requests/{id}`; feature quoting, logged in, noindex): its lines with the
 * list prices the API priced them at, its name and note; while new, each line's quantity changes or the line
 * goes, and the request is submitted to the shop; once submitted it is fixed and can be copied into a new one.
 * Someone else's or an unknown id is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context })
  const { locale, scope, user } = shopper
  const quoteRequest = await loginAgainIfRefused(
    request,
    shopper,
    getQuoteRequest(scope, user, params.quoteRequestId ?? ''),
  )
  const products = await quoteProducts(
    scope,
    quoteRequest.lines.map((line) => line.sku),
  )
  const t = fixedT(locale.id)
  return data(
    {
      title: t('account.quotes.request.title', { number: quoteRequest.number }),
      quoteRequest,
      products,
    },
    { headers: privateHeaders() },
  )
}

/**
 * The request's forms, each a plain post: name and note (a 400 with the field errors when too long), a line's
 * quantity, deleting a line, submitting, deleting the request, copying it. Post/redirect/get with a toast; a
 * refusal of the API is told in the toast with its reasons.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context })
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const id = params.quoteRequestId ?? ''
  const here = quoteRequestPath(locale.lang, id)
  const form = await readForm(request)
  const call = <T,>(promise: Promise<IcmResult<T>>) => loginAgainIfRefused(request, shopper, promise)
  const failed = (result: { errors: { code: string; message?: string }[] }, to = here) =>
    redirectWithToast(session, to, {
      key: 'account.quotes.change.failed',
      type: 'error',
      details: result.errors.map((error) => messageText(t, error)),
    })

  if (form.get('intent') === 'details') {
    const submission = parseSubmission(form, { schema: detailsSchema(t), t })
    if (submission.status !== 'success') return invalid(submission)
    const result = await call(updateQuoteRequest(scope, user, id, submission.value))
    if (!result.ok) return refused(submission, t, result.errors)
    return redirectWithToast(session, here, { key: 'account.quotes.request.saved', type: 'success' })
  }

  const submission = parseSubmission(form, { schema: LineSchema, t })
  if (submission.status !== 'success')
    return redirectWithToast(session, here, {
      key:
        form.get('intent') === 'quantity'
          ? 'account.quotes.request.quantity.invalid'
          : 'account.quotes.change.failed',
      type: 'error',
    })
  const value = submission.value
  switch (value.intent) {
    case 'quantity': {
      const result = await call(updateQuoteRequestItem(scope, user, id, value.itemId, value.quantity))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, here, { key: 'account.quotes.request.line.updated', type: 'success' })
    }
    case 'deleteItem': {
      const result = await call(deleteQuoteRequestItem(scope, user, id, value.itemId))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, here, { key: 'account.quotes.request.line.deleted', type: 'success' })
    }
    case 'submit': {
      const result = await call(submitQuoteRequest(scope, user, id))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, here, { key: 'account.quotes.request.submitted', type: 'success' })
    }
    case 'delete': {
      const result = await call(deleteQuoteRequest(scope, user, id))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, quotesPath(locale.lang), {
        key: 'account.quotes.delete.success',
        type: 'success',
      })
    }
    case 'copy': {
      const result = await call(createQuoteRequest(scope, user, { quoteRequestID: id }))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, quoteRequestPath(locale.lang, result.value), {
        key: 'account.quotes.request.copied',
        type: 'success',
      })
    }
  }
  throw redirect(here, 303)
}

export default function QuoteRequestPage() {
  const { title, quoteRequest, products } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const editable = quoteRequest.editable
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[{ name: t('account.quotes.title'), url: quotesPath(locale.lang) }, { name: title }]}
      />
      <h1>{title}</h1>
      <dl className="order-summary quote-summary">
        <dt>{t('account.quotes.column.state')}</dt>
        <dd>
          <QuoteStateBadge state={quoteRequest.state} />
        </dd>
        <dt>{t('account.quotes.column.created')}</dt>
        <dd>
          <QuoteDate value={quoteRequest.creationDate} />
        </dd>
        {quoteRequest.submittedDate ? (
          <>
            <dt>{t('account.quotes.column.submitted')}</dt>
            <dd>
              <QuoteDate value={quoteRequest.submittedDate} />
            </dd>
          </>
        ) : null}
        {!editable && quoteRequest.displayName ? (
          <>
            <dt>{t('account.quotes.request.name.label')}</dt>
            <dd>{quoteRequest.displayName}</dd>
          </>
        ) : null}
        {!editable && quoteRequest.description ? (
          <>
            <dt>{t('account.quotes.request.note.label')}</dt>
            <dd className="quote-note">{quoteRequest.description}</dd>
          </>
        ) : null}
      </dl>
      {quoteRequest.lines.length === 0 ? (
        <p data-testid="quote-request-empty">{t('account.quotes.request.empty')}</p>
      ) : (
        <QuoteLinesTable
          caption={t('account.quotes.lines.caption')}
          products={products}
          lines={quoteRequest.lines.map((line) => ({
            key: line.id,
            sku: line.sku,
            quantity: line.quantity,
            singlePrice: line.singlePrice,
            totalPrice: line.totalPrice,
          }))}
          quantity={
            editable
              ? (line) => (
                  <LineForms
                    itemId={line.key}
                    quantity={line.quantity}
                    name={products[line.sku]?.name ?? line.sku}
                  />
                )
              : undefined
          }
          total={quoteRequest.total}
        />
      )}
      {editable ? <DetailsForm name={quoteRequest.displayName} note={quoteRequest.description} /> : null}
      <div className="quote-actions">
        {editable ? (
          <>
            {quoteRequest.lines.length > 0 ? (
              <Form method="post">
                <SubmitButton intent="submit" className="primary">
                  {t('account.quotes.request.submit')}
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post">
              <SubmitButton intent="delete" className="link-button">
                {t('account.quotes.request.delete')}
              </SubmitButton>
            </Form>
          </>
        ) : (
          <Form method="post">
            <SubmitButton intent="copy">{t('account.quotes.copy')}</SubmitButton>
          </Form>
        )}
      </div>
      {quoteRequest.quoteId ? (
        <p>
          <Link to={quotePath(locale.lang, quoteRequest.quoteId)}>
            {t('account.quotes.request.to_quote')}
          </Link>
        </p>
      ) : null}
      <p>
        <Link to={quotesPath(locale.lang)}>{t('account.quotes.back')}</Link>
      </p>
    </>
  )
}

/** A line's quantity (its own form) and its delete button. */
function LineForms({ itemId, quantity, name }: { itemId: string; quantity: number; name: string }) {
  const { t } = useTranslation()
  return (
    <>
      <Form method="post" className="line-quantity">
        <input type="hidden" name="itemId" value={itemId} />
        <input
          type="number"
          name="quantity"
          defaultValue={quantity}
          min={1}
          max={QUOTE_QUANTITY_MAX}
          step={1}
          inputMode="numeric"
          required
          aria-label={t('account.quotes.request.quantity_of', { name })}
        />{' '}
        <SubmitButton intent="quantity">{t('account.quotes.request.update')}</SubmitButton>
      </Form>
      <Form method="post" className="line-delete">
        <input type="hidden" name="itemId" value={itemId} />
        <SubmitButton intent="deleteItem" className="link-button">
          {t('account.quotes.request.delete_line', { name })}
        </SubmitButton>
      </Form>
    </>
  )
}

/** The request's name and note for the shop. */
function DetailsForm({ name, note }: { name?: string; note?: string }) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'quote-request-details',
    schema: detailsSchema(t),
    defaultValue: { displayName: name ?? '', description: note ?? '' },
  })
  const description = getTextareaProps(fields.description)
  const labels = {
    displayName: t('account.quotes.request.name.label'),
    description: t('account.quotes.request.note.label'),
  }
  return (
    <section aria-labelledby="quote-request-details-title">
      <h2 id="quote-request-details-title">{t('account.quotes.request.details.title')}</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} label={labels} />
        <input type="hidden" name="intent" value="details" />
        <Field meta={fields.displayName} label={labels.displayName} />
        <div className="form-field">
          <label htmlFor={fields.description.id}>{labels.description}</label>
          <textarea {...description} key={description.key} rows={4} />
          <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <SubmitButton>{t('account.quotes.request.details.save')}</SubmitButton>
      </Form>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
