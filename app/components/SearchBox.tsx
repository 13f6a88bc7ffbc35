import { Form } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import { SearchSuggestions } from './SearchSuggestions'
import { SUGGESTIONS_ID, useSearchSuggestions } from './useSearchSuggestions'

/**
 * The header search: a plain GET form to the search page, which is all there is without JavaScript. With
 * JavaScript it becomes a combobox (ARIA 1.2 pattern) listing products, categories, brands and keywords as
 * the shopper types (`useSearchSuggestions`).
 */
export function SearchBox({ locale }: { locale: ShopLocale }) {
  const { t } = useTranslation()
  const combobox = useSearchSuggestions(locale)
  const { enhanced, expanded, activeOption } = combobox

  return (
    <Form
      method="get"
      action={`/${locale.lang}/search`}
      role="search"
      className="search-box"
      onSubmit={combobox.onSubmit}
    >
      <label htmlFor="header-search" className="visually-hidden">
        {t('header.search.label')}
      </label>
      <input
        id="header-search"
        type="search"
        name="searchTerm"
        placeholder={t('header.search.placeholder')}
        autoComplete="off"
        maxLength={200}
        {...(enhanced
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': SUGGESTIONS_ID,
              'aria-activedescendant': activeOption?.id,
            }
          : {})}
        onChange={(event) => combobox.onChange(event.currentTarget.value)}
        onKeyDown={combobox.onKeyDown}
        onFocus={combobox.onFocus}
        onBlur={combobox.onBlur}
      />
      <button type="submit">{t('header.search.button')}</button>
      {enhanced ? (
        <SearchSuggestions
          locale={locale}
          groups={combobox.groups}
          expanded={expanded}
          activeOption={activeOption}
          highlight={combobox.highlight}
          go={combobox.go}
        />
      ) : null}
    </Form>
  )
}
