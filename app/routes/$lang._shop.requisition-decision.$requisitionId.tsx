import '~/browser/account-texts'
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { OrderDetails } from '~/components/order/OrderDetails'
import { DecisionForms } from '~/components/requisition/DecisionForms'
import {
  ApprovalReasons,
  ApprovalStages,
  BuyerBudget,
  RequisitionSummary,
} from '~/components/requisition/RequisitionDetails'
import { useShell } from '~/components/useShell'
import {
  approveFormSchema,
  decisionMessage,
  decisionOutcomeOf,
  rejectFormSchema,
  type DecisionAnswer,
  type Requisition,
} from '~/models/requisition'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { formText, parseSubmission, readForm } from '~/services/form.server'
import {
  decideWithLink,
  MAX_LINK_TOKEN_LENGTH,
  verifyLink,
  type LinkRefusal,
} from '~/services/requisition-links.server'
import { shopperOf } from '~/services/shopper.server'

/**
 * The link's secret is in this page's address: it never goes to another site as a referrer (the shop's own
 * form posts keep theirs, which the same-origin check of every post needs), and the page is never stored.
 */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(pageHeaders(args))
  headers.set('Referrer-Policy', 'same-origin')
  return headers
}

type Decision = 'approve' | 'reject'
const decisionOf = (value: string | null): Decision => (value === 'reject' ? 'reject' : 'approve')

/** What the page says instead of the forms: why the link cannot decide, or what the decision did. */
type Outcome =
  | { kind: 'refused'; refusal: LinkRefusal }
  | { kind: 'decided'; key: string; values: Record<string, string>; requisition: Requisition }

/**
 * Deciding a requisition from the approver's mail (issue 18; the commerce API's requisition-links): a
 * confirmation page that needs no login and no JavaScript, with the requisition, why it needs approval, and the
 * one decision the mail's button stood for (a comment field for a rejection). The link works once, until it
 * expires, while the requisition waits; a shopper logged in as someone else is refused.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const url = new URL(request.url)
  const token = (url.searchParams.get('token') ?? '').slice(0, MAX_LINK_TOKEN_LENGTH + 1)
  const decision = decisionOf(url.searchParams.get('decision'))
  const id = params.requisitionId ?? ''
  const verified = await verifyLink(shopper.scope, id, token)
  const title = t('requisition_link.title')
  if (!verified.ok)
    return data(
      { title, decision, token: '', requisition: null, approverName: '', refusal: verified.refusal },
      { status: verified.status, headers: privateHeaders() },
    )
  return data({ title, decision, token, refusal: null, ...verified.value }, { headers: privateHeaders() })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const form = await readForm(request)
  const token = formText(form, 'token') ?? ''
  const intent: Decision = formText(form, 'intent') === 'reject' ? 'reject' : 'approve'
  const submission =
    intent === 'reject'
      ? parseSubmission(form, { schema: rejectFormSchema(t), t })
      : parseSubmission(form, { schema: approveFormSchema, t })
  if (submission.status !== 'success')
    return data<DecisionAnswer & { outcome?: Outcome }>(
      { intent, result: submission.reply() },
      { status: 400 },
    )
  const comment = 'comment' in submission.value ? submission.value.comment : undefined
  const decided = await decideWithLink(shopper.scope, params.requisitionId ?? '', token, {
    statusCode: intent === 'reject' ? 'REJECTED' : 'APPROVED',
    comment,
  })
  if (!decided.ok) {
    if (decided.refusal === 'comment-required')
      return data<DecisionAnswer & { outcome?: Outcome }>(
        {
          intent,
          result: submission.reply({
            fieldErrors: { comment: [t('account.requisitions.comment.error.required')] },
          }),
        },
        { status: 422 },
      )
    return data<DecisionAnswer & { outcome?: Outcome }>(
      { intent, result: submission.reply(), outcome: { kind: 'refused', refusal: decided.refusal } },
      { status: decided.status },
    )
  }
  const outcome = decisionOutcomeOf(decided.value)
  const { key, values } = decisionMessage(outcome, t)
  // Remix runs the loader again after the action of a document POST, and the used-up link then no longer
  // verifies (404): the action's own status is what a browser without JavaScript must get for the outcome.
  return data<DecisionAnswer & { outcome?: Outcome }>(
    {
      intent,
      result: submission.reply({ resetForm: true }),
      outcome: { kind: 'decided', key, values, requisition: decided.value },
    },
    { status: 200 },
  )
}

export default function RequisitionDecisionPage() {
  const loaded = useLoaderData<typeof loader>()
  const { decision, token, approverName } = loaded
  const answer = useActionData<typeof action>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const outcome = answer && 'outcome' in answer ? answer.outcome : undefined
  // After the decision the link is used up: the page shows the requisition as the decision left it.
  const requisition = outcome?.kind === 'decided' ? outcome.requisition : loaded.requisition
  const refused =
    outcome?.kind === 'refused' ? outcome.refusal : outcome?.kind === 'decided' ? null : loaded.refusal
  if (!requisition || refused)
    return (
      <>
        <h1>{t('requisition_link.title')}</h1>
        <p role="alert" data-testid="requisition-link-refusal">
          {t(`requisition_link.refused.${refused ?? 'invalid'}`)}
        </p>
        <p>
          <Link to={`/${locale.lang}/account/requisitions/approver`}>{t('requisition_link.to_shop')}</Link>
        </p>
      </>
    )
  const heading = t(`requisition_link.heading.${decision}`, { number: requisition.requisitionNo })
  return (
    <>
      <h1>{heading}</h1>
      {outcome?.kind === 'decided' ? (
        <>
          <p role="status" data-testid="requisition-link-outcome">
            {t(outcome.key, outcome.values)}
          </p>
          <p>
            <Link to={`/${locale.lang}/account/requisitions/approver`}>{t('requisition_link.to_shop')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('requisition_link.intro', { name: approverName })}</p>
          <DecisionForms only={decision} hidden={{ token }} />
          <p>
            <Link
              to={`?${new URLSearchParams({ token, decision: decision === 'approve' ? 'reject' : 'approve' })}`}
              replace
            >
              {t(`requisition_link.switch.${decision}`)}
            </Link>
          </p>
        </>
      )}
      <RequisitionSummary requisition={requisition} />
      <ApprovalReasons reasons={requisition.reasons} />
      <ApprovalStages requisition={requisition} />
      <BuyerBudget requisition={requisition} />
      <OrderDetails order={requisition.details} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
