import { Await } from '@remix-run/react'
import { Suspense } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { Promotion } from '~/models/promotion'

/**
 * The promotions a product takes part in, streamed: a document waits for them (ADR 0051), a page change
 * with JavaScript shows the product first and them when they arrive. Nothing shows while they load or
 * when they failed.
 */
export function ProductPromotions({ promotions }: { promotions: Promise<Promotion[]> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={promotions} errorElement={null}>
        {(resolved) => <PromotionList promotions={resolved} />}
      </Await>
    </Suspense>
  )
}

/** The promotions with their rules; the legal text folds out without JavaScript. */
function PromotionList({ promotions }: { promotions: Promotion[] }) {
  const { t } = useTranslation()
  if (promotions.length === 0) return null
  return (
    <section aria-labelledby="promotions-title" className="product-promotions">
      <h2 id="promotions-title">{t('product.promotions.title')}</h2>
      <ul>
        {promotions.map((promotion) => (
          <li key={promotion.id} className="promotion">
            <h3>{promotion.title}</h3>
            {promotion.longTitle ? <p className="promotion-long-title">{promotion.longTitle}</p> : null}
            {promotion.ruleDescription ? <p>{promotion.ruleDescription}</p> : null}
            {promotion.legalText ? (
              <details>
                <summary>{t('product.promotions.legal')}</summary>
                <p>{promotion.legalText}</p>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
