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
import { Breadcrumb } from '~/components/Breadcrumb'
import { Captcha } from '~/components/Captcha'
import { ContactPersonCard } from '~/components/ContactPersonCard'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, SelectField, useShopForm } from '~/components/forms'
import { Honeypot } from '~/components/Honeypot'
import { API_CODES } from '~/models/api-codes'
import { CAPTCHA_FIELDS, captchaSolution } from '~/models/captcha'
import { CONTACT_FIELD_LIMITS, CONTACT_FIELDS, contactSchema, type ContactMessage } from '~/models/contact'
import { isSpam } from '~/models/honeypot'
import { newCaptcha } from '~/services/captcha.server'
import { contactPerson, contactSubjects, sendContactMessage } from '~/services/contact.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields, type ActionResult } from '~/services/form-result.server'
import { loginAgainIfRefused, requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { ownUser } from '~/services/profile.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/** A message of up to 30,000 characters, form-encoded (a non-ASCII character takes up to nine bytes). */
const MAX_FORM_BYTES = 320 * 1024

const sentUrl = (lang: string) => `/${lang}/contact?sent=1`

/**
 * The contact form (spec shell §2.1 `contact`, feature contactUs): the subjects of `GET contact`, the message,
 * name, e-mail address, phone and an optional order number. A logged-in user finds their name, address and
 * phone filled in and needs no captcha; a stranger answers the shop's captcha (so the page is personal). A
 * business customer's users see their contact person (`GET contactpersons`) beside it. After sending, the
 * same address says thank you (`?sent=1`, post/redirect/get).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'contactUs')
  const shopper = await shopperOf({ request, params, context })
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const user = session.get('user')
  const sent = new URL(request.url).searchParams.get('sent') === '1'
  const personal = loginAgainIfRefused(
    request,
    shopper,
    Promise.all([
      user && !sent ? ownUser(scope, user) : Promise.resolve(null),
      user?.customerType === 'SMBCustomer' ? contactPerson(scope) : Promise.resolve(null),
    ]),
  )
  const [subjects, challenge, [own, person]] = await Promise.all([
    sent ? Promise.resolve([]) : contactSubjects(scope),
    user || sent ? Promise.resolve(null) : newCaptcha(scope),
    personal,
  ])
  const phone = own ? own.phoneBusiness || own.phoneMobile || own.phoneHome || '' : ''
  return data(
    {
      title: t('helpdesk.contact_us.heading'),
      sent,
      subjects,
      challenge,
      anonymous: !user,
      person,
      defaults: {
        name: own ? [own.firstName, own.lastName].filter(Boolean).join(' ') : '',
        email: own?.email ?? '',
        phone,
      },
      homeUrl: `/${locale.lang}/home`,
      againUrl: `/${locale.lang}/contact`,
    },
    { headers: privateHeaders() },
  )
}

/**
 * Sends the message to ICM. A filled honeypot is answered like a sent message without asking ICM; ICM's
 * refusals show in the form (at the field they name), each try with a new captcha question.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'contactUs')
  const shopper = await shopperOf({ request, params, context })
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const user = session.get('user')
  const form = await readForm(request, { maxBytes: MAX_FORM_BYTES })
  if (isSpam(form)) throw redirect(sentUrl(locale.lang), 303)
  const submission = parseSubmission(form, { schema: contactSchema(t, { anonymous: !user }), t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: CAPTCHA_FIELDS })
  const value = submission.value as ContactMessage & { captchaId?: string; captchaAnswer?: string }
  const message: ContactMessage = {
    subject: value.subject,
    comment: value.comment,
    name: value.name,
    email: value.email,
    phone: value.phone,
    ...(value.order ? { order: value.order } : {}),
  }
  const captcha =
    value.captchaId !== undefined && value.captchaAnswer !== undefined
      ? captchaSolution({ captchaId: value.captchaId, captchaAnswer: value.captchaAnswer })
      : null
  const outcome = await loginAgainIfRefused(request, shopper, sendContactMessage(scope, message, captcha))
  if (outcome.ok) throw redirect(sentUrl(locale.lang), 303)
  if ('captcha' in outcome)
    return data<ActionResult>(
      {
        result: submission.reply({
          hideFields: CAPTCHA_FIELDS,
          fieldErrors: { captchaAnswer: [t(API_CODES.captchaIncorrect)] },
        }),
      },
      { status: 422 },
    )
  if ('retryAfter' in outcome) {
    const minutes = Math.max(1, Math.ceil(outcome.retryAfter / 60))
    return data<ActionResult>(
      {
        result: submission.reply({
          hideFields: CAPTCHA_FIELDS,
          formErrors: [t(API_CODES.tooManyContactMessages, { count: minutes })],
        }),
      },
      { status: 429, headers: { 'Retry-After': String(outcome.retryAfter) } },
    )
  }
  return refusedAtFields(submission, t, outcome.errors, CONTACT_FIELDS, { hideFields: CAPTCHA_FIELDS })
}

export default function ContactPage() {
  const { sent, subjects, challenge, anonymous, person, defaults, homeUrl, againUrl } =
    useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'contact',
    schema: contactSchema(t, { anonymous }),
    defaultValue: defaults,
  })
  const breadcrumb = <Breadcrumb items={[{ name: t('helpdesk.contact_us.heading') }]} homeUrl={homeUrl} />
  if (sent)
    return (
      <>
        {breadcrumb}
        <h1>{t('helpdesk.contact_us.heading')}</h1>
        <div role="status" className="contact-confirmation">
          <p>{t('helpdesk.contactus.thankyou')}</p>
          <p>{t('helpdesk.contactus.youwillreceive')}</p>
        </div>
        <p>
          <Link to={homeUrl}>{t('helpdesk.contactus.continueshopping')}</Link>{' '}
          <Link to={againUrl}>{t('helpdesk.contactus.again')}</Link>
        </p>
        {person ? <ContactPersonCard person={person} /> : null}
      </>
    )
  const labels: Record<string, string> = {
    subject: t('helpdesk.contactus.subject.label'),
    comment: t('helpdesk.contactus.comments.label'),
    name: t('helpdesk.contactus.name.label'),
    email: t('helpdesk.contactus.email.label'),
    phone: t('helpdesk.contactus.phone.label'),
    order: t('helpdesk.contactus.order.label'),
    captchaAnswer: t('captcha.legend'),
  }
  const comment = getTextareaProps(fields.comment)
  // Only a stranger's form has the captcha's fields (contactSchema); Conform names them all the same.
  const { captchaAnswer } = fields as typeof fields & { captchaAnswer: typeof fields.name }
  return (
    <>
      {breadcrumb}
      <h1>{t('helpdesk.contact_us.heading')}</h1>
      <div className="contact-page">
        <div className="contact-form-column">
          <p>{t('helpdesk.contactus.intro')}</p>
          <Form method="post" {...getFormProps(form)} className="contact-form">
            <FormErrors form={form} label={labels} />
            <SelectField meta={fields.subject} label={labels.subject}>
              <option value="">{t('helpdesk.contactus.subject.placeholder')}</option>
              {subjects.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </SelectField>
            <div className="form-field">
              <label htmlFor={fields.comment.id}>{labels.comment}</label>
              <textarea {...comment} key={comment.key} rows={6} maxLength={CONTACT_FIELD_LIMITS.comment} />
              <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
            </div>
            <Field meta={fields.name} label={labels.name} autoComplete="name" />
            <Field
              meta={fields.email}
              label={labels.email}
              type="email"
              autoComplete="email"
              readOnly={!anonymous && defaults.email !== ''}
            />
            <Field meta={fields.phone} label={labels.phone} type="tel" autoComplete="tel" />
            <Field
              meta={fields.order}
              label={labels.order}
              hint={t('helpdesk.contactus.order.hint')}
              autoComplete="off"
            />
            {challenge ? <Captcha challenge={challenge} meta={captchaAnswer} /> : null}
            <Honeypot />
            <SubmitButton>{t('helpdesk.contactus.send')}</SubmitButton>
          </Form>
        </div>
        {person ? (
          <div className="contact-person-column">
            <ContactPersonCard person={person} />
          </div>
        ) : null}
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]
