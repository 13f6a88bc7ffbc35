import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { ProductPageData } from '~/models/catalog-page'

type Page = Pick<ProductPageData, 'product' | 'variationSelection' | 'defaultVariation'>

/**
 * The variation selection: per variation attribute its values as links to the variation pages (no JavaScript
 * needed, and every variation keeps a crawlable canonical URL). A master names its default variation.
 */
export function VariationSelection({ page }: { page: Page }) {
  const { t } = useTranslation()
  const master = page.product.kind === 'VariationProductMaster'
  if (page.variationSelection.length === 0) return null
  return (
    <section aria-labelledby="variations-title" className="variation-select">
      <h2 id="variations-title">{t('product.variations.title')}</h2>
      {master ? <p>{t('product.choose_variation')}</p> : null}
      {page.defaultVariation ? (
        <p>
          <Link to={page.defaultVariation.url} className="default-variation">
            {t('product.variations.default', { name: page.defaultVariation.name })}
          </Link>
        </p>
      ) : null}
      {page.variationSelection.map((group) => (
        <fieldset key={group.id} className="variation-attribute">
          <legend>{group.name}</legend>
          <ul>
            {group.options.map((option) => (
              <li key={option.value}>
                {option.selected ? (
                  <strong aria-current="true" className="variation-value selected">
                    {option.displayValue}
                    <span className="visually-hidden"> ({t('product.variations.current')})</span>
                  </strong>
                ) : (
                  <Link
                    to={option.url}
                    className={`variation-value${option.exact ? '' : ' other-combination'}${option.available ? '' : ' unavailable'}`}
                    title={option.exact ? undefined : t('product.variations.other_combination')}
                  >
                    {option.displayValue}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </section>
  )
}
