import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { WishlistLine } from '~/models/wishlist'
import { ProductPriceView } from './Price'
import { useShell } from './useShell'

/**
 * The products of a wishlist: picture, name (a link to the product), wished quantity and price; `actions` adds
 * the owner's buttons to each, `quantity` a field in place of the quantity's text. Shared by the owner's page,
 * the public page of a shared list and the order templates' page (whose quantities are edited there).
 */
export function WishlistLines({
  lines,
  actions,
  quantity,
}: {
  lines: WishlistLine[]
  actions?: (line: WishlistLine) => ReactNode
  quantity?: (line: WishlistLine) => ReactNode
}) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  return (
    <ul className="wishlist-lines">
      {lines.map((line) => (
        <li key={line.sku} className="wishlist-line">
          {line.image ? <img src={line.image} alt="" width={80} height={80} loading="lazy" /> : null}
          <div>
            <h3>{line.url ? <Link to={line.url}>{line.name}</Link> : line.name}</h3>
            <p>
              {t('wishlists.line.sku', { sku: line.sku })}
              {quantity ? null : <> · {t('wishlists.line.quantity', { count: line.quantity })}</>}
            </p>
            {quantity ? quantity(line) : null}
            <ProductPriceView price={line.price} display={display} locale={locale} />
            {actions ? <div className="wishlist-line-actions">{actions(line)}</div> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
