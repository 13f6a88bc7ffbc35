import { messageText, type Translate } from '~/models/messages'
import { savedBasketId } from './auth.server'
import { mergeIntoUserBasket, type AnonymousBasket } from './basket.server'
import type { IcmScope } from './icm.server'
import type { ShopSession, Toast } from './session.server'

/**
 * What every way of logging in does once the user's token is in the session (the shop's form, an OpenID
 * provider's callback, the end of `/register/sso`): the guest's basket, read before the login replaced its
 * token, goes into the user's saved one, found as ICM clients find it (GET baskets); the toast welcomes the
 * user by name and says how the merge went.
 */
export async function welcomeAfterLogin(
  scope: IcmScope,
  session: ShopSession,
  anonymous: AnonymousBasket | null,
  t: Translate,
): Promise<Toast> {
  const userScope = { ...scope, token: session.get('apiToken') }
  const merge = anonymous
    ? await mergeIntoUserBasket(userScope, anonymous, await savedBasketId(userScope))
    : null
  const details = !merge
    ? []
    : merge.ok
      ? [t('basket.merge.success.message'), ...merge.infos.map((info) => messageText(t, info))]
      : [t('basket.merge.failed.message'), ...merge.errors.slice(0, 1).map((error) => messageText(t, error))]
  const user = session.get('user')
  return {
    key: 'account.login.success.message',
    values: { name: [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.login ?? '') },
    type: merge && !merge.ok ? 'info' : 'success',
    ...(details.length ? { details } : {}),
  }
}
