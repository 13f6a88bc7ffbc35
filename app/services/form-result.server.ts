import type { Submission, SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import type { QuantityRules } from '~/models/quantity'
import { messageText, type ApiMessage, type Translate } from '~/models/messages'

/**
 * What every action of the shop answers when it does not redirect: Conform's reply of the submission (the
 * shopper's values, field errors and form errors), read by `useShopForm` as `lastResult`.
 */
export type ActionResult = { result: SubmissionResult<string[]> }

type ReplyOptions = { hideFields?: string[]; headers?: HeadersInit }

/** Input that fails the form's schema: 400, the form shown again with the values and the field errors. */
export function invalid(submission: Submission<unknown>, { hideFields, headers }: ReplyOptions = {}) {
  return data<ActionResult>({ result: submission.reply({ hideFields }) }, { status: 400, headers })
}

/**
 * Input the commerce API refused: 422, the form shown again with the API's messages in the shopper's
 * language (one translation point: `messageText`), field errors where the API named the field.
 */
export function refused(
  submission: Submission<unknown>,
  t: Translate,
  messages: ApiMessage[],
  {
    hideFields,
    headers,
    fieldErrors,
    status = 422,
    rules,
  }: ReplyOptions & {
    fieldErrors?: Record<string, string[]>
    status?: number
    /** The quantity rules of the product a refused quantity was for: the texts then say the number. */
    rules?: QuantityRules
  } = {},
) {
  return data<ActionResult>(
    {
      result: submission.reply({
        hideFields,
        formErrors: messages.map((message) => messageText(t, message, rules)),
        fieldErrors,
      }),
    },
    { status, headers },
  )
}

/**
 * `refused` with the API's problems split by the form field their `paths` name: those show at the field, the
 * others above the form.
 */
export function refusedAtFields(
  submission: Submission<unknown>,
  t: Translate,
  problems: (ApiMessage & { paths?: string[] })[],
  fields: readonly string[],
  options: Omit<Parameters<typeof refused>[3], 'fieldErrors'> = {},
) {
  const fieldErrors: Record<string, string[]> = {}
  const formMessages = problems.filter((problem) => {
    const field = fields.find((name) => problem.paths?.includes(name))
    if (field) (fieldErrors[field] ??= []).push(messageText(t, problem))
    return !field
  })
  return refused(submission, t, formMessages, { ...options, fieldErrors })
}
