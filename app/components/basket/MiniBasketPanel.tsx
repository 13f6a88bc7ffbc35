import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import type { Money } from '~/models/price'
import { MoneyText } from '../Price'
import { useBasketAdder } from './BasketAdder'

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
