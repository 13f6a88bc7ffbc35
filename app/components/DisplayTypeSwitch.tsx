import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import type { PriceDisplay } from '~/models/price'

/**
 * The display-type switch (shell §2.7, labelled B2C/B2B): gross or net prices on every page. Two submit buttons
 * of one plain form (posted as a document: the page comes back with every price in the new display), the
 * one in effect pressed; logged-in users are told that their choice is kept in their
 * account. Shown only when the configuration enables it (the shop layout passes null otherwise).
 */
export function DisplayTypeSwitch({
  locale,
  display,
  saved,
}: {
  locale: ShopLocale
  display: PriceDisplay
  saved: boolean
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const action = `/${locale.lang}/price-display`
  const hintId = saved ? 'price-display-hint-saved' : 'price-display-hint'
  return (
    // A document post, with or without JavaScript: every price of the page it returns to is shown anew.
    <Form
      method="post"
      action={action}
      reloadDocument
      className="display-type-choice"
      aria-describedby={hintId}
    >
      <input type="hidden" name="returnUrl" value={here} />
      <fieldset>
        <legend className="visually-hidden">{t('header.price_display.label')}</legend>
        {(['gross', 'net'] as const).map((option) => (
          <button
            key={option}
            type="submit"
            name="display"
            value={option}
            aria-pressed={display === option}
            className="link-button"
          >
            {t(`header.price_display.${option}`)}
          </button>
        ))}
      </fieldset>
      <p id={hintId} className="visually-hidden">
        {t(saved ? 'header.price_display.hint_saved' : 'header.price_display.hint')}
      </p>
    </Form>
  )
}
