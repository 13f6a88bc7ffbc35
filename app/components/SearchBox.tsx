import { Form, useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopLocale } from '~/models/locale'
import { SUGGEST_DEBOUNCE_MS, suggestTerm, type SuggestionGroups } from '~/models/suggest'

const LIST_ID = 'search-suggestions'
const GROUPS = ['products', 'categories', 'brands', 'keywords'] as const
type GroupKey = (typeof GROUPS)[number]
type Option = { id: string; label: string; url: string; image?: string; count?: number }

function optionsOf(data: SuggestionGroups) {
  let index = 0
  return GROUPS.map((key) => ({
    key,
    options: (data[key] as Omit<Option, 'id'>[]).map((o) => ({ ...o, id: `${LIST_ID}-${index++}` })),
  })).filter((group) => group.options.length > 0)
}

/**
 * The header search: a plain GET form to the search page, which is all there is without JavaScript. With
 * JavaScript it becomes a combobox (ARIA 1.2 pattern): 400 ms after the last key stroke it asks
 * `/{lang}/suggest` and lists products, categories, brands and keywords; arrow keys move through them,
 * Enter opens the highlighted one (or searches), Escape and leaving the field close the list.
 */
export function SearchBox({ locale }: { locale: ShopLocale }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<SuggestionGroups>()
  const navigate = useNavigate()
  const location = useLocation()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  // The combobox roles only apply once the script can honour them.
  const [enhanced, setEnhanced] = useState(false)
  const [term, setTerm] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  useEffect(() => {
    setEnhanced(true)
    return () => clearTimeout(timer.current)
  }, [])
  useEffect(() => {
    setOpen(false)
    setActive(-1)
  }, [location.key])

  // While the next answer loads, the last one stays if the shopper only typed on (no flicker).
  const data = fetcher.data
  const current = data && term && (data.term === term || term.startsWith(data.term)) ? data : null
  const groups = current ? optionsOf(current) : []
  const options = groups.flatMap((g) => g.options)
  const expanded = enhanced && open && options.length > 0
  const activeOption = expanded ? options[active] : undefined

  useEffect(() => {
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView({ block: 'nearest' })
  }, [activeOption])

  const onChange = (value: string) => {
    clearTimeout(timer.current)
    setActive(-1)
    const next = suggestTerm(value)
    setTerm(next)
    setOpen(next !== null)
    // The same question again (e.g. a trailing space) needs no request, unless another one is under way.
    if (next === null || (next === fetcher.data?.term && fetcher.state === 'idle')) return
    timer.current = setTimeout(() => {
      fetcher.load(`/${locale.lang}/suggest?${new URLSearchParams({ searchTerm: next })}`)
    }, SUGGEST_DEBOUNCE_MS)
  }

  const go = (url: string) => {
    clearTimeout(timer.current)
    setOpen(false)
    setActive(-1)
    navigate(url)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) {
      if (event.key === 'ArrowDown' && options.length > 0) {
        event.preventDefault()
        setOpen(true)
      }
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((i) =>
        i === -1 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length,
      )
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault()
      go(activeOption.url)
    } else if (event.key === 'Escape') {
      // Closes the list; the field keeps its text (a second Escape clears it, as search fields do).
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const onOptionClick = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    go(url)
  }

  const format = new Intl.NumberFormat(locale.tag)
  const heading = (key: GroupKey) => t(`header.search.suggestions.${key}`)

  return (
    <Form
      method="get"
      action={`/${locale.lang}/search`}
      role="search"
      className="search-box"
      onSubmit={() => {
        clearTimeout(timer.current)
        setOpen(false)
      }}
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
              'aria-controls': LIST_ID,
              'aria-activedescendant': activeOption?.id,
            }
          : {})}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(term !== null)}
        onBlur={() => {
          setOpen(false)
          setActive(-1)
        }}
      />
      <button type="submit">{t('header.search.button')}</button>
      {enhanced ? (
        <>
          <div
            id={LIST_ID}
            role="listbox"
            aria-label={t('header.search.suggestions.label')}
            className="search-suggestions"
            hidden={!expanded}
          >
            {groups.map((group) => (
              <div key={group.key} role="group" aria-labelledby={`${LIST_ID}-${group.key}`}>
                <div
                  role="presentation"
                  id={`${LIST_ID}-${group.key}`}
                  className="search-suggestions-heading"
                >
                  {heading(group.key)}
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
                    onMouseMove={() => setActive(options.indexOf(option))}
                    onClick={(event) => onOptionClick(event, option.url)}
                  >
                    {group.key === 'products' ? (
                      option.image ? (
                        <img src={option.image} alt="" width={32} height={32} decoding="async" />
                      ) : (
                        <span className="search-suggestion-image" aria-hidden="true" />
                      )
                    ) : null}
                    <span>{option.label}</span>
                    {option.count !== undefined ? (
                      <span className="search-suggestion-count">{format.format(option.count)}</span>
                    ) : null}
                  </a>
                ))}
              </div>
            ))}
          </div>
          <div aria-live="polite" className="visually-hidden">
            {expanded ? t('header.search.suggestions.count', { count: options.length }) : ''}
          </div>
        </>
      ) : null}
    </Form>
  )
}
