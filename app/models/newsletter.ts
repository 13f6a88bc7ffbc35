import { z } from 'zod'

/** The newsletter form's post: subscribe or unsubscribe, and the page to return to. */
export const newsletterSchema = z.object({
  intent: z.enum(['subscribe', 'unsubscribe']),
  returnUrl: z.string().max(2048).optional(),
})
