import { Form, Link, useFetcher, useLocation } from '@remix-run/react'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import { createAddBatcher, type AddBatcher } from '~/models/add-batch'
import { mandatoryPath } from '~/models/basket'
import type { ShopLocale } from '~/models/locale'
import type { Money } from '~/models/price'
import { maxQuantity, type QuantityRules } from '~/models/quantity'
import type { AddAnswer } from '~/routes/$lang.basket_.add'
import { MandatoryChoices, type MandatoryPrompt } from './MandatoryChoices'
import { MoneyText } from './Price'

/** One add as the browser collects it. */
export type CollectedItem = { sku: string; quantity: string; warranty?: string }

/** How long a failed add's error banner stays (spec §9). */
export const ERROR_BANNER_MS = 2500
/** How long the opened mini basket stays open by itself. */
const MINI_BASKET_OPEN_MS = 6000

type AdderState = {
  /** Collects an add (JavaScript only): it goes out with the others of the next 500 ms. */
  add: (item: CollectedItem) => void
  /** The mini basket is open, these lines highlighted, with this message. */
  open: { lineIds: string[]; message: string | null } | null
  close: () => void
  pending: boolean
}

const AdderContext = createContext<AdderState | null>(null)

/** The collected adds of the page; null during server rendering and without JavaScript. */
export function useBasketAdder() {
  return useContext(AdderContext)
}

/**
 * Collects the page's adds (spec §4 "Adding to basket"): they are sent to the add route in one call
 * through one fetcher; the answer opens the mini basket with the added lines highlighted (not on the basket
 * page) and shows refusals in an error banner for 2.5 s. A line whose product asks for mandatory selections
 * or accessories opens them in a modal (the prompt page's data and form, ADR 0011).
 */
