import { useTranslation } from 'react-i18next'
import type { BasketView } from '~/models/basket-view'
import { formatMoney, pick } from '~/models/price'
import { MoneyText } from '../Price'
import { useShell } from '../useShell'

/** Items, order rebates, tax and the total of the basket (estimated until checkout knows more). */
export function BasketTotals({ basket }: { basket: Pick<BasketView, 'totals' | 'valueRebates'> }) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const { totals } = basket
  return (
    <section className="basket-totals" aria-labelledby="totals-title">
      <h2 id="totals-title">{t('basket.totals.title')}</h2>
      <dl>
        <dt>{t('basket.totals.items')}</dt>
        <dd>
          <MoneyText money={pick(totals.items, display)} locale={locale} />
        </dd>
        {basket.valueRebates.map((rebate) => (
          <div key={rebate.name} style={{ display: 'contents' }}>
            <dt>{t('basket.totals.rebate', { name: rebate.name })}</dt>
            <dd data-testid="basket-rebate">−{formatMoney(pick(rebate.amount, display), locale.tag)}</dd>
          </div>
        ))}
        {totals.tax ? (
          <>
            <dt>{t('basket.totals.tax')}</dt>
            <dd>
              <MoneyText money={totals.tax} locale={locale} />
            </dd>
          </>
        ) : null}
        <dt className="grand">{t('basket.totals.total')}</dt>
        <dd className="grand" data-testid="basket-total">
          <MoneyText money={pick(totals.total, display)} locale={locale} />
        </dd>
      </dl>
      {totals.estimated ? <p className="hint">{t('basket.totals.estimated')}</p> : null}
    </section>
  )
}
