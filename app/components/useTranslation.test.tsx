import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { browserI18n } from '~/browser/translator'
import { i18nFor } from '~/services/i18n.server'
import { useTranslation, type Translation } from './useTranslation'

/** Renders components that each take the hook's answer, and gives back what each got. */
function answersUnder(provider: Parameters<typeof I18nextProvider>[0]['i18n'] | null) {
  const seen: Translation[] = []
  const Text = ({ k }: { k: string }) => {
    const translation = useTranslation()
    seen.push(translation)
    return <span>{translation.t(k, { count: 2 })}</span>
  }
  const tree = (
    <p>
      <Text k="header.skip_to_main" />
      <Text k="product.ready_for_shipment.days" />
    </p>
  )
  const html = renderToString(provider ? <I18nextProvider i18n={provider}>{tree}</I18nextProvider> : tree)
  return { html, seen }
}

describe('useTranslation', () => {
  it('gives every component of a language the same t, in that language', () => {
    const german = answersUnder(i18nFor('de_DE'))
    expect(german.html).toContain('Zum Hauptinhalt')
    expect(german.html).toContain('Versandfertig in 2 Tagen')
    expect(german.seen[1]).toBe(german.seen[0])
    expect(german.seen[0]!.i18n).toBe(i18nFor('de_DE'))

    const french = answersUnder(i18nFor('fr_FR'))
    expect(french.seen[0]!.t).not.toBe(german.seen[0]!.t)
    expect(french.html).not.toContain('Zum Hauptinhalt')
  })

  it('takes the browser’s translator as it takes i18next', () => {
    const texts = {
      'header.skip_to_main': 'Skip it',
      'product.ready_for_shipment.days_other': 'In {{count}} days',
    }
    const { html } = answersUnder(browserI18n('en_US', texts))
    expect(html).toContain('Skip it')
    expect(html).toContain('In 2 days')
  })
})
