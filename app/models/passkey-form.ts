import '~/browser/account-texts'
import { z } from 'zod'
import type { Translate } from './messages'
import { MAX_CEREMONY_ANSWER_LENGTH, MAX_PASSKEY_NAME_LENGTH } from './passkeys'

/** The account page's forms (`intent`: add after the ceremony, rename, delete). */
export const passkeyFormSchema = (t: Translate) => {
  const name = z
    .string({ required_error: t('account.passkeys.name.error.required') })
    .trim()
    .min(1, t('account.passkeys.name.error.required'))
    .max(MAX_PASSKEY_NAME_LENGTH, t('account.passkeys.name.error.length', { max: MAX_PASSKEY_NAME_LENGTH }))
  return z.discriminatedUnion('intent', [
    z.object({
      intent: z.literal('add'),
      name,
      challengeId: z.string().min(1).max(100),
      response: z.string().min(1).max(MAX_CEREMONY_ANSWER_LENGTH),
    }),
    z.object({ intent: z.literal('rename'), id: z.string().min(1).max(100), name }),
    z.object({ intent: z.literal('delete'), id: z.string().min(1).max(100) }),
  ])
}
