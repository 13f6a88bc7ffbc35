import { useFetcher, useLocation } from '@remix-run/react'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useTranslation } from '~/components/useTranslation'
import { createAddBatcher, type AddBatcher } from '~/models/add-batch'
import { ADDER_START, adderReducer, type AddAnswer, type AdderView } from '~/models/basket-adder'
import type { ShopLocale } from '~/models/locale'
import { MandatoryDialog } from './MandatoryDialog'

/** One add as the browser collects it. */
export type CollectedItem = { sku: string; quantity: string; warranty?: string }

/** How long a failed add's error banner stays (spec §9). */
export const ERROR_BANNER_MS = 2500
/** How long the opened mini basket stays open by itself. */
const MINI_BASKET_OPEN_MS = 6000

type AdderState = {
  /** Collects an add (JavaScript only): it goes out with the others of the next 500 ms. */
  add: (item: CollectedItem) => void
  open: AdderView['open']
  close: () => void
  pending: boolean
}

const AdderContext = createContext<AdderState | null>(null)

/** The collected adds of the page; null during server rendering and without JavaScript. */
export function useBasketAdder() {
  return useContext(AdderContext)
}

/** How long an add button waits for its round at most before it takes clicks again. */
const ADD_BUTTON_WAIT_MS = 10_000

/**
 * One add button's part in the collected adds: `add` hands an item to the page's adder and then ignores
 * the button until that round has been answered, so a double click adds once; `waiting` marks the button
 * meanwhile (pending at once, before the 500 ms of collecting are over). Without JavaScript (no adder)
 * `enhanced` is false and the form posts as it is.
 */
export function useAddButton() {
  const adder = useBasketAdder()
  const [waiting, setWaiting] = useState(false)
  const sawPending = useRef(false)
  const pending = adder?.pending ?? false
  useEffect(() => {
    if (!waiting) return
    if (pending) sawPending.current = true
    else if (sawPending.current) {
      sawPending.current = false
      setWaiting(false)
    }
  }, [waiting, pending])
  useExpiry(waiting, ADD_BUTTON_WAIT_MS, () => setWaiting(false))
  const add = (item: CollectedItem) => {
    if (!adder || waiting) return
    setWaiting(true)
    adder.add(item)
  }
  return { enhanced: adder !== null, waiting, add }
}

/** Runs `expire` `ms` after `value` became set, unless it changes first. */
function useExpiry(value: unknown, ms: number, expire: () => void) {
  useEffect(() => {
    if (!value) return
    const timer = setTimeout(expire, ms)
    return () => clearTimeout(timer)
  }, [value, ms, expire])
}

/**
 * Collects the page's adds (spec §4 "Adding to basket"): they are sent to the add route in one call
 * through one fetcher; the answer (adderReducer) opens the mini basket with the added lines highlighted
 * (not on the basket page), shows refusals in an error banner for 2.5 s, and opens the modal for a line
 * whose product asks for mandatory selections or accessories (MandatoryDialog, ADR 0011).
 */
export function BasketAdderProvider({ locale, children }: { locale: ShopLocale; children: ReactNode }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<AddAnswer>({ key: 'basket-add' })
  const location = useLocation()
  const [hydrated, setHydrated] = useState(false)
  const [view, dispatch] = useReducer(adderReducer, ADDER_START)
  const submitRef = useRef(fetcher.submit)
  submitRef.current = fetcher.submit
  const batcher = useRef<AddBatcher<CollectedItem> | null>(null)
  const onBasketPage = /^\/[a-z]{2}\/basket\/?$/.test(location.pathname)

  useEffect(() => {
    setHydrated(true)
    const created = createAddBatcher<CollectedItem>((items) => {
      const form = new FormData()
      form.set('response', 'json')
      for (const item of items) {
        form.append('sku', item.sku)
        form.append('quantity', item.quantity)
        form.append('warranty', item.warranty ?? '')
      }
      dispatch({ type: 'sent' })
      submitRef.current(form, { method: 'post', action: `/${locale.lang}/basket/add` })
    })
    batcher.current = created
    return () => created.dispose()
  }, [locale.lang])

  // Each answer once; then what waited meanwhile goes out.
  const seen = useRef<unknown>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || fetcher.data === seen.current) return
    seen.current = fetcher.data
    dispatch({ type: 'answered', answer: fetcher.data, onBasketPage })
    batcher.current?.done()
  }, [fetcher.state, fetcher.data, onBasketPage])

  // A failed call (ICM unreachable) ends the round too, so later adds are not stuck.
  useEffect(() => {
    if (fetcher.state === 'idle' && batcher.current?.busy()) batcher.current.done()
  }, [fetcher.state])

  const close = useCallback(() => dispatch({ type: 'panelClosed' }), [])
  const expireBanner = useCallback(() => dispatch({ type: 'bannerExpired' }), [])
  const closePrompt = useCallback(() => dispatch({ type: 'promptClosed' }), [])
  useExpiry(view.banner, ERROR_BANNER_MS, expireBanner)
  useExpiry(view.open, MINI_BASKET_OPEN_MS, close)
  useEffect(() => dispatch({ type: 'navigated' }), [location.pathname])

  const add = useCallback((item: CollectedItem) => {
    dispatch({ type: 'collected' })
    batcher.current?.add(item)
  }, [])

  const value: AdderState | null = hydrated
    ? { add, open: view.open, close, pending: view.collecting || fetcher.state !== 'idle' }
    : null
  return (
    <AdderContext.Provider value={value}>
      {children}
      {view.banner ? (
        <div className="basket-error-banner" role="alert">
          <p>{t('ede.shopping_cart.product.not_added.message')}</p>
          <ul>
            {view.banner.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <MandatoryDialog lang={locale.lang} lineId={view.promptLine} onClose={closePrompt} />
    </AdderContext.Provider>
  )
}
