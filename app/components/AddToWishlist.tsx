import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from './useShell'

/**
 * "Add to wishlist" on tiles and product pages (feature wishlists): a plain form post that puts the product on
 * the user's preferred list and comes back to this page; a guest logs in first and comes back here.
 */
export function AddToWishlist({ sku, name }: { sku: string; name: string }) {
  const { t } = useTranslation()
  const { locale, shell } = useShell()
  const location = useLocation()
  if (!shell?.wishlists) return null
  return (
    <Form method="post" action={`/${locale.lang}/account/wishlists/add`} className="wishlist-add-form">
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="returnUrl" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="link-button" aria-label={`${t('wishlists.add')}: ${name}`}>
        {t('wishlists.add')}
      </button>
    </Form>
  )
}
