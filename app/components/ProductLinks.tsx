import { Await } from '@remix-run/react'
import { Suspense } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { LinkSection } from '~/models/catalog-page'
import { ProductGrid } from './ProductTile'

/**
 * Accessories, cross-selling and other linked products, streamed after the page (a short note shows until
 * they arrive); nothing shows when there are none or they failed to load.
 */
export function ProductLinks({ related }: { related: Promise<LinkSection[] | null> }) {
  const { t } = useTranslation()
  return (
    <Suspense fallback={<p className="links-loading">{t('product.links.loading')}</p>}>
      <Await resolve={related} errorElement={null}>
        {(sections) => (sections ? <LinkSections sections={sections} /> : null)}
      </Await>
    </Suspense>
  )
}

function LinkSections({ sections }: { sections: LinkSection[] }) {
  const { t } = useTranslation()
  return (
    <>
      {sections.map((section) => (
        <section key={section.type} aria-labelledby={`links-${section.type}-title`} className="product-links">
          <h2 id={`links-${section.type}-title`}>
            {t(`product.links.${section.type}`, { defaultValue: t('product.links.title') })}
          </h2>
          <ProductGrid entries={section.entries} />
        </section>
      ))}
    </>
  )
}
