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
import { Captcha } from '~/components/Captcha'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { Honeypot } from '~/components/Honeypot'
import { useShell } from '~/components/useShell'
import { API_CODES } from '~/models/api-codes'
import { CAPTCHA_FIELDS, captchaFields, captchaSolution } from '~/models/captcha'
import { isSpam } from '~/models/honeypot'
import type { Translate } from '~/models/messages'
import { freeTextQuotePath, PHONE_PATTERN, QUOTE_CONTACT_TEXT_MAX, QUOTE_QUANTITY_MAX } from '~/models/quote'
import { noindexMeta } from '~/models/seo'
import { newCaptcha } from '~/services/captcha.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused, type ActionResult } from '~/services/form-result.server'
import { requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { sendQuoteContact } from '~/services/quotes.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const text = (t: Translate, max: number) =>
  z
    .string({ required_error: t('form.required') })
    .trim()
    .min(1, t('form.required'))
    .max(max, t('form.max_length', { max }))
const optionalText = (t: Translate, max: number) =>
  z.string().trim().max(max, t('form.max_length', { max })).optional()

/** The free-text quote form: what is wanted, how many, and how the shop reaches the person asking. */
const contactSchema = (t: Translate) =>
  z.object({
    description: text(t, QUOTE_CONTACT_TEXT_MAX),
    quantity: z.coerce
      .number({ invalid_type_error: t('quote.free_text.quantity.invalid') })
      .int(t('quote.free_text.quantity.invalid'))
      .min(1, t('quote.free_text.quantity.invalid'))
      .max(QUOTE_QUANTITY_MAX, t('quote.free_text.quantity.invalid'))
      .optional(),
    name: text(t, 100),
    email: text(t, 100).email(t('address.email.invalid')),
    phone: optionalText(t, 40).refine(
      (value) => !value || PHONE_PATTERN.test(value),
      t('quote.free_text.phone.invalid'),
    ),
    company: optionalText(t, 100),
    ...captchaFields(t),
  })

/**
 * The free-text quote (feature freetextQuoting; spec shell §7 `POST quotecontact`; noindex): for something the
 * catalogue does not show as wanted, anyone asks the shop for a quote in their own words, with the shop's
 * captcha (no third party, works without JavaScript). A logged-in user finds their name filled in; `?sku=`
 * names the product the question is about. Personal, as each view holds a captcha question of its own.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'freetextQuoting')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const url = new URL(request.url)
  const sent = url.searchParams.get('sent') === '1'
  const sku = url.searchParams.get('sku')?.trim().slice(0, 100) || undefined
  const user = session.get('isAnonymous') ? undefined : session.get('user')
  return data(
    {
      title: t('quote.free_text.title'),
      sent,
      challenge: sent ? null : await newCaptcha(scope),
      sku,
      defaults: {
        name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
        company: user?.companyName ?? '',
      },
    },
    { headers: privateHeaders() },
  )
}

/**
 * Sends the request to the shop: invalid input answers 400 with the form's errors, a wrong captcha 422 at its
 * field, each answer with a new question; a filled honeypot is answered like a sent request without asking
 * ICM. Success: the page says it was sent (post/redirect/get with a toast).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'freetextQuoting')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const sentUrl = `${freeTextQuotePath(locale.lang)}?sent=1`
  const form = await readForm(request)
  if (isSpam(form)) throw redirect(sentUrl, 303)
  const submission = parseSubmission(form, { schema: contactSchema(t), t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: CAPTCHA_FIELDS })
  const { captchaId, captchaAnswer, ...contact } = submission.value
  const result = await sendQuoteContact(
    { ...scope, token: undefined },
    { ...contact, phone: contact.phone || undefined, company: contact.company || undefined },
    captchaSolution({ captchaId, captchaAnswer }),
  )
  if (!result.ok && 'captcha' in result)
    return data<ActionResult>(
      {
        result: submission.reply({
          hideFields: CAPTCHA_FIELDS,
          fieldErrors: { captchaAnswer: [t(API_CODES.captchaIncorrect)] },
        }),
      },
      { status: 422 },
    )
  if (!result.ok) return refused(submission, t, result.errors, { hideFields: CAPTCHA_FIELDS })
  return redirectWithToast(session, sentUrl, { key: 'quote.free_text.sent.toast', type: 'success' })
}

export default function FreeTextQuotePage() {
  const { title, sent, challenge, sku, defaults } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const { locale } = useShell()
  const [form, fields] = useShopForm({
    id: 'quote-contact',
    schema: contactSchema(t),
    defaultValue: {
      name: defaults.name,
      company: defaults.company,
      description: sku ? t('quote.free_text.description.about', { sku }) : '',
    },
  })
  if (sent || !challenge)
    return (
      <>
        <h1>{t('quote.free_text.sent.title')}</h1>
        <p role="status">{t('quote.free_text.sent.text')}</p>
        <p>
          <Link to={freeTextQuotePath(locale.lang)}>{t('quote.free_text.again')}</Link>
        </p>
      </>
    )
  const labels = {
    description: t('quote.free_text.description.label'),
    quantity: t('quote.free_text.quantity.label'),
    name: t('quote.free_text.name.label'),
    email: t('quote.free_text.email.label'),
    phone: t('quote.free_text.phone.label'),
    company: t('quote.free_text.company.label'),
    captchaAnswer: t('captcha.legend'),
  }
  const description = getTextareaProps(fields.description)
  return (
    <>
      <h1>{title}</h1>
      <p>{t('quote.free_text.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="quote-contact-form">
        <FormErrors form={form} label={labels} />
        <div className="form-field">
          <label htmlFor={fields.description.id}>{labels.description}</label>
          <textarea {...description} key={description.key} rows={5} />
          <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <Field meta={fields.quantity} label={labels.quantity} type="number" inputMode="numeric" min={1} />
        <Field meta={fields.name} label={labels.name} autoComplete="name" />
        <Field meta={fields.email} label={labels.email} type="email" autoComplete="email" />
        <Field meta={fields.phone} label={labels.phone} type="tel" autoComplete="tel" />
        <Field meta={fields.company} label={labels.company} autoComplete="organization" />
        <Captcha challenge={challenge} meta={fields.captchaAnswer} />
        <Honeypot />
        <SubmitButton className="primary">{t('quote.free_text.submit')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
