/**
 * The punchout entry (spec shell §4.7, §5; issue 34): a procurement system opens `/{lang}/punchout` with
 * GET or POST. The parameters are checked first, then the punchout user logs in through ICM's token flow,
 * the punchout's state goes into the session, and after the login delay the shopper lands in the shop (or,
 * for OCI's validation and background search, gets the form with the product's fields). Every refusal goes to
 * `/error` with its key; one after the login logs the user out again.
 */
import { redirect } from '@remix-run/node'
import {
  hookUrlOf,
  IDS_VERSIONS,
  PUNCHOUT_ERRORS,
  punchoutEntryOf,
  type PunchoutEntry,
  type PunchoutErrorKey,
} from '~/models/punchout-entry'
import {
  PUNCHOUT_LOGIN_DELAY_MS,
  SEND_PERMISSION,
  type HookForm,
  type PunchoutState,
} from '~/models/punchout'
import { login, loginWithAccessToken, logout } from './auth.server'
import { createBasket, currentBasket } from './basket.server'
import { errorPageUrl } from './guards.server'
import { fixedT } from './i18n.server'
import { IcmError } from './icm.server'
import { readIdsCart, type IdsCartItem } from './ids-cart.server'
import { addIdsCart } from './punchout-ids.server'
import { cxmlSession, ociBackgroundSearch, ociValidation, punchoutErrorUrl } from './punchout.server'
import type { SessionUser } from './session.server'
import type { Shopper } from './shopper.server'

/** What the entry answers besides a redirect into the shop. */
export type EntryPage =
  | { kind: 'form'; form: HookForm }
  /** IDS `SV`: the interface versions the shop speaks. */
  | { kind: 'ids-versions'; versions: readonly string[] }
  /** IDS `LI`: the login worked, for this user of this customer. */
  | { kind: 'ids-login'; login: string; customerNo: string; name: string }

const pause = () => new Promise((resolve) => setTimeout(resolve, PUNCHOUT_LOGIN_DELAY_MS))

const refuse = (shopper: Shopper, key: PunchoutErrorKey) =>
  redirect(punchoutErrorUrl(shopper.locale.lang, key))

/** A refusal after the login: the user is logged out first (spec §4.7, as the PWA does). */
async function refuseLoggedIn(shopper: Shopper, url: string): Promise<never> {
  await logout(shopper.scope, shopper.session)
  throw redirect(url)
}

/** Logs the entry's user in; throws the error page (or ICM's 429) when ICM refuses. */
async function logIn(shopper: Shopper, entry: PunchoutEntry): Promise<SessionUser> {
  const { scope, session } = shopper
  if (entry.protocol === 'cxml') {
    if (!(await loginWithAccessToken(scope, session, entry.accessToken)))
      throw refuse(shopper, PUNCHOUT_ERRORS.tokenRefused)
  } else {
    const result = await login(
      scope,
      session,
      { login: entry.username, password: entry.password },
      'punchout',
    )
    if (!result.ok) {
      if ('retryAfter' in result)
        throw new Response(null, {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Retry-After': String(result.retryAfter) },
        })
      throw refuse(shopper, 'challenge' in result ? PUNCHOUT_ERRORS.loginLocked : result.messageKey)
    }
  }
  const signedIn = session.get('user')!
  // Whichever way the procurement system logged in, the session is a punchout's (profile capabilities).
  const user: SessionUser = { ...signedIn, signIn: 'punchout' }
  session.set('user', user)
  // The user must be allowed to send back what they came for; IDS names the customer as well (`kndnr`).
  if (!user.permissions.includes(SEND_PERMISSION[entry.protocol]))
    return refuseLoggedIn(
      shopper,
      errorPageUrl(shopper.locale.lang, 'missing-permission', SEND_PERMISSION[entry.protocol]),
    )
  if (entry.protocol === 'ids' && entry.customerNo && entry.customerNo !== user.customerNo)
    return refuseLoggedIn(
      shopper,
      punchoutErrorUrl(shopper.locale.lang, 'account.login.username_password.error.invalid'),
    )
  return user
}

/**
 * The punchout's basket for an OCI or IDS session: the one this browser's punchout of the same user had, if
 * ICM still has it, else a new one, so that parallel punchouts of one user never share a basket.
 */
async function punchoutBasket(shopper: Shopper, state: PunchoutState, earlier: PunchoutState | undefined) {
  const reuse = earlier?.type === state.type && earlier.login === state.login ? earlier.basketId : undefined
  shopper.session.set('punchout', { ...state, ...(reuse ? { basketId: reuse } : {}) })
  if (reuse && (await currentBasket(shopper.scope))) return
  await createBasket(shopper.scope)
}

/** The hook form of OCI's validation or background search, with the `~` fields echoed. */
function ociForm(
  entry: Extract<PunchoutEntry, { protocol: 'oci' }>,
  data: { fields: { name: string; value: string }[]; problems: HookForm['problems'] },
  autoSubmit: boolean,
): HookForm {
  return {
    action: entry.hookUrl,
    ...(entry.target ? { target: entry.target } : {}),
    fields: [...data.fields, ...entry.tildeFields.map(([name, value]) => ({ name, value }))],
    autoSubmit: autoSubmit && data.problems.length === 0,
    problems: data.problems,
  }
}

