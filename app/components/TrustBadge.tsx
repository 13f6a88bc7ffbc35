import { useNonce } from './NonceProvider'

/** Trusted Shops' widget origin: the page's CSP allows scripts from it only with feature trustbadge on. */
export const TRUSTBADGE_ORIGIN = 'https://widgets.trustedshops.com'

/**
 * The trust badge (spec §2.6, feature trustbadge): Trusted Shops' script for the shop's id, rendered only when
 * the shopper consented to functional cookies (the root loader decides). The id is checked
 * (`TRUSTBADGE_ID` form) before it gets here, so it is safe in a URL path.
 */
export function TrustBadge({ id }: { id: string }) {
  const nonce = useNonce()
  return (
    <script
      async
      nonce={nonce}
      src={`${TRUSTBADGE_ORIGIN}/js/${encodeURIComponent(id)}.js`}
      data-testid="trustbadge-script"
    />
  )
}
