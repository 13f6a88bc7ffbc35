import '~/browser/account-texts'
import { z } from 'zod'

/** The account page's two forms, told apart by `intent`; a deletion needs its box ticked. */
export const privacyFormSchema = (t: (key: string) => string) =>
  z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('copy') }),
    z.object({
      intent: z.literal('deletion'),
      understood: z.literal('on', {
        errorMap: () => ({ message: t('account.privacy.deletion.confirm.error.required') }),
      }),
    }),
  ])
