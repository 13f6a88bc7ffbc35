/**
 * Deciding a requisition from the approver's mail (issue 18): the confirmation page `/{lang}/requisition-
 * decision/{id}?token=&decision=` needs no login. It shows the requisition and the one decision the mail's
 * button stood for, passes the link's secret in the call's body (never in an address), keeps it from being sent
 * on as a referrer, and says in words why a link cannot decide (used, expired, decided, another user's).
 */
import { createStaticHandler } from '@remix-run/router'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action, headers, loader } from '~/routes/$lang._shop.requisition-decision.$requisitionId'
import { icm, icmError, icmPath } from './icm-mock'
import { answer, args, signedInCookie } from './loader-args'
import { APPROVER, ID, requisitionEnvelope, stage } from './requisition-fixtures'
import './setup'

const TOKEN = 'k7Qm1V0x3bYt9Zr2Lq8Wn5Hc4Jd6Fg0Sa1Pe7Ou2Iy'
const PAGE = `/en/requisition-decision/${ID}`
const params = { lang: 'en', requisitionId: ID }
const approver = { firstName: 'Aaron', lastName: 'Approver', email: APPROVER.login }

/** The API's link calls, recording what each was sent and with which token. */
function linkApi(
  verify: () => Response,
  decide: () => Response = () => HttpResponse.json(requisitionEnvelope(ID, { status: 'APPROVED' })),
) {
  const calls: { path: string; body: any; url: string; token: string | null }[] = []
  const record =
    (answerOf: () => Response) =>
    async ({ request }: { request: Request }) => {
      calls.push({
        path: new URL(request.url).pathname.replace(/^.*;cur=[A-Z]{3}\//, ''),
        body: await request.json(),
        url: request.url,
        token: request.headers.get('authentication-token'),
      })
      return answerOf()
    }
  icm.use(
    http.post(icmPath('requisition-links/verify'), record(verify)),
    http.post(icmPath('requisition-links/decision'), record(decide)),
  )
  return calls
}

const verified = () => HttpResponse.json({ ...requisitionEnvelope(ID), approver })

describe('the confirmation page of a mail link', () => {
  it('shows the requisition and the decision of the button, with nobody logged in', async () => {
    const calls = linkApi(verified)
    const { response, data } = await answer(
      loader,
      args(`${PAGE}?token=${TOKEN}&decision=reject`, { params }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data).toMatchObject({
      decision: 'reject',
      token: TOKEN,
      refusal: null,
      approverName: 'Aaron Approver',
    })
    expect(data.requisition).toMatchObject({ id: ID, requisitionNo: '1003', status: 'PENDING' })
    // The secret went in the body, not in the address of the call.
    expect(calls).toHaveLength(1)
    expect(calls[0]!.body).toEqual({ requisition: ID, token: TOKEN })
    expect(calls[0]!.url).not.toContain(TOKEN)
    // The page's address holds the secret: never a referrer, never stored.
    const sent = headers({
      loaderHeaders: new Headers({ 'Cache-Control': 'private, no-store' }),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    } as never)
    expect(new Headers(sent).get('Referrer-Policy')).toBe('same-origin')
  })

  it('says why a link cannot decide, with the fitting status', async () => {
    const cases = [
      [icmError(404, 'requisition.link.invalid.error'), 404, 'invalid'],
      [icmError(422, 'requisition.link.expired.error'), 410, 'expired'],
      [icmError(409, 'requisition.already_decided.error'), 409, 'decided'],
      [icmError(403, 'requisition.link.other_user.error'), 403, 'other-user'],
    ] as const
    for (const [refusal, status, kind] of cases) {
      linkApi(() => refusal)
      const { response, data } = await answer(loader, args(`${PAGE}?token=${TOKEN}`, { params }))
      expect(response.status, kind).toBe(status)
      expect(data).toMatchObject({ refusal: kind, requisition: null, token: '' })
    }
    // No secret, or one far too long, asks the API nothing.
    const calls = linkApi(verified)
    for (const query of ['', `?token=${'x'.repeat(300)}`]) {
      const { response, data } = await answer(loader, args(`${PAGE}${query}`, { params }))
      expect(response.status).toBe(404)
      expect(data.refusal).toBe('invalid')
    }
    expect(calls).toHaveLength(0)
  })

  it('approves as the link’s approver and says what happened, passing the shopper’s own token along', async () => {
    const calls = linkApi(verified, () =>
      HttpResponse.json(
        requisitionEnvelope(ID, {
          status: 'APPROVED',
          orderNo: '100045',
          stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
        }),
      ),
    )
    const cookie = await signedInCookie(APPROVER)
    const { response, data } = await answer(
      action,
      args(PAGE, { params, cookie, form: { intent: 'approve', token: TOKEN } }),
    )
    expect(response.status).toBe(200)
    expect(data.outcome).toMatchObject({
      kind: 'decided',
      key: 'account.requisitions.decision.approved_order',
      values: { requisitionNo: '1003', orderNo: '100045' },
    })
    expect(data.outcome.requisition.status).toBe('APPROVED')
    expect(calls[0]).toMatchObject({
      path: 'requisition-links/decision',
      body: { requisition: ID, token: TOKEN, statusCode: 'APPROVED' },
      token: 'user-token',
    })
  })

  it('needs a comment to reject (400, at the field), and rejects with it', async () => {
    const calls = linkApi(verified, () => HttpResponse.json(requisitionEnvelope(ID, { status: 'REJECTED' })))
    const blank = await answer(
      action,
      args(PAGE, { params, form: { intent: 'reject', token: TOKEN, comment: ' ' } }),
    )
    expect(blank.response.status).toBe(400)
    expect(blank.data.result.error.comment).toEqual(['Please give the buyer a reason for rejecting.'])
    expect(calls).toHaveLength(0)
    const done = await answer(
      action,
      args(PAGE, { params, form: { intent: 'reject', token: TOKEN, comment: 'Not this quarter.' } }),
    )
    expect(done.response.status).toBe(200)
    expect(done.data.outcome.key).toBe('account.requisitions.decision.rejected')
    expect(calls[0]!.body).toEqual({
      requisition: ID,
      token: TOKEN,
      statusCode: 'REJECTED',
      approvalComment: 'Not this quarter.',
    })
  })

  it('tells a replayed or foreign link apart from a decision', async () => {
    linkApi(verified, () => icmError(404, 'requisition.link.invalid.error'))
    const used = await answer(action, args(PAGE, { params, form: { intent: 'approve', token: TOKEN } }))
    expect(used.response.status).toBe(404)
    expect(used.data.outcome).toEqual({ kind: 'refused', refusal: 'invalid' })
    linkApi(verified, () => icmError(403, 'requisition.link.other_user.error'))
    const foreign = await answer(action, args(PAGE, { params, form: { intent: 'approve', token: TOKEN } }))
    expect(foreign.response.status).toBe(403)
    expect(foreign.data.outcome).toEqual({ kind: 'refused', refusal: 'other-user' })
  })
})

describe('the page as the browser gets it without JavaScript (issue 31)', () => {
  /** A document POST as Remix answers it: the action, then the page's loader again, one status for both. */
  async function documentPost(form: Record<string, string>) {
    const handler = createStaticHandler([
      {
        id: 'page',
        path: '/:lang/requisition-decision/:requisitionId',
        loader: ({ request, params }) => loader({ request, params, context: {} } as never),
        action: ({ request, params }) => action({ request, params, context: {} } as never),
      },
    ])
    const { request } = args(PAGE, { params, form })
    const context = await handler.query(request)
    if (context instanceof Response) throw new Error(`answered a response ${context.status}`)
    return context
  }

  it('answers a successful decision with 200 and its outcome, though the used link no longer verifies', async () => {
    // After the decision the link is used up: the loader's verification is refused as an invalid link.
    linkApi(() => icmError(404, 'requisition.link.invalid.error'))
    const context = await documentPost({ intent: 'approve', token: TOKEN })
    expect(context.statusCode).toBe(200)
    expect((context.actionData as any).page.outcome).toMatchObject({ kind: 'decided' })
  })

  it('keeps the refusal’s status when the decision is refused', async () => {
    linkApi(
      () => icmError(404, 'requisition.link.invalid.error'),
      () => icmError(404, 'requisition.link.invalid.error'),
    )
    const context = await documentPost({ intent: 'approve', token: TOKEN })
    expect(context.statusCode).toBe(404)
    expect((context.actionData as any).page.outcome).toMatchObject({ kind: 'refused', refusal: 'invalid' })
  })
})
