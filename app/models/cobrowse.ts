/**
 * Co-browse (spec shell §4.7, §5; issue 35): a sales representative opens `/{lang}/cobrowse?access-token=…&
 * salesRepId=…` and shops as the customer's user, with a banner on every page saying so. The entry's
 * parameters, its errors (shown on `/error?error={key}`), and the banner's data.
 */

/** The error keys of the entry: the spec's missing parameter, and why a link did not sign in. */
export const COBROWSE_ERRORS = {
  missingParameter: 'cobrowse.error.missing.parameter',
  /** The access token was refused: expired, already used, or unknown. */
  tokenRefused: 'cobrowse.error.token',
  /** The token was minted for another sales representative than the link names. */
  salesRepMismatch: 'cobrowse.error.sales_rep',
} as const

export type CobrowseErrorKey = (typeof COBROWSE_ERRORS)[keyof typeof COBROWSE_ERRORS]

export const COBROWSE_ERROR_KEYS: readonly string[] = Object.values(COBROWSE_ERRORS)

/** Tokens are opaque and short; anything longer than this is no token (and no sales representative id). */
const MAX_TOKEN_LENGTH = 500
const SALES_REP_ID = /^[A-Za-z0-9._-]{1,64}$/

export type CobrowseEntry = { accessToken: string; salesRepId?: string } | { error: CobrowseErrorKey }

/** The entry's parameters (spec §5: co-browse needs `access-token`); a malformed one counts as refused. */
export function cobrowseEntryOf(params: URLSearchParams): CobrowseEntry {
  const accessToken = params.get('access-token')?.trim()
  if (!accessToken) return { error: COBROWSE_ERRORS.missingParameter }
  const salesRepId = params.get('salesRepId')?.trim() || undefined
  if (accessToken.length > MAX_TOKEN_LENGTH || (salesRepId !== undefined && !SALES_REP_ID.test(salesRepId)))
    return { error: COBROWSE_ERRORS.tokenRefused }
  return { accessToken, ...(salesRepId ? { salesRepId } : {}) }
}

/** The banner of a co-browse session: whom the representative acts for, and who they are. */
export type CobrowseBanner = {
  userName: string
  companyName?: string
  /** The representative as the banner names them: name and id, or the id alone. */
  salesRep: string
}

/** The banner of a session user signed in through co-browse; null for anyone else. */
export function cobrowseBannerOf(
  user:
    | {
        signIn?: string
        salesRepId?: string
        salesRepName?: string
        companyName?: string
        firstName?: string
        lastName?: string
        login: string
      }
    | undefined,
): CobrowseBanner | null {
  if (user?.signIn !== 'cobrowse' || !user.salesRepId) return null
  const userName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.login
  return {
    userName,
    ...(user.companyName ? { companyName: user.companyName } : {}),
    salesRep: user.salesRepName ? `${user.salesRepName} (${user.salesRepId})` : user.salesRepId,
  }
}
