import { Await, Link } from '@remix-run/react'
import { Suspense } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { TileEntry } from '~/models/catalog-page'
import { ProductGrid } from './ProductTile'
import { useShell } from './useShell'

type Entries = TileEntry[] | null

/**
 * "Recently viewed" below a product (feature recently): a streamed promise, so it never delays the page;
 * when it has settled by render time it is part of the first HTML and shows without JavaScript too.
 * Nothing shows while the list loads, when it is empty, or when loading it failed.
 */
export function RecentlyViewed({ entries }: { entries: Promise<Entries> | null | undefined }) {
  if (!entries) return null
  return (
    <Suspense fallback={null}>
      <Await resolve={entries} errorElement={null}>
        {(resolved) => <RecentlyViewedSection entries={resolved} />}
      </Await>
    </Suspense>
  )
}

function RecentlyViewedSection({ entries }: { entries: Entries }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (!entries || entries.length === 0) return null
  return (
    <section aria-labelledby="recently-viewed-title" className="recently-viewed">
      <h2 id="recently-viewed-title">{t('recently.title')}</h2>
      <ProductGrid entries={entries} />
      <p>
        <Link to={`/${locale.lang}/recently`}>{t('recently.show_all')}</Link>
      </p>
    </section>
  )
}
