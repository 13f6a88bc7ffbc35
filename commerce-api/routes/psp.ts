import type { FastifyReply } from 'fastify'
import {
  asksForCard,
  paymentSecret,
  finishSession,
  goneHtml,
  luhnValid,
  openSession,
  paymentPageHtml,
  returnUrl,
  type PaymentSessionRow,
} from '../domain/psp'
import { cspOrigins, paymentPageDirectives, paymentPagePolicy } from '../security'
import type { RouteModule } from './context'

/** The simulated payment provider's hosted page (ADR 0010): `/psp/pay/{session}`, plain HTML forms. */
export const pspRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx
  const frameAncestors = ctx.payment.frameAncestors ?? []
  // Its own inline styles and a form, nothing else; framed only where PAYMENT_FRAME_ANCESTORS allows it.
  const config = {
    helmet: {
      contentSecurityPolicy: { useDefaults: false, directives: paymentPageDirectives(frameAncestors) },
      xFrameOptions: cspOrigins(frameAncestors).length ? false : { action: 'deny' as const },
    },
  }
  /** The form's submission redirects to the shop's return URLs, so they are allowed form targets too. */
  const withReturns = (reply: FastifyReply, session: PaymentSessionRow) =>
    reply.header(
      'content-security-policy',
      paymentPagePolicy(
        frameAncestors,
        cspOrigins([session.successUrl, session.cancelUrl, session.failureUrl]),
      ),
    )

  app.get('/psp/pay/:session', { config }, async (request, reply) => {
    const session = await openSession(db, (request.params as { session: string }).session)
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    if (!session) return reply.code(410).send(goneHtml)
    withReturns(reply, session)
    return paymentPageHtml(session)
  })

  app.post('/psp/pay/:session', { config }, async (request, reply) => {
    const session = await openSession(db, (request.params as { session: string }).session)
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    if (!session) return reply.code(410).send(goneHtml)
    withReturns(reply, session)
    const form = (request.body ?? {}) as Record<string, unknown>
    const outcome = form.outcome
    if (outcome !== 'SUCCESS' && outcome !== 'CANCEL' && outcome !== 'FAILURE')
      return reply.code(400).send(paymentPageHtml(session, 'Please choose Pay, Cancel or Decline.'))
    if (outcome === 'SUCCESS' && asksForCard(session) && !luhnValid(String(form.cardNumber ?? ''))) {
      return reply.code(422).send(paymentPageHtml(session, 'Please enter a valid card number.'))
    }
    // Only the first outcome counts: a second post of the same page finds the session finished.
    if (!(await finishSession(db, session.id, outcome))) return reply.code(410).send(goneHtml)
    const secret = await paymentSecret(db, ctx.payment.secret)
    return reply
      .code(303)
      .header('location', returnUrl(secret, { ...session, status: outcome }, outcome))
      .send()
  })
}
