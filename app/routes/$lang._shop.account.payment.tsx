import '~/browser/account-texts'
import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import {
  DeletePaymentConfirmation,
  SavedInstrumentList,
  SavePaymentForm,
  savePaymentSchema,
} from '~/components/payment/SavedPayments'
import { useShell } from '~/components/useShell'
import { messageText } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import { formText, parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused, requireLogin, type LoggedIn } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { saveUserInstrument } from '~/services/payments.server'
import { deleteUserInstrument, setPreferredInstrument, userPayments } from '~/services/saved-payments.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const pageUrl = (lang: string) => `/${lang}/account/payment`

/**
 * The saved payment instruments (`/{lang}/account/payment`, logged in; spec §3 Payment instrument, §5, §7):
 * the list with the preferred one, making one preferred, deleting one after its confirmation step
 * (`?delete={id}`), and saving new payment data for each method that allows it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const { instruments, savable } = await loginAgainIfRefused(
    request,
    shopper,
    userPayments(shopper.scope, shopper.user),
  )
  const deleteId = new URL(request.url).searchParams.get('delete')
  return data(
    {
      title: fixedT(shopper.locale.id)('account.payment.title'),
      instruments,
      savable,
      deleting: instruments.find((i) => i.id === deleteId) ?? null,
    },
    { headers: privateHeaders() },
  )
}

/** A posted intent: `add` (method and parameters), `delete`, `preferred` or `no-preferred` (each with `id`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const form = await readForm(request)
  const intent = formText(form, 'intent')
  const id = formText(form, 'id') ?? ''
  if (intent === 'add') return addInstrument(request, shopper, form)
  const back = pageUrl(shopper.locale.lang)
  const { scope, user, session } = shopper
  if (intent === 'delete' || intent === 'preferred' || intent === 'no-preferred') {
    const result = await loginAgainIfRefused(
      request,
      shopper,
      intent === 'delete'
        ? deleteUserInstrument(scope, user, id)
        : setPreferredInstrument(scope, user, intent === 'preferred' ? id : null),
    )
    if (!result.ok) {
      const t = fixedT(shopper.locale.id)
      return redirectWithToast(session, back, {
        key: 'account.payment.change_failed.message',
        details: result.errors.map((error) => messageText(t, error)),
        type: 'error',
      })
    }
    const key = {
      delete: 'account.payment.payment_deleted.message',
      preferred: 'account.payment.preferred_set.message',
      'no-preferred': 'account.payment.no_preferred.message',
    }[intent]
    return redirectWithToast(session, back, { key, type: 'success' })
  }
  throw new Response(null, { status: 400, statusText: 'Bad Request' })
}

/** Saves new payment data (`POST {customers}/-/payments`); the form answers carry the method they are for. */
async function addInstrument(request: Request, shopper: LoggedIn, form: FormData) {
  const { savable } = await loginAgainIfRefused(request, shopper, userPayments(shopper.scope, shopper.user))
  const method = savable.find((m) => m.id === formText(form, 'paymentMethod'))
  if (!method) throw new Response(null, { status: 400, statusText: 'Bad Request' })
  const t = fixedT(shopper.locale.id)
  const submission = parseSubmission(form, { schema: savePaymentSchema(method, t), t })
  const answer = (response: ReturnType<typeof invalid>) =>
    data({ ...response.data, methodId: method.id }, response.init ?? undefined)
  if (submission.status !== 'success') return answer(invalid(submission))
  const values = submission.value.parameters as Record<string, string | undefined>
  const parameters = method.parameters
    .filter((p) => values[p.name] !== undefined)
    .map((p) => ({ name: p.name, value: values[p.name]! }))
  const saved = await loginAgainIfRefused(
    request,
    shopper,
    saveUserInstrument(shopper.scope, shopper.user, method.id, parameters),
  )
  if (!saved.ok) return answer(refused(submission, t, saved.errors))
  return redirectWithToast(shopper.session, pageUrl(shopper.locale.lang), {
    key: 'account.payment.payment_created.message',
    type: 'success',
  })
}

export default function PaymentPage() {
  const { instruments, savable, deleting } = useLoaderData<typeof loader>()
  const answer = useActionData<{ result?: SubmissionResult<string[]>; methodId?: string }>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const here = pageUrl(locale.lang)
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: t('account.payment.title') }]} />
      <h1>{t('account.payment.title')}</h1>
      <p>{t('account.payment.intro')}</p>
      {deleting ? <DeletePaymentConfirmation instrument={deleting} cancelUrl={here} /> : null}
      <SavedInstrumentList
        instruments={instruments}
        deleteUrl={(id) => `${here}?${new URLSearchParams({ delete: id })}`}
      />
      <h2>{t('account.payment.add.title')}</h2>
      {savable.length === 0 ? <p>{t('account.payment.add.none')}</p> : null}
      {savable.map((method) => (
        <SavePaymentForm
          key={method.id}
          method={method}
          lastResult={answer?.methodId === method.id ? (answer.result ?? null) : null}
        />
      ))}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
