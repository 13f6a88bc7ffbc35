import { useTranslation } from 'react-i18next'
import type { Translate } from '~/models/messages'
import type { QuickOrderResult, QuickOrderSummary } from '~/models/quick-order'

/** One line's result, led by where it was: "Row 2: …" or "Line 5: …". */
function resultText(t: Translate, result: QuickOrderResult) {
  const where = t(result.source === 'row' ? 'quickorder.result.row' : 'quickorder.result.line', {
    line: result.line,
  })
  const text = (() => {
    switch (result.status) {
      case 'added':
        return t('quickorder.result.added', { sku: result.sku, name: result.name, quantity: result.quantity })
      case 'adjusted':
        return t('quickorder.result.adjusted', {
          sku: result.sku,
          name: result.name,
          requested: result.requested,
          quantity: result.quantity,
        })
      case 'unknown':
        return t('quickorder.result.unknown', { sku: result.sku })
      case 'invalid':
        return t('quickorder.result.invalid', { text: result.text })
      case 'refused':
        return t('quickorder.result.refused', { sku: result.sku, reason: result.reason })
    }
  })()
  return `${where}: ${text}`
}

/** What a quick-order post did: the summary, announced, and every line's result. */
export function QuickOrderResults({ summary }: { summary: QuickOrderSummary }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="quick-order-results" className="quick-order-results">
      <h2 id="quick-order-results">{t('quickorder.result.title')}</h2>
      <p role="status" className="form-info">
        {summary.message}
      </p>
      <ul data-testid="quick-order-results">
        {summary.results.map((result) => (
          <li key={`${result.source}-${result.line}`} className={`quick-order-result ${result.status}`}>
            {resultText(t, result)}
          </li>
        ))}
      </ul>
    </section>
  )
}
