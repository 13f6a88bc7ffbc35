import {
  getInputProps,
  getSelectProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useActionData, useNavigation } from '@remix-run/react'
import type { ComponentProps, ReactNode } from 'react'
import type { z, ZodTypeAny } from 'zod'
import { ErrorList } from './form-controls'

/**
 * The one way a form of the shop is set up (docs/conventions.md "A form"): the schema the server parses
 * with, HTML constraints from it (`required`, `min`, `maxLength`: hints that work without JavaScript), the
 * same checks in the browser before posting, and the action's last answer (`{ result }`) shown once the
 * post is done. `lastResult` defaults to the route's action data; a fetcher form passes its own.
 */
export function useShopForm<Schema extends ZodTypeAny>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string
  schema: Schema
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: DefaultValue<z.input<Schema>>
}) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>()
  const navigation = useNavigation()
  const answer = lastResult === undefined ? actionData?.result : lastResult
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult: navigation.state === 'idle' ? answer : null,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}

type InputType = Parameters<typeof getInputProps>[1]['type']

/**
 * A labelled input with its errors: `aria-invalid` and `aria-describedby` come from Conform, the error list
 * carries the id they name, so every field of the shop is wired the same way.
 */
export function Field({
  meta,
  label,
  type = 'text',
  hint,
  className,
  ...props
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>
  label: ReactNode
  type?: InputType
  hint?: ReactNode
  className?: string
} & Omit<ComponentProps<'input'>, 'type' | 'name' | 'form'>) {
  const input = getInputProps(meta, {
    type: type as 'text',
    ariaDescribedBy: hint ? `${meta.id}-hint` : undefined,
  })
  return (
    <div className={className ?? 'form-field'}>
      <label htmlFor={meta.id}>{label}</label>
      <input {...input} {...props} key={input.key} />
      {hint ? (
        <p className="field-hint" id={`${meta.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A labelled select with its errors, wired as `Field` is. */
export function SelectField({
  meta,
  label,
  children,
  className,
  ...props
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>
  label: ReactNode
  children: ReactNode
  className?: string
} & Omit<ComponentProps<'select'>, 'name' | 'form'>) {
  const select = getSelectProps(meta)
  return (
    <div className={className ?? 'form-field'}>
      <label htmlFor={meta.id}>{label}</label>
      <select {...select} {...props} key={select.key}>
        {children}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A checkbox with its label after it and its errors, wired as `Field` is. */
export function CheckboxField({
  meta,
  label,
  className,
  ...props
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>
  label: ReactNode
  className?: string
} & Omit<ComponentProps<'input'>, 'type' | 'name' | 'form'>) {
  const input = getInputProps(meta, { type: 'checkbox' })
  return (
    <div className={className ?? 'form-field form-field--checkbox'}>
      <input {...input} {...props} key={input.key} />
      <label htmlFor={meta.id}>{label}</label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
