/**
 * The simulated payment service provider (ADR 0010): a hosted payment page per session, plain HTML forms
 * without JavaScript, and a 303 back to the shop's return URL for the outcome, signed with HMAC-SHA256 over
 * session, status and amount. A finished session's page is gone, so an outcome is given once.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { paymentSessions } from '../db/schema'
import { refusedError } from './errors'
import { formatAmount } from './money'
import { storedSecret } from './secrets'

export type PaymentSessionRow = typeof paymentSessions.$inferSelect
export type PaymentOutcome = 'SUCCESS' | 'CANCEL' | 'FAILURE'

const SECRET_KEY = 'payment_secret'
let secret: Promise<string> | undefined

/**
 * The signing secret: PAYMENT_SECRET when set, else one made at random on first start and kept in the
 * database, so that every API instance on it and every restart agree (and no default can be guessed).
 */
export function paymentSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return Promise.resolve(configured)
  secret ??= storedSecret(db, SECRET_KEY).catch((error) => {
    secret = undefined
    throw error
  })
  return secret
}

export function sign(secret: string, session: string, status: string, amount: number) {
  return createHmac('sha256', secret).update(`${session}|${status}|${amount}`).digest('hex')
}

export async function createPaymentSession(
  db: Db,
  values: Omit<typeof paymentSessions.$inferInsert, 'id' | 'pageUrl' | 'status'>,
  pageBase: string,
) {
  const id = randomBytes(18).toString('base64url')
  const [row] = await db
    .insert(paymentSessions)
    .values({ ...values, id, pageUrl: `${pageBase.replace(/\/$/, '')}/psp/pay/${id}` })
    .returning()
  return row!
}

/** The outcome URL with the signed parameters appended. */
export function returnUrl(secret: string, session: PaymentSessionRow, status: PaymentOutcome) {
  const base =
    status === 'SUCCESS' ? session.successUrl : status === 'CANCEL' ? session.cancelUrl : session.failureUrl
  const url = new URL(base)
  url.searchParams.set('paymentSession', session.id)
  url.searchParams.set('status', status)
  url.searchParams.set('signature', sign(secret, session.id, status, session.amount))
  return url.toString()
}

const refused = (message: string) =>
  refusedError('payment.redirect.signature.invalid.error', message, [
    { code: 'payment.redirect.signature.invalid.error', message, paths: ['redirect.parameters'] },
  ])

/**
 * Checks a return from the hosted page: the session exists, is finished with the status claimed, and the
 * signature over session, status and amount is right. Anything else is refused (422).
 */
export async function verifiedReturn(
  db: Db,
  secret: string,
  status: string,
  parameters: { name: string; value: string }[],
) {
  const param = (name: string) => parameters.find((p) => p.name === name)?.value
  const sessionId = param('paymentSession')
  const signature = param('signature')
  if (!sessionId || !signature) throw refused('The payment return carries no signed payment session.')
  const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
  const expected = session && Buffer.from(sign(secret, session.id, status, session.amount))
  const given = Buffer.from(signature)
  if (!session || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw refused('The payment return is not signed by the payment provider.')
  if (param('status') !== undefined && param('status') !== status)
    throw refused('The payment return names another outcome than it was signed for.')
  if (session.status !== status) throw refused('The payment session did not end this way.')
  return session
}

/** Finishes an open session with an outcome; false when it was finished before. */
export async function finishSession(db: Db, id: string, status: PaymentOutcome) {
  const rows = await db
    .update(paymentSessions)
    .set({ status, finishedAt: new Date() })
    .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')))
    .returning({ id: paymentSessions.id })
  return rows.length === 1
}

export async function openSession(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')))
  return row
}

/** The provider's card payment asks for a card number on its page; its other products (the wallet) do not. */
export const asksForCard = (session: Pick<PaymentSessionRow, 'paymentMethodId'>) =>
  session.paymentMethodId === 'CREDIT_CARD'

/** A card number that passes the Luhn check (spaces and dashes ignored). */
export function luhnValid(input: string) {
  const digits = input.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** The hosted payment page: amount and merchant, the card field for cards, and one button per outcome. */
export function paymentPageHtml(session: PaymentSessionRow, error?: string) {
  const card = asksForCard(session)
  const amount = formatAmount(session.amount, session.currency)
  const title = card ? 'Card payment' : 'IronPay wallet'
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – IronPay</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2933}
.amount{font-size:1.75rem;font-weight:700}.error{color:#b42318}label{display:block;margin:1rem 0 .25rem}
input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}button{font-size:1rem;padding:.6rem 1.2rem;margin:.75rem .5rem 0 0}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>Merchant: <strong>Ironbridge Supply</strong></p>
<p>Amount to pay: <span class="amount">${escapeHtml(amount)}</span></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(session.id)}">
${
  card
    ? `<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111">`
    : ''
}
<button type="submit" name="outcome" value="SUCCESS">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="outcome" value="CANCEL" formnovalidate>Cancel</button>
<button type="submit" name="outcome" value="FAILURE" formnovalidate>Decline</button>
</form>
</main>
</body>
</html>`
}

export const goneHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Payment session ended – IronPay</title></head>
<body><main><h1>This payment session has ended</h1><p>Return to the shop to continue.</p></main></body></html>`