export function BasketAdderProvider({ locale, children }: { locale: ShopLocale; children: ReactNode }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<AddAnswer>({ key: 'basket-add' })
  const location = useLocation()
  const [hydrated, setHydrated] = useState(false)
  const [open, setOpen] = useState<AdderState['open']>(null)
  const [banner, setBanner] = useState<string[] | null>(null)
  const [collecting, setCollecting] = useState(false)
  const submitRef = useRef(fetcher.submit)
  submitRef.current = fetcher.submit
  const batcher = useRef<AddBatcher<CollectedItem> | null>(null)
  const onBasketPage = /^\/[a-z]{2}\/basket\/?$/.test(location.pathname)
  const prompt = useFetcher<{ prompt: MandatoryPrompt }>({ key: 'mandatory-prompt' })
  const loadPrompt = useRef(prompt.load)
  loadPrompt.current = prompt.load
  const [promptLine, setPromptLine] = useState<string | null>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)

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
      setCollecting(false)
      submitRef.current(form, { method: 'post', action: `/${locale.lang}/basket/add` })
    })
    batcher.current = created
    return () => created.dispose()
  }, [locale.lang])

  // Each answer: open the mini basket (not on the basket page), show refusals, send what waited meanwhile.
  const seen = useRef<unknown>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || fetcher.data === seen.current) return
    seen.current = fetcher.data
    const answer = fetcher.data
    if (answer.added && !onBasketPage) setOpen({ lineIds: answer.lineIds, message: answer.added })
    if (answer.problems.length) setBanner(answer.problems)
    if (answer.mandatory) {
      void loadPrompt.current(mandatoryPath(locale.lang, answer.mandatory))
      setPromptLine(answer.mandatory)
    }
    batcher.current?.done()
  }, [fetcher.state, fetcher.data, onBasketPage, locale.lang])

  // The modal opens once its data is there, and closes when the shopper is done or leaves the page.
  const promptData = prompt.data?.prompt.lineId === promptLine ? prompt.data?.prompt : undefined
  useEffect(() => {
    const dialog = dialogRef.current
    if (promptData && dialog && !dialog.open) dialog.showModal()
  }, [promptData])

  // A failed call (ICM unreachable) ends the round too, so later adds are not stuck.
  useEffect(() => {
    if (fetcher.state === 'idle' && batcher.current?.busy()) batcher.current.done()
  }, [fetcher.state])

  useEffect(() => {
    if (!banner) return
    const timer = setTimeout(() => setBanner(null), ERROR_BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner])

  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => setOpen(null), MINI_BASKET_OPEN_MS)
    return () => clearTimeout(timer)
  }, [open])

  // Leaving the page closes the mini basket and the modal.
  useEffect(() => {
    setOpen(null)
    setPromptLine(null)
  }, [location.pathname])

  const add = useCallback((item: CollectedItem) => {
    setCollecting(true)
    batcher.current?.add(item)
  }, [])
  const close = useCallback(() => setOpen(null), [])

  const value: AdderState | null = hydrated
    ? { add, open, close, pending: collecting || fetcher.state !== 'idle' }
    : null
  return (
    <AdderContext.Provider value={value}>
      {children}
      {banner ? (
        <div className="basket-error-banner" role="alert">
          <p>{t('ede.shopping_cart.product.not_added.message')}</p>
          <ul>
            {banner.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {promptData ? (
        <dialog
          ref={dialogRef}
          className="mandatory-dialog"
          aria-labelledby="mandatory-dialog-title"
          onClose={() => setPromptLine(null)}
        >
          <MandatoryChoices
            prompt={promptData}
            headingId="mandatory-dialog-title"
            onLater={() => setPromptLine(null)}
          />
        </dialog>
      ) : null}
    </AdderContext.Provider>
  )
}

export type MiniBasketLine = { id: string; sku: string; name: string; quantity: number; total: Money }

/** The opened mini basket: its lines, the ones just added highlighted, and the way to the basket page. */
export function MiniBasketPanel({ lines, locale }: { lines: MiniBasketLine[]; locale: ShopLocale }) {
  const { t } = useTranslation()
  const adder = useBasketAdder()
  if (!adder?.open) return null
  const highlighted = new Set(adder.open.lineIds)
  return (
    <section
      className="mini-basket-panel"
      aria-label={t('header.minibasket.panel')}
      data-testid="mini-basket-panel"
    >
      {adder.open.message ? (
        <p className="mini-basket-message" role="status">
          {adder.open.message}
        </p>
      ) : null}
      <ul className="mini-basket-lines">
        {lines.map((line) => (
          <li
            key={line.id}
            className={highlighted.has(line.id) ? 'mini-basket-line highlighted' : 'mini-basket-line'}
            data-highlighted={highlighted.has(line.id) || undefined}
          >
            <span className="mini-basket-line-name">{line.name}</span>
            <span className="mini-basket-line-quantity">
              {t('header.minibasket.quantity', { quantity: line.quantity })}
            </span>
            <span className="mini-basket-line-total">
              <MoneyText money={line.total} locale={locale} />
            </span>
          </li>
        ))}
      </ul>
      <p className="mini-basket-actions">
        <Link to={`/${locale.lang}/basket`}>{t('header.minibasket.view')}</Link>
        <button type="button" className="link-button" onClick={adder.close}>
          {t('header.minibasket.close')}
        </button>
      </p>
    </section>
  )
}

/**
 * A tile's add form: quantity (the product's minimum, step and maximum as input limits; the API has the
 * last word) and the button. Without JavaScript a plain post to the add route, which redirects back here;
 * with it, the add is collected with the page's other adds.
 */
export function TileAddToBasket({
  product,
  locale,
  maxItemQuantity,
}: {
  product: { sku: string; name: string } & QuantityRules
  locale: ShopLocale
  maxItemQuantity?: number
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const adder = useBasketAdder()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!adder) return
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    adder.add({ sku: product.sku, quantity: String(form.get('quantity') ?? '') })
  }
  const id = `tile-quantity-${product.sku}`
  return (
    <Form
      method="post"
      action={`/${locale.lang}/basket/add`}
      className="tile-add-to-basket"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="sku" value={product.sku} />
      <input type="hidden" name="returnUrl" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="visually-hidden">
        {t('product.tile.quantity.label', { name: product.name })}
      </label>
      <input
        id={id}
        type="number"
        name="quantity"
        defaultValue={product.minOrderQuantity}
        min={product.minOrderQuantity}
        max={maxQuantity(product, maxItemQuantity)}
        step={product.stepQuantity}
        inputMode="numeric"
        required
      />
      <button type="submit" aria-label={t('product.tile.add_to_basket', { name: product.name })}>
        {t('product.add_to_basket')}
      </button>
    </Form>
  )
}