/**
 * The entry: a redirect into the shop or to the error page (thrown), or a page of its own. `params` are the
 * GET's query, or the POST's fields followed by the query.
 */
export async function enterPunchout(shopper: Shopper, params: URLSearchParams): Promise<EntryPage> {
  const lang = shopper.locale.lang
  const entry = punchoutEntryOf(params)
  if ('error' in entry) throw refuse(shopper, entry.error)
  if (entry.protocol === 'ids' && entry.action === 'SV')
    return { kind: 'ids-versions', versions: IDS_VERSIONS }
  let cart: IdsCartItem[] | undefined
  if (entry.protocol === 'ids' && entry.cart) {
    const read = readIdsCart(entry.cart)
    if (!read.ok)
      throw refuse(
        shopper,
        read.reason === 'too-large' ? PUNCHOUT_ERRORS.invalidParameters : PUNCHOUT_ERRORS.missingCart,
      )
    cart = read.items
  }
  const earlier = shopper.session.get('punchout')
  const user = await logIn(shopper, entry)
  // The login delay (spec §4.7, §9): ICM settles the new login before the punchout's basket is read or made.
  await pause()
  const state: PunchoutState = { type: entry.protocol, login: user.login }

  if (entry.protocol === 'cxml') {
    let punchout
    try {
      punchout = await cxmlSession(shopper.scope, user.customerNo, entry.sid)
    } catch (error) {
      if (!(error instanceof IcmError) || error.status >= 500) throw error
      return refuseLoggedIn(shopper, punchoutErrorUrl(lang, PUNCHOUT_ERRORS.sessionUnknown))
    }
    // The return URL rides in the session cookie: an http(s) URL of bounded length, or no session at all.
    if (!hookUrlOf(punchout.returnUrl))
      return refuseLoggedIn(shopper, punchoutErrorUrl(lang, PUNCHOUT_ERRORS.sessionUnknown))
    shopper.session.set('punchout', { ...state, sid: entry.sid, ...punchout })
    // The setup request's basket (with the reloaded lines of an edit or inspect) is the shopper's from now on.
    if (!(await currentBasket(shopper.scope)))
      return refuseLoggedIn(shopper, punchoutErrorUrl(lang, PUNCHOUT_ERRORS.sessionUnknown))
    throw redirect(entry.sku ? `/${lang}/search/${encodeURIComponent(entry.sku)}` : `/${lang}/home`)
  }

  if (entry.protocol === 'oci') {
    const ociState: PunchoutState = {
      ...state,
      hookUrl: entry.hookUrl,
      ...(entry.tildeFields.length ? { tildeFields: entry.tildeFields } : {}),
      ...(entry.target ? { target: entry.target } : {}),
    }
    const fn = entry.function
    if (fn?.kind === 'VALIDATE' || fn?.kind === 'BACKGROUND_SEARCH') {
      shopper.session.set('punchout', ociState)
      let data
      try {
        data =
          fn.kind === 'VALIDATE'
            ? await ociValidation(shopper.scope, user.customerNo, fn.productId, fn.quantity)
            : await ociBackgroundSearch(shopper.scope, user.customerNo, fn.searchString)
      } catch (error) {
        if (!(error instanceof IcmError) || error.status >= 500) throw error
        return refuseLoggedIn(shopper, punchoutErrorUrl(lang, PUNCHOUT_ERRORS.invalidParameters))
      }
      // The background search's form is read by the procurement system, not sent (as the PWA does).
      return { kind: 'form', form: ociForm(entry, data, fn.kind === 'VALIDATE') }
    }
    await punchoutBasket(shopper, ociState, earlier)
    throw redirect(
      fn?.kind === 'DETAIL' ? `/${lang}/product/${encodeURIComponent(fn.productId)}` : `/${lang}/home`,
    )
  }

  if (entry.action === 'LI') {
    const page: EntryPage = {
      kind: 'ids-login',
      login: user.login,
      customerNo: user.customerNo,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    }
    // LI only reports the login; the trade software logs in again for what it does next.
    await logout(shopper.scope, shopper.session)
    return page
  }
  const idsState: PunchoutState = {
    ...state,
    ...(entry.hookUrl ? { hookUrl: entry.hookUrl } : {}),
    ...(entry.target ? { target: entry.target } : {}),
    ...(entry.version ? { version: entry.version } : {}),
  }
  await punchoutBasket(shopper, idsState, earlier)
  switch (entry.action) {
    case 'WKS': {
      const toast = await addIdsCart(shopper.scope, shopper.session, fixedT(shopper.locale.id), cart ?? [])
      shopper.session.flash('toast', toast)
      throw redirect(`/${lang}/basket`)
    }
    case 'ADL':
      throw redirect(`/${lang}/product/${encodeURIComponent(entry.ghnummer!)}`)
    case 'AS':
      throw redirect(
        entry.searchTerm ? `/${lang}/search/${encodeURIComponent(entry.searchTerm)}` : `/${lang}/home`,
      )
    default:
      throw redirect(`/${lang}/home`)
  }
}
