import { z } from 'zod'

/** ICM's answer to a checkout validation (`validations` of a basket), scoped messages included. */
export type ValidationMessage = {
  code: string
  message?: string
  scopes: string[]
  lineItemId?: string
  productSku?: string
}

export type ValidationResults = {
  valid: boolean
  adjusted: boolean
  errors: ValidationMessage[]
  infos: ValidationMessage[]
}

const ValidationMessageSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  parameters: z
    .object({
      scopes: z.array(z.string()).optional(),
      lineItemId: z.string().optional(),
      productSku: z.string().optional(),
    })
    .passthrough()
    .optional(),
})

export const ValidationSchema = z.object({
  data: z.object({
    results: z.object({
      valid: z.boolean(),
      adjusted: z.boolean().default(false),
      errors: z.array(ValidationMessageSchema).default([]),
      infos: z.array(ValidationMessageSchema).default([]),
    }),
  }),
})

export function mapValidation(envelope: z.infer<typeof ValidationSchema>): ValidationResults {
  const message = (m: z.infer<typeof ValidationMessageSchema>): ValidationMessage => ({
    code: m.code,
    message: m.message,
    scopes: m.parameters?.scopes ?? [],
    lineItemId: m.parameters?.lineItemId,
    productSku: m.parameters?.productSku,
  })
  const { results } = envelope.data
  return {
    valid: results.valid,
    adjusted: results.adjusted,
    errors: results.errors.map(message),
    infos: results.infos.map(message),
  }
}

/**
 * The final validation (scope All) may not change the basket behind the shopper's back; the steps before it
 * let ICM fix what it can (drop unavailable lines, choose a default shipping method) and report it.
 */
export const adjustmentsAllowed = (scopes: string[]) => !scopes.includes('All')

/** Valid and not adjusted: the shopper may move on; otherwise the page shows what happened. */
export const mayContinue = (results: ValidationResults) => results.valid && !results.adjusted
