/**
 * The newsletter subscription of the logged-in user's own e-mail address (spec §7 Subscriptions):
 * `GET subscriptions/{email}` reads it (404 means not subscribed, §8), `POST subscriptions` subscribes
 * (`name` Newsletter, `type` Subscription, `active`, `recipient`), `DELETE subscriptions/{email}` ends it.
 */
import { z } from 'zod'
import { icmCall, IcmError, type IcmScope } from './icm.server'

const SubscriptionSchema = z.object({ active: z.boolean().optional(), recipient: z.string().optional() })

const path = (email: string) => `subscriptions/${encodeURIComponent(email)}`

/** Whether the address is subscribed; ICM's 404 is "no". */
export async function isSubscribed(scope: IcmScope, email: string): Promise<boolean> {
  try {
    const answer = await icmCall(scope, { path: path(email), schema: SubscriptionSchema, cache: 'none' })
    return answer.active ?? true
  } catch (error) {
    if (error instanceof IcmError && error.status === 404) return false
    throw error
  }
}

export async function subscribe(scope: IcmScope, email: string): Promise<void> {
  await icmCall(scope, {
    method: 'POST',
    path: 'subscriptions',
    json: { name: 'Newsletter', type: 'Subscription', active: true, recipient: email },
    schema: SubscriptionSchema,
    cache: 'none',
  })
}

/** Ends the subscription; one that is already gone (404) is no error: the wish is fulfilled. */
export async function unsubscribe(scope: IcmScope, email: string): Promise<void> {
  try {
    await icmCall(scope, { method: 'DELETE', path: path(email), schema: z.unknown(), cache: 'none' })
  } catch (error) {
    if (error instanceof IcmError && error.status === 404) return
    throw error
  }
}

const EmailSchema = z.object({ email: z.string() })

/** The logged-in user's current e-mail address (the newsletter's recipient), as ICM holds it now. */
export async function ownEmail(
  scope: IcmScope,
  customerType: 'PrivateCustomer' | 'SMBCustomer',
): Promise<string> {
  const path = customerType === 'SMBCustomer' ? 'customers/-/users/-' : 'privatecustomers/-'
  return (await icmCall(scope, { path, schema: EmailSchema, cache: 'none' })).email
}
