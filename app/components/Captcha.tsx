import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from '~/components/useTranslation'
import { Field } from '~/components/forms'
import type { CaptchaChallenge } from '~/models/captcha'

/**
 * The shop's captcha in a form: the question, rendered by the server (it works without JavaScript and
 * without any third-party service), its id hidden beside the answer field. The form's schema spreads
 * `captchaFields(t)`; each answer of the action brings a new question (`key` resets the field).
 */
export function Captcha({
  challenge,
  meta,
}: {
  challenge: CaptchaChallenge
  /** The form's `captchaAnswer` field. */
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="captcha">
      <legend>{t('captcha.legend')}</legend>
      <input type="hidden" name="captchaId" value={challenge.id} />
      <Field
        key={challenge.id}
        meta={meta}
        label={t('captcha.question', { a: challenge.operands[0], b: challenge.operands[1] })}
        hint={t('captcha.hint')}
        inputMode="numeric"
        autoComplete="off"
        required
      />
    </fieldset>
  )
}
