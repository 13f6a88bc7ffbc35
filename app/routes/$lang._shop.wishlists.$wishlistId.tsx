import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { WishlistLines } from '~/components/WishlistLines'
import { noindexMeta } from '~/models/seo'
import { requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { sharedWishlist, wishlistLines } from '~/services/wishlists.server'

export const headers = pageHeaders

/**
 * A shared wishlist (spec shell §2.1 `wishlists/:wishlistId`, feature wishlists): the `owner` and `secureCode`
 * query parameters read the list by its id, for anyone, logged in or not. A wrong or revoked link is the
 * not-found page. Never indexed, never cached (the address carries the secret).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'wishlists')
  const { scope, locale } = await shopperOf({ request, params, context })
  const query = new URL(request.url).searchParams
  const list = await sharedWishlist(
    scope,
    params.wishlistId ?? '',
    query.get('owner') ?? '',
    query.get('secureCode') ?? '',
  )
  return data(
    {
      title: fixedT(locale.id)('wishlists.shared.title', { title: list.title }),
      lines: await wishlistLines(scope, list),
    },
    { headers: privateHeaders() },
  )
}

export default function SharedWishlistPage() {
  const { title, lines } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <>
      <h1>{title}</h1>
      {lines.length === 0 ? <p>{t('wishlists.shared.empty')}</p> : <WishlistLines lines={lines} />}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
