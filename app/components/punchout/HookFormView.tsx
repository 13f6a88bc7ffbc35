import type { HookForm, TransferProblem } from '~/models/punchout'

type Translate = (key: string, values?: Record<string, unknown>) => string

export const HOOK_FORM_ID = 'punchout-hook-form'

/** Why a line does not fit, as the commerce API names it (punchout/format-common.ts TransferProblemReason). */
const REASONS = new Set(['too-long', 'not-xml-text', 'missing', 'line-total', 'format'])

/** A problem's line: which line of the basket, which field, and why (the API's reason, a text key, or ICM's sentence). */
const problemText = (t: Translate, problem: TransferProblem) =>
  t('punchout.transfer.problem', {
    ...problem,
    reason: t(REASONS.has(problem.reason) ? `punchout.transfer.reason.${problem.reason}` : problem.reason),
  })

/**
 * The form that carries a basket (or OCI's product data) back to the procurement system: the lines it cannot
 * carry as they are come first, then the hidden fields and a visible "Continue" button. Without problems the
 * page sends it by itself (an inline script with the response's nonce); without JavaScript the button does.
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
        <p>{t(form.autoSubmit ? 'punchout.transfer.sending' : 'punchout.transfer.continue.hint')}</p>
        <button type="submit" className="primary">
          {t('punchout.transfer.continue')}
        </button>
      </form>
      {form.autoSubmit ? (
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: `document.getElementById('${HOOK_FORM_ID}').submit()` }}
        />
      ) : null}
    </section>
  )
}
