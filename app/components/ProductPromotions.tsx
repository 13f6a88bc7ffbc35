import { useTranslation } from 'react-i18next'
import type { Promotion } from '~/models/promotion'

/** The promotions a product takes part in, with their rules; the legal text folds out without JavaScript. */
export function ProductPromotions({ promotions }: { promotions: Promotion[] }) {
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
