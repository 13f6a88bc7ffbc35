import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import { ShopLogo } from '../ShopLogo'

export type StepIndicatorData = {
  steps: { step: string; reachable: boolean; done: boolean }[]
  current: string
}

/**
 * The checkout header variant: the logo and the step indicator, no main navigation and no search, so the
 * shopper is not led away from the order. Steps the shopper may go back (or on) to are links. Without
 * steps it is the plain header of an error page no layout caught.
 */
export function CheckoutHeader({ locale, steps }: { locale: ShopLocale; steps: StepIndicatorData | null }) {
  const { t } = useTranslation()
  return (
    <header className="site-header checkout-header">
      <div className="header-bar">
        <ShopLogo lang={locale.lang} />
        {steps ? (
          <nav aria-label={t('checkout.steps.label')} className="checkout-steps">
            <ol>
              {steps.steps.map(({ step, reachable, done }, i) => {
                // Number and name apart: on phones only the current step shows its name (app.css).
                const label = (
                  <>
                    <span className="step-number">{i + 1}.</span>{' '}
                    <span className="step-name">{t(`checkout.step.${step}`)}</span>
                  </>
                )
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
