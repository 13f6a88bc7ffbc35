import { useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { ShopLocale } from '~/models/locale'
import type { PriceItem } from '~/models/price'
import { SUGGEST_DEBOUNCE_MS, suggestTerm, type SuggestionGroups } from '~/models/suggest'

export const SUGGESTIONS_ID = 'search-suggestions'
const GROUPS = ['products', 'categories', 'brands', 'keywords'] as const
export type SuggestionGroupKey = (typeof GROUPS)[number]
export type SuggestionOption = {
  id: string
  label: string
  url: string
  image?: string
  count?: number
  /** A product's SKU and sale price. */
  sku?: string
  price?: PriceItem
}
export type SuggestionGroup = { key: SuggestionGroupKey; options: SuggestionOption[] }

function optionsOf(data: SuggestionGroups): SuggestionGroup[] {
  let index = 0
  return GROUPS.map((key) => ({
    key,
    options: (data[key] as Omit<SuggestionOption, 'id'>[]).map((o) => ({
      ...o,
      id: `${SUGGESTIONS_ID}-${index++}`,
    })),
  })).filter((group) => group.options.length > 0)
}

/**
 * The state of the header search's combobox: 400 ms after the last key stroke it asks `/{lang}/suggest`;
 * arrow keys move through the options, Enter opens the highlighted one (or searches), Escape and leaving the
 * field close the list, and so does a navigation.
 */
export function useSearchSuggestions(locale: ShopLocale) {
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

  const close = () => {
    setOpen(false)
    setActive(-1)
  }

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
    close()
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
      close()
    }
  }

  return {
    enhanced,
    groups,
    expanded,
    activeOption,
    /** Highlights an option (the pointer moved over it). */
    highlight: (option: SuggestionOption) => setActive(options.indexOf(option)),
    go,
    onChange,
    onKeyDown,
    onFocus: () => setOpen(term !== null),
    onBlur: close,
    onSubmit: () => {
      clearTimeout(timer.current)
      setOpen(false)
    },
  }
}
