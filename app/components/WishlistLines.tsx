import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { WishlistLine } from '~/models/wishlist'
import { ProductPriceView } from './Price'
import { useShell } from './useShell'

/**
 * The products of a wishlist: picture, name (a link to the product), wished quantity and price; `actions` adds
 * the owner's buttons to each. Shared by the owner's page and the public page of a shared list.
 */
export function WishlistLines({
  lines,
  actions,
}: {
  lines: WishlistLine[]
  actions?: (line: WishlistLine) => ReactNode
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
              {t('wishlists.line.sku', { sku: line.sku })} ·{' '}
              {t('wishlists.line.quantity', { count: line.quantity })}
            </p>
            <ProductPriceView price={line.price} display={display} locale={locale} />
            {actions ? <div className="wishlist-line-actions">{actions(line)}</div> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
