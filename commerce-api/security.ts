/**
 * Security headers of the commerce API (issue 14): every answer is JSON or a generated file that needs no
 * active content, so the policy forbids everything; the simulated payment provider's HTML pages (psp.ts)
 * get their own, slightly wider policy. HSTS is off unless HSTS_MAX_AGE configures it.
 */
import type { HelmetOptions } from 'helmet'

export type SecuritySettings = {
  /** Strict-Transport-Security max-age in seconds; 0 or unset sends no HSTS header (plain-HTTP setups). */
  hstsMaxAge?: number
  /** Other origins may read the answers (ICM_CORS_ORIGINS is set): their clients show the API's pictures too. */
  crossOriginReads?: boolean
}

/** Options of @fastify/helmet for the whole API (JSON answers, images, PDFs). */
export function apiHelmetOptions({
  hstsMaxAge = 0,
  crossOriginReads = false,
}: SecuritySettings = {}): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: hstsMaxAge > 0 ? { maxAge: hstsMaxAge, includeSubDomains: true } : false,
    // The storefront fetches product images and attachments server-side and serves them from its own
    // origin (app/routes/INTERSHOP.static.$.ts), so no other origin needs to embed the API's answers, unless
    // browser-side ICM clients of other origins are allowed (they load pictures from INTERSHOP/static).
    crossOriginResourcePolicy: { policy: crossOriginReads ? 'cross-origin' : 'same-origin' },
  }
}

/**
 * The policy of the API's read-only HTML pages (the local mailbox, the tracking collector's pages): their
 * own inline styles, no scripts, images, forms or framing.
 */
export const READ_ONLY_PAGE_DIRECTIVES = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'form-action': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
}

/** An origin fit to stand in a CSP source list (no spaces, quotes or semicolons that would end it). */
const CSP_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

/** The origins of http(s) URLs, usable in a CSP source list; anything else is left out. */
export function cspOrigins(urls: string[]): string[] {
  const origins = new Set<string>()
  for (const url of urls) {
    try {
      const origin = new URL(url).origin
      if (CSP_ORIGIN.test(origin)) origins.add(origin)
    } catch {
      // Not a URL: it cannot be a form target either.
    }
  }
  return [...origins]
}

/**
 * The policy of a payment page: its inline style block, a form posting to itself and redirecting to the
 * shop's return URLs (browsers check form-action along the redirect), no scripts, no images, and framing
 * only by the configured origins (PAYMENT_FRAME_ANCESTORS), by default none.
 */
export function paymentPageDirectives(frameAncestors: string[], returnOrigins: string[] = []) {
  const ancestors = cspOrigins(frameAncestors)
  return {
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'form-action': ["'self'", ...returnOrigins],
    'base-uri': ["'none'"],
    'frame-ancestors': ancestors.length ? ancestors : ["'none'"],
  }
}

/** The payment page's policy as a header value. */
export const paymentPagePolicy = (frameAncestors: string[], returnOrigins: string[] = []) =>
  Object.entries(paymentPageDirectives(frameAncestors, returnOrigins))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
