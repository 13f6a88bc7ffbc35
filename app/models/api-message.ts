import { z } from 'zod'

/**
 * An info or error of ICM's envelopes (basket, order, requisition): its code, ICM's English sentence, and the
 * values its causes carry (`causes[].parameters`), which the shop's text of the code may use.
 */
export const ApiMessageSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  causes: z
    .array(
      z.object({ code: z.string().optional(), parameters: z.record(z.string()).optional() }).passthrough(),
    )
    .optional(),
})

export type ApiMessageData = z.infer<typeof ApiMessageSchema>
