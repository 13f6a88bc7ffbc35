import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from './useShell'

/** "Compare" on tiles and product pages: a plain form post to /compare that comes back to this page. */
export function CompareButton({ sku, name }: { sku: string; name: string }) {
  const { t } = useTranslation()
  const { locale, shell } = useShell()
  const location = useLocation()
  // Without the compare feature (or before the shell has loaded) there is nothing to add to.
  if (shell?.compareCount === null || shell === undefined) return null
  return (
    <Form method="post" action={`/${locale.lang}/compare`} className="compare-form">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="returnUrl" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="link-button" aria-label={`${t('compare.add')}: ${name}`}>
        {t('compare.add')}
      </button>
    </Form>
  )
}
