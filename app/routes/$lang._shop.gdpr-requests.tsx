import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { SubmitButton } from '~/components/form-controls'
import { useShell } from '~/components/useShell'
import { MAX_LINK_HASH_LENGTH, MAX_REQUEST_ID_LENGTH, type ConfirmationOutcome } from '~/models/privacy'
import { noindexMeta } from '~/models/seo'
import { formText, readForm } from '~/services/form.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { confirmPersonalDataRequest } from '~/services/privacy.server'
import { clearToken } from '~/services/session.server'
import { shopperOf } from '~/services/shopper.server'

/**
 * The link's secret is in this page's address: it never goes to another site as a referrer, and the page is
 * never stored (as the requisition decision page, issue 18).
 */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(pageHeaders(args))
  headers.set('Referrer-Policy', 'same-origin')
  return headers
}

const bounded = (value: string | null, max: number) => (value ?? '').slice(0, max + 1)

/**
 * The confirmation of a data-protection request from its mail (spec §2 `/gdpr-requests?Hash=&PersonalDataRequestID=`,
 * public, noindex). Opening the link changes nothing: mail scanners open links too, and a deletion must not
 * happen because one did. The page's one button posts the confirmation (`PUT gdpr-requests/{id}/confirmations`)
 * and shows spec §8's message of the outcome; a confirmed deletion of the logged-in user ends their session.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const query = new URL(request.url).searchParams
  return data(
    {
      title: fixedT(shopper.locale.id)('gdpr_request.page.title'),
      hash: bounded(query.get('Hash'), MAX_LINK_HASH_LENGTH),
      requestId: bounded(query.get('PersonalDataRequestID'), MAX_REQUEST_ID_LENGTH),
    },
    { headers: privateHeaders() },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const form = await readForm(request)
  const outcome = await confirmPersonalDataRequest(
    shopper.scope,
    bounded(formText(form, 'PersonalDataRequestID'), MAX_REQUEST_ID_LENGTH),
    bounded(formText(form, 'Hash'), MAX_LINK_HASH_LENGTH),
  )
  // The user's own deletion revoked their token: the shop forgets it, so the visitor is logged out.
  if (outcome.kind !== 'failed' && outcome.loggedOut) clearToken(shopper.session)
  return data<{ outcome: ConfirmationOutcome }>(
    { outcome },
    { status: outcome.kind === 'failed' ? outcome.status : 200, headers: privateHeaders() },
  )
}

function Outcome({ outcome }: { outcome: ConfirmationOutcome }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (outcome.kind === 'failed')
    return (
      <p role="alert" data-testid="gdpr-request-outcome">
        {t(outcome.key)}
      </p>
    )
  return (
    <>
      <p role="status" data-testid="gdpr-request-outcome">
        {t(outcome.key)}
      </p>
      {outcome.type === 'deletion' && outcome.loggedOut ? <p>{t('gdpr_request.page.deleted')}</p> : null}
      {outcome.type === 'copy' ? (
        <p>
          {t('gdpr_request.page.copy_ready')}{' '}
          <Link to={`/${locale.lang}/account/privacy/copy/${encodeURIComponent(outcome.requestId)}`}>
            {t('gdpr_request.page.to_copy')}
          </Link>
        </p>
      ) : null}
    </>
  )
}

export default function GdprRequestPage() {
  const { hash, requestId } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('gdpr_request.page.title')}</h1>
      {answer ? (
        <Outcome outcome={answer.outcome} />
      ) : (
        <>
          <p>{t('gdpr_request.page.intro')}</p>
          <Form method="post" replace>
            <input type="hidden" name="Hash" value={hash} />
            <input type="hidden" name="PersonalDataRequestID" value={requestId} />
            <SubmitButton>{t('gdpr_request.page.button')}</SubmitButton>
          </Form>
        </>
      )}
      <p>
        <Link to={`/${locale.lang}/home`}>{t('gdpr_request.page.to_home')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
