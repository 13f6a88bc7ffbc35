/**
 * The parts of the shop's forms that need neither Conform nor zod: error lists, the error summary and the
 * submit button. Catalog pages use them in plain forms (the add-to-basket form, the header's logout), so
 * they load without the form library (issue 19's page budget); `./forms` builds the Conform forms on them.
 */
import { useNavigation, type Fetcher } from '@remix-run/react'
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'

/** Errors of one field or of the whole form, with the id the control's `aria-describedby` points to. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul className="field-error" id={id}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

/** What `FormErrors` reads of a form: the form metadata of `useShopForm` (Conform) has it. */
type FormErrorsMetadata = {
  id: string
  errorId: string
  errors?: string[]
  status?: 'success' | 'error'
  allErrors: Record<string, string[]>
}

/**
 * The form's errors, first thing in the form. A form with fields (`summary`, the default) shows, after a
 * failed submission (the browser's check or the action's answer), a summary: a heading, the form's own
 * errors (an API refusal) and each field's errors as a link to the field, named by its label. The summary
 * takes focus when it appears (without JavaScript the `autofocus` of the server's page; with it after
 * every failed submission) and is announced. Field errors stay next to their fields as well. A one-field
 * form (a basket line, a code) keeps its own errors only: its field is next to them.
 */
export function FormErrors({
  form,
  label,
  summary = true,
}: {
  form: FormErrorsMetadata
  /** The labels of the fields (by name, or a function of it) for the summary's links; else the error alone. */
  label?: Partial<Record<string, string>> | ((name: string) => string | undefined)
  summary?: boolean
}) {
  const { t } = useTranslation()
  const attempt = useSubmitCount(form.id)
  const formErrors = form.errors ?? []
  const fieldErrors =
    summary && form.status === 'error'
      ? Object.entries(form.allErrors).flatMap(([name, errors]) =>
          name === '' ? [] : errors.map((error) => ({ name, error })),
        )
      : []
  if (!formErrors.length && !fieldErrors.length) return null
  if (!summary) {
    return (
      <ul className="form-errors" id={form.errorId} role="alert">
        {formErrors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    )
  }
  return (
    <ErrorSummary key={attempt} id={form.errorId} title={t('form.error_summary.title')}>
      {formErrors.map((error) => (
        <li key={error}>{error}</li>
      ))}
      {fieldErrors.map(({ name, error }) => {
        const fieldLabel = typeof label === 'function' ? label(name) : label?.[name]
        return (
          <li key={`${name}:${error}`}>
            <a href={`#${form.id}-${name}`}>{fieldLabel ? `${fieldLabel}: ${error}` : error}</a>
          </li>
        )
      })}
    </ErrorSummary>
  )
}

/** The summary box: focused when it mounts (a new failed submission mounts a new one). */
function ErrorSummary({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    box.current?.focus()
  }, [])
  return (
    <div
      ref={box}
      className="error-summary"
      id={id}
      role="alert"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      // Without JavaScript the browser focuses it when the page with the action's answer loads.
      autoFocus
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className="form-errors">{children}</ul>
    </div>
  )
}

/** How often the form with this id was submitted (a new summary per failed attempt). */
function useSubmitCount(formId: string) {
  const [count, setCount] = useState(0)
  useEffect(() => {
    const onSubmit = (event: Event) => {
      if ((event.target as Element | null)?.id === formId) setCount((n) => n + 1)
    }
    document.addEventListener('submit', onSubmit, true)
    return () => document.removeEventListener('submit', onSubmit, true)
  }, [formId])
  return count
}

/**
 * A submit button that shows the pending state of its own form only: a post by this fetcher, or a
 * navigation posting to this form's action with this button's intent, not any post on the page. Without
 * JavaScript it is a plain submit button.
 */
export function SubmitButton({
  form,
  action,
  intent,
  fetcher,
  children,
  pendingText,
  ...props
}: {
  /** The id of the form this button submits when it sits outside it (Conform's `form.id`). */
  form?: string
  /** The form's action path, when several forms of a page post to different routes. */
  action?: string
  /** The `intent` value this button posts, for routes with several forms. */
  intent?: string
  fetcher?: Pick<Fetcher, 'state' | 'formData'>
  pendingText?: ReactNode
} & Omit<ComponentProps<'button'>, 'type' | 'form'>) {
  const navigation = useNavigation()
  const posted = fetcher ? fetcher.formData : navigation.formData
  const submitting = fetcher ? fetcher.state === 'submitting' : navigation.state === 'submitting'
  const pending =
    submitting &&
    posted !== undefined &&
    (intent === undefined || posted.get('intent') === intent) &&
    (fetcher !== undefined || action === undefined || navigation.formAction?.split('?')[0] === action)
  return (
    <button
      type="submit"
      form={form}
      name={intent ? 'intent' : props.name}
      value={intent ?? props.value}
      aria-disabled={pending || undefined}
      {...props}
      onClick={(event) => {
        // A second click while this form is posting would post it twice.
        if (pending) event.preventDefault()
        props.onClick?.(event)
      }}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  )
}
