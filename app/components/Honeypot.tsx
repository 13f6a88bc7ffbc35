import { useTranslation } from '~/components/useTranslation'
import { HONEYPOT_FIELD } from '~/models/honeypot'

/**
 * A field people never see and bots fill in (the anonymous forms' honeypot, CONVENTIONS "Forms work first
 * without JavaScript"): hidden from sight and from assistive technology, out of the tab order. The action
 * refuses a post where it is not empty (`checkHoneypot`).
 */
export function Honeypot() {
  const { t } = useTranslation()
  return (
    <div className="honeypot" style={{ display: 'none' }} aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{t('form.honeypot.label')}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
    </div>
  )
}
