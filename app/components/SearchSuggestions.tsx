import type { MouseEvent } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import { formatMoney, pick } from '~/models/price'
import { showsPrices } from '~/models/price-visibility'
import { SUGGESTIONS_ID, type SuggestionGroup, type SuggestionOption } from './useSearchSuggestions'
import { useShell } from './useShell'

/** A product suggestion: its picture, name, SKU and price (in the page's price display), as on a tile. */
function ProductOption({ option, locale }: { option: SuggestionOption; locale: ShopLocale }) {
  const { t } = useTranslation()
  const { display, prices } = useShell()
  return (
    <>
      {option.image ? (
        <img src={option.image} alt="" width={32} height={32} decoding="async" />
      ) : (
        <span className="search-suggestion-image" aria-hidden="true" />
      )}
      <span className="search-suggestion-product">
        <span>{option.label}</span>
        <span className="search-suggestion-details">
          <span className="search-suggestion-sku">{t('product.sku', { sku: option.sku })}</span>
          {option.price && showsPrices(prices) ? (
            <span className="search-suggestion-price">
              {formatMoney(pick(option.price, display), locale.tag)}
            </span>
          ) : null}
        </span>
      </span>
    </>
  )
}

/** The combobox's listbox of suggestions, grouped, with a live region announcing how many there are. */
export function SearchSuggestions({
  locale,
  groups,
  expanded,
  activeOption,
  highlight,
  go,
}: {
  locale: ShopLocale
  groups: SuggestionGroup[]
  expanded: boolean
  activeOption?: SuggestionOption
  highlight: (option: SuggestionOption) => void
  go: (url: string) => void
}) {
  const { t } = useTranslation()
  const format = new Intl.NumberFormat(locale.tag)
  const count = groups.reduce((sum, group) => sum + group.options.length, 0)

  const onOptionClick = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    go(url)
  }

  return (
    <>
      <div
        id={SUGGESTIONS_ID}
        role="listbox"
        aria-label={t('header.search.suggestions.label')}
        className="search-suggestions"
        hidden={!expanded}
      >
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${SUGGESTIONS_ID}-${group.key}`}>
            <div
              role="presentation"
              id={`${SUGGESTIONS_ID}-${group.key}`}
              className="search-suggestions-heading"
            >
              {t(`header.search.suggestions.${group.key}`)}
            </div>
            {group.options.map((option) => (
              <a
                key={option.id}
                id={option.id}
                role="option"
                aria-selected={option.id === activeOption?.id}
                href={option.url}
                tabIndex={-1}
                className="search-suggestion"
                // Keeps the focus in the field, so that leaving it does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => highlight(option)}
                onClick={(event) => onOptionClick(event, option.url)}
              >
                {group.key === 'products' ? (
                  <ProductOption option={option} locale={locale} />
                ) : (
                  <span>{option.label}</span>
                )}
                {option.count !== undefined ? (
                  <span className="search-suggestion-count">{format.format(option.count)}</span>
                ) : null}
              </a>
            ))}
          </div>
        ))}
      </div>
      <div aria-live="polite" className="visually-hidden">
        {expanded ? t('header.search.suggestions.count', { count }) : ''}
      </div>
    </>
  )
}
