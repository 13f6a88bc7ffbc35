import type { FormMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { FormErrors, SubmitButton } from '~/components/form-controls'

/**
 * The frame of a checkout step's form: a post to the step's action with the form's errors first (the
 * summary after a failed submission) and its submit button last. Forms with address fields (`regions`) also have, without JavaScript, an "update regions"
 * submit among the fields; a hidden copy of the submit button comes first so that Enter submits, not
 * updates, and `formId` tells the action which form asked for regions.
 */
export function CheckoutForm({
  form,
  label,
  fieldLabel,
  submit,
  regions = false,
  children,
}: {
  form: Pick<
    FormMetadata<Record<string, unknown>, string[]>,
    'id' | 'onSubmit' | 'noValidate' | 'errors' | 'errorId' | 'status' | 'allErrors'
  >
  /** The form's accessible name, when the page has several. */
  label?: string
  /** A field's label for the error summary (`addressErrorLabel` for address forms). */
  fieldLabel?: (name: string) => string | undefined
  submit: { text: string; intent?: string; primary?: boolean; disabled?: boolean }
  regions?: boolean
  children: ReactNode
}) {
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate={form.noValidate}
      className="checkout-form"
      aria-label={label}
    >
      {regions ? (
        <>
          <button
            type="submit"
            name="intent"
            value={submit.intent}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          >
            {submit.text}
          </button>
          <input type="hidden" name="formId" value={submit.intent} />
        </>
      ) : null}
      <FormErrors form={form} label={fieldLabel} />
      {children}
      <SubmitButton
        intent={submit.intent}
        className={submit.primary ? 'primary' : undefined}
        disabled={submit.disabled}
      >
        {submit.text}
      </SubmitButton>
    </Form>
  )
}
