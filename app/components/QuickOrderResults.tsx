import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { Translate } from '~/models/messages'
import type { QuickOrderResult, QuickOrderSummary } from '~/models/quick-order'

/** One line's result, led by where it was: "Row 2: …" or "Line 5: …". */
function resultText(t: Translate, result: QuickOrderResult) {
  const where = t(result.source === 'row' ? 'quickorder.result.row' : 'quickorder.result.line', {
    line: result.line,
  })
  return `${where}: ${outcomeText(t, result)}`
}

/** What became of one line, in words ("unknown SKU 123", "… added"). */
export function outcomeText(t: Translate, result: QuickOrderResult) {
  const outcome = (() => {
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
      case 'variations':
        return t('quickorder.result.variations', { sku: result.sku, choices: result.choices })
    }
  })()
  // The master typed stands for its default variation: the line says which one went in (or did not).
  return result.master
    ? `${outcome} ${t('quickorder.result.default_variation', { master: result.master, sku: result.sku })}`
    : outcome
}

/**
 * What a quick-order post did: the summary, announced, every line's result, the way to the basket when
 * anything went in, and a word that the lines that did not are back in the form. The page's target after the
 * post: focused and so brought into view (on a phone the form fills the screen below it), by the browser's
 * `autofocus` on the server's page without JavaScript, by the component after each post with it.
 */
export function QuickOrderResults({
  summary,
  basketUrl,
  kept,
}: {
  summary: QuickOrderSummary
  basketUrl?: string
  kept: number
}) {
  const { t } = useTranslation()
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    section.current?.focus()
    section.current?.scrollIntoView({ block: 'start' })
  }, [summary])
  return (
    <section
      ref={section}
      aria-labelledby="quick-order-results"
      className="quick-order-results"
      id="quick-order-results-section"
      tabIndex={-1}
      autoFocus
    >
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
      {kept > 0 ? <p className="form-info">{t('quickorder.kept', { count: kept })}</p> : null}
      {basketUrl ? (
        <p>
          <Link to={basketUrl} className="button">
            {t('quickorder.view_basket')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
