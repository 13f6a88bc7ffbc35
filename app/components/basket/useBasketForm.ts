import type { SubmissionResult } from '@conform-to/react'
import { useActionData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { z } from 'zod'
import { basketForms, type BasketIntent } from '~/models/basket-forms'
import { useShopForm } from '../forms'

/**
 * One of the basket page's forms. The page has many (a quantity form per line, …) and the action answers
 * the one that posted: its reply echoes the intent and line, so only that form shows it.
 */
export function useBasketForm<I extends BasketIntent>(
  intent: I,
  lineId?: string,
  defaultValue?: Record<string, string>,
) {
  const { t } = useTranslation()
  const answer = useActionData<{ result?: SubmissionResult<string[]> }>()?.result
  const posted = answer?.initialValue
  const mine = posted?.intent === intent && (lineId === undefined || posted.lineId === lineId)
  const [form, fields] = useShopForm({
    id: lineId ? `${intent}-${lineId}` : intent,
    schema: basketForms(t)[intent],
    lastResult: mine ? answer : null,
    defaultValue,
  })
  /** A field of the form; Conform makes the metadata of any name on demand, so it is always there. */
  const field = (name: keyof z.input<ReturnType<typeof basketForms>[I]>) => {
    const meta = fields[String(name)]
    if (!meta) throw new Error(`basket form ${intent} has no field ${String(name)}`)
    return meta
  }
  return { form, field }
}
