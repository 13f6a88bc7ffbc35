import { transferReasonKey, type HookForm, type TransferProblem } from '~/models/punchout'

type Translate = (key: string, values?: Record<string, unknown>) => string

export const HOOK_FORM_ID = 'punchout-hook-form'
const HINT_ID = `${HOOK_FORM_ID}-hint`
const SENDING_ID = `${HOOK_FORM_ID}-sending`

/**
 * The page asks for "Continue" until a script runs: only the script says the basket is on its way, then sends
 * it (a browser without JavaScript would otherwise claim to send and wait for nothing).
 */
const SEND_SCRIPT =
  `document.getElementById('${HINT_ID}').hidden=true;` +
  `document.getElementById('${SENDING_ID}').hidden=false;` +
  `document.getElementById('${HOOK_FORM_ID}').submit()`

/** A problem's line: which line of the basket, which field, and why (the API's code in words, or ICM's sentence). */
const problemText = (t: Translate, problem: TransferProblem) =>
  t('punchout.transfer.problem', { ...problem, reason: t(transferReasonKey(problem.reason)) })

/**
 * The form that carries a basket (or OCI's product data) back to the procurement system: the lines it cannot
 * carry as they are come first, then the hidden fields and a visible "Continue" button. Without problems the
 * page sends it by itself (an inline script with the response's nonce, SEND_SCRIPT); without JavaScript the
 * button does.
 * `t` is the page's translation: this view also renders outside the shop's layout (the punchout entry).
 */
export function HookFormView({ form, t, nonce }: { form: HookForm; t: Translate; nonce?: string }) {
  return (
    <section className="punchout-transfer">
      {form.problems.length > 0 ? (
        <div className="punchout-problems" role="alert">
          <h2>{t('punchout.transfer.problems.heading')}</h2>
          <p>{t('punchout.transfer.problems.text')}</p>
          <ul>
            {form.problems.map((problem) => (
              <li key={`${problem.position}:${problem.field}`}>{problemText(t, problem)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        id={HOOK_FORM_ID}
        method="post"
        action={form.action}
        target={form.target}
        encType="application/x-www-form-urlencoded"
        acceptCharset="UTF-8"
      >
        {form.fields.map((field, index) => (
          <input key={`${index}:${field.name}`} type="hidden" name={field.name} value={field.value} />
        ))}
        <p id={HINT_ID}>{t('punchout.transfer.continue.hint')}</p>
        {form.autoSubmit ? (
          <p id={SENDING_ID} hidden>
            {t('punchout.transfer.sending')}
          </p>
        ) : null}
        <button type="submit" className="primary">
          {t('punchout.transfer.continue')}
        </button>
      </form>
      {form.autoSubmit ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SEND_SCRIPT }} /> : null}
    </section>
  )
}
