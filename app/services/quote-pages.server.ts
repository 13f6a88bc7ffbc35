/**
 * What the quote pages share (issue 36): their guards (spec shell §2.1, §5: a feature toggle, a logged-in user
 * — the login redirect carries `messageKey=quotes` — who may ask for quotes) and the lines they show.
 */
import { redirect } from '@remix-run/node'
import { MANAGE_QUOTES, quotePath, quotesPath } from '~/models/quote'
import { isFeatureEnabled } from './features.server'
import { errorPageUrl, hasPermission, requireFeature, requireLogin, type LoggedIn } from './guards.server'
import type { SessionUser } from './session.server'
import { getQuote } from './quotes.server'
import { requireLocale, type PageArgs, type Shopper } from './shopper.server'

/**
 * The quote list (`quote-list`, `/account/quotes`): the route table gates it with `freetextQuoting`; the shop
 * with only `quoting` on lists the requests and quotes there too. With both off: feature-deactivated.
 */
export function requireQuoteList(args: Pick<PageArgs, 'params'>) {
  if (isFeatureEnabled('quoting') || isFeatureEnabled('freetextQuoting')) return
  requireFeature(args, 'freetextQuoting')
}

/**
 * A quote page's user: feature `quoting` on (or the list's rule with `list`), logged in (else the login page
 * with `messageKey=quotes`), and allowed to ask for quotes (else the missing-permission page, 404).
 */
export async function requireQuoting(args: PageArgs, { list = false } = {}): Promise<LoggedIn> {
  if (list) requireQuoteList(args)
  else requireFeature(args, 'quoting')
  const shopper = await requireLogin(args, { messageKey: 'quotes' })
  if (!hasPermission(shopper.user, MANAGE_QUOTES))
    throw redirect(errorPageUrl(requireLocale(args.params).lang, 'missing-permission', MANAGE_QUOTES))
  return shopper
}

/** Whether the shop offers "Add to quote" to this shopper: with the feature, to guests and to buyers. */
export function offersQuotes(user: SessionUser | undefined, anonymous: boolean): boolean {
  if (!isFeatureEnabled('quoting')) return false
  return !user || anonymous || hasPermission(user, MANAGE_QUOTES)
}

/** What the basket shows of a quoted line: the quote's number, the end of its validity, its page. */
export type BasketQuote = { number: string; validToDate: string; url: string }

/**
 * The basket page's part of quoting: where "Create quote request" posts (a logged-in user who may ask for
 * quotes, with the feature on), and the quotes its lines were accepted from, read from ICM (a quote that
 * cannot be read shows no badge rather than failing the basket).
 */
export async function basketQuotes(
  shopper: Shopper,
  lines: { quote?: string }[],
): Promise<{ createUrl: string | null; quotes: Record<string, BasketQuote> }> {
  const { locale, scope, session } = shopper
  const user = session.get('isAnonymous') ? undefined : session.get('user')
  if (!user || !isFeatureEnabled('quoting') || !hasPermission(user, MANAGE_QUOTES))
    return { createUrl: null, quotes: {} }
  const ids = [...new Set(lines.flatMap((line) => (line.quote ? [line.quote] : [])))]
  const found = await Promise.all(ids.map((id) => getQuote(scope, user, id).catch(() => null)))
  return {
    createUrl: lines.length ? `${quotesPath(locale.lang)}/requests` : null,
    quotes: Object.fromEntries(
      found.flatMap((quote) =>
        quote
          ? [
              [
                quote.id,
                {
                  number: quote.number,
                  validToDate: quote.validToDate,
                  url: quotePath(locale.lang, quote.id),
                },
              ],
            ]
          : [],
      ),
    ),
  }
}
