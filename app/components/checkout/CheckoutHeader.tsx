import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ShopLocale } from '~/models/locale'

export type StepIndicatorData = {
  steps: { step: string; reachable: boolean; done: boolean }[]
  current: string
}

/**
 * The checkout header variant: the logo and the step indicator, no main navigation and no search, so the
 * shopper is not led away from the order. Steps the shopper may go back (or on) to are links.
 */
export function CheckoutHeader({ locale, steps }: { locale: ShopLocale; steps: StepIndicatorData | null }) {
  const { t } = useTranslation()
  return (
    <header className="site-header checkout-header">
      <div className="header-bar">
        <Link to={`/${locale.lang}/home`} className="logo" aria-label={t('header.home')}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="6" fill="currentColor" />
            <path d="M8 22h16v3H8zM11 8h10v12H11z" fill="#fff" />
          </svg>
          <span>{t('shop.name')}</span>
        </Link>
        {steps ? (
          <nav aria-label={t('checkout.steps.label')} className="checkout-steps">
            <ol>
              {steps.steps.map(({ step, reachable, done }, i) => {
                const label = `${i + 1}. ${t(`checkout.step.${step}`)}`
                const current = step === steps.current
                return (
                  <li key={step} className={current ? 'current' : done ? 'done' : undefined}>
                    {reachable ? (
                      <Link to={`/${locale.lang}/checkout/${step}`}>{label}</Link>
                    ) : (
                      <span aria-current={current ? 'step' : undefined}>{label}</span>
                    )}
                  </li>
                )
              })}
            </ol>
          </nav>
        ) : null}
      </div>
    </header>
  )
}
