/**
 * The punchout entry's parameters (spec shell §4.7, §5; punchout-formats.md): which protocol a call speaks,
 * and every check made before anyone is logged in. A refusal names the spec's error key, which the error
 * page shows (`/error?error={key}`).
 */
import type { PunchoutType } from './punchout'

/** The error keys of the punchout entry and transfer (spec §5, §8) and the shop's own for its further checks. */
export const PUNCHOUT_ERRORS = {
  missingParameters: 'punchout.error.missing.parameters',
  wrongCode: 'custom.punchout.error.wrong.code',
  missingUrl: 'custom.punchout.error.missing.parameter.url',
  missingGhnummer: 'custom.punchout.error.missing.parameter.ghnummer',
  missingCart: 'custom.punchout.error.missing.parameter.warenkorb',
  /** A parameter too long, a `~` field too many, a frame name or version that is none. */
  invalidParameters: 'punchout.error.invalid.parameters',
  /** The cXML start link's access token was refused (expired, used, unknown). */
  tokenRefused: 'punchout.error.login.token',
  /** The account is locked until a login answers a challenge, which a procurement system cannot. */
  loginLocked: 'punchout.error.login.locked',
  /** The cXML session (`sid`) or its basket is unknown to ICM. */
  sessionUnknown: 'punchout.error.session',
  /** Spec §8's transfer messages. */
  noSid: 'punchout.error.transfer.no_sid',
  noReturnUrl: 'punchout.error.transfer.no_return_url',
  noHookUrl: 'punchout.error.transfer.no_hook_url',
  noIdsHookUrl: 'punchout.error.transfer.ids.no_hook_url',
} as const

/** A login ICM refused (spec §8, token login). */
export const LOGIN_FAILURES = [
  'account.login.username_password.error.invalid',
  'account.login.email_password.error.invalid',
  'account.login.customer_approval.error.invalid',
  'account.login.user_disabled.error.invalid',
] as const

/** Every key the error page shows for a punchout (`/error?error={key}`). */
export const PUNCHOUT_ERROR_KEYS: readonly string[] = [...Object.values(PUNCHOUT_ERRORS), ...LOGIN_FAILURES]

export type PunchoutErrorKey =
  (typeof PUNCHOUT_ERRORS)[keyof typeof PUNCHOUT_ERRORS] | (typeof LOGIN_FAILURES)[number]

/** IDS Connect's action codes (spec §5). */
export const IDS_ACTIONS = ['SV', 'LI', 'ADL', 'WKE', 'WKS', 'AS'] as const
export type IdsAction = (typeof IDS_ACTIONS)[number]

/** The IDS Connect versions the shop speaks: 2.5 answers the older ones as well (punchout-formats.md). */
export const IDS_VERSIONS = ['1.3', '2.0', '2.3', '2.5'] as const

export type OciFunction =
  | { kind: 'DETAIL'; productId: string }
  | { kind: 'VALIDATE'; productId: string; quantity: string }
  | { kind: 'BACKGROUND_SEARCH'; searchString: string }

export type PunchoutEntry =
  | { protocol: 'cxml'; sid: string; accessToken: string; sku?: string }
  | {
      protocol: 'oci'
      hookUrl: string
      username: string
      password: string
      function?: OciFunction
      tildeFields: [string, string][]
      target?: string
    }
  | {
      protocol: 'ids'
      action: IdsAction
      username: string
      password: string
      customerNo?: string
      hookUrl?: string
      cart?: string
      ghnummer?: string
      searchTerm?: string
      version?: string
      target?: string
    }

export type PunchoutEntryResult = PunchoutEntry | { error: PunchoutErrorKey }

/** Bounds of what the entry takes: the session keeps some of it, and a cookie holds at most 4096 bytes. */
export const ENTRY_LIMITS = {
  url: 1024,
  /** IDS Connect's `hookurl` (punchout-formats.md). */
  idsUrl: 256,
  login: 254,
  password: 256,
  sid: 200,
  accessToken: 4096,
  sku: 256,
  searchString: 200,
  tildeFields: 10,
  tildeName: 32,
  tildeValue: 128,
  /** A WKS cart's XML. */
  cart: 512 * 1024,
} as const

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const TARGET = /^(?:_top|_parent|_self|_blank|[A-Za-z][\w-]{0,63})$/
const TILDE_NAME = /^~[A-Za-z0-9_-]+$/
const QUANTITY = /^\d{1,9}(?:[.,]\d{1,3})?$/
const VERSION = /^\d{1,2}(?:\.\d{1,2}){0,2}$/

/**
 * A QUANTITY as ICM's validate reads it: the decimal comma a point, and the zeros SAP writes after the point
 * dropped ("2.000" is 2, which ICM takes as a whole quantity; "2.5" stays a fraction, refused there).
 */
function decimalOf(quantity: string): string {
  const [whole = '', fraction = ''] = quantity.replace(',', '.').split('.')
  const kept = fraction.replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}

class Refused extends Error {
  constructor(readonly key: PunchoutErrorKey) {
    super(key)
  }
}

/** An absolute http(s) URL within `max` characters, as written (its query kept), else undefined. */
export function hookUrlOf(value: string | undefined, max: number = ENTRY_LIMITS.url): string | undefined {
  if (!value || value.length > max || CONTROL.test(value)) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads the entry's parameters: cXML (`sid` + `access-token`), else OCI (`HOOK_URL` + `USERNAME` +
 * `PASSWORD`), else IDS (`action` + `name_kunde` + `pw_kunde`); an empty value counts as missing.
 */
export function punchoutEntryOf(params: URLSearchParams): PunchoutEntryResult {
  const text = (name: string, max: number) => {
    const value = params.get(name)?.trim()
    if (!value) return undefined
    if (value.length > max || CONTROL.test(value)) throw new Refused(PUNCHOUT_ERRORS.invalidParameters)
    return value
  }
  try {
    if (params.get('sid')?.trim() && params.get('access-token')?.trim()) {
      const sku = text('sku', ENTRY_LIMITS.sku)
      return {
        protocol: 'cxml',
        sid: text('sid', ENTRY_LIMITS.sid)!,
        accessToken: text('access-token', ENTRY_LIMITS.accessToken)!,
        ...(sku ? { sku } : {}),
      }
    }
    if (params.get('HOOK_URL')?.trim() && params.get('USERNAME')?.trim() && params.get('PASSWORD')?.trim())
      return ociEntry(params, text)
    if (params.get('action')?.trim() && params.get('name_kunde')?.trim() && params.get('pw_kunde')?.trim())
      return idsEntry(params, text)
    return { error: PUNCHOUT_ERRORS.missingParameters }
  } catch (error) {
    if (error instanceof Refused) return { error: error.key }
    throw error
  }
}

type Text = (name: string, max: number) => string | undefined

function targetOf(value: string | undefined) {
  if (value !== undefined && !TARGET.test(value)) throw new Refused(PUNCHOUT_ERRORS.invalidParameters)
  return value
}

function ociEntry(params: URLSearchParams, text: Text): PunchoutEntry {
  const hookUrl = hookUrlOf(params.get('HOOK_URL')?.trim())
  if (!hookUrl) throw new Refused(PUNCHOUT_ERRORS.missingUrl)
  const tildeFields: [string, string][] = []
  for (const [name, value] of params) {
    if (!name.startsWith('~') || tildeFields.some(([known]) => known === name)) continue
    if (
      !TILDE_NAME.test(name) ||
      name.length > ENTRY_LIMITS.tildeName ||
      value.length > ENTRY_LIMITS.tildeValue ||
      CONTROL.test(value) ||
      tildeFields.length === ENTRY_LIMITS.tildeFields
    )
      throw new Refused(PUNCHOUT_ERRORS.invalidParameters)
    tildeFields.push([name, value])
  }
  const target = targetOf(text('returntarget', 64))
  const productId = text('PRODUCTID', ENTRY_LIMITS.sku)
  const searchString = text('SEARCHSTRING', ENTRY_LIMITS.searchString)
  const quantity = text('QUANTITY', 13) ?? '1'
  if (!QUANTITY.test(quantity)) throw new Refused(PUNCHOUT_ERRORS.invalidParameters)
  const fn = params.get('FUNCTION')?.trim().toUpperCase()
  const ociFunction: OciFunction | undefined =
    fn === 'DETAIL' && productId
      ? { kind: 'DETAIL', productId }
      : fn === 'VALIDATE' && productId
        ? { kind: 'VALIDATE', productId, quantity: decimalOf(quantity) }
        : fn === 'BACKGROUND_SEARCH' && searchString
          ? { kind: 'BACKGROUND_SEARCH', searchString }
          : undefined
  return {
    protocol: 'oci',
    hookUrl,
    username: text('USERNAME', ENTRY_LIMITS.login)!,
    password: text('PASSWORD', ENTRY_LIMITS.password)!,
    ...(ociFunction ? { function: ociFunction } : {}),
    tildeFields,
    ...(target ? { target } : {}),
  }
}

/** IDS Connect (spec §5): the action code, then the hook URL, the article number and the cart each needs. */
function idsEntry(params: URLSearchParams, text: Text): PunchoutEntry {
  const action = params.get('action')!.trim().toUpperCase() as IdsAction
  if (!IDS_ACTIONS.includes(action)) throw new Refused(PUNCHOUT_ERRORS.wrongCode)
  const rawHook = params.get('hookurl')?.trim()
  const hookUrl = hookUrlOf(rawHook, ENTRY_LIMITS.idsUrl)
  if ((action === 'ADL' || action === 'WKE' || action === 'WKS') && !hookUrl)
    throw new Refused(PUNCHOUT_ERRORS.missingUrl)
  // A hook URL given with another action must be one as well.
  if (rawHook && !hookUrl) throw new Refused(PUNCHOUT_ERRORS.missingUrl)
  const ghnummer = text('ghnummer', ENTRY_LIMITS.sku)
  if (action === 'ADL' && !ghnummer) throw new Refused(PUNCHOUT_ERRORS.missingGhnummer)
  const cart = params.get('warenkorb')?.trim() || undefined
  if (action === 'WKS' && !cart) throw new Refused(PUNCHOUT_ERRORS.missingCart)
  if (cart && cart.length > ENTRY_LIMITS.cart) throw new Refused(PUNCHOUT_ERRORS.invalidParameters)
  const version = text('version', 10)
  if (version && !VERSION.test(version)) throw new Refused(PUNCHOUT_ERRORS.invalidParameters)
  const customerNo = text('kndnr', 100)
  const searchTerm = text('searchterm', ENTRY_LIMITS.searchString)
  const target = targetOf(text('target', 64))
  return {
    protocol: 'ids',
    action,
    username: text('name_kunde', ENTRY_LIMITS.login)!,
    password: text('pw_kunde', ENTRY_LIMITS.password)!,
    ...(customerNo ? { customerNo } : {}),
    ...(hookUrl ? { hookUrl } : {}),
    ...(action === 'WKS' && cart ? { cart } : {}),
    ...(action === 'ADL' && ghnummer ? { ghnummer } : {}),
    ...(searchTerm ? { searchTerm } : {}),
    ...(version ? { version } : {}),
    ...(target ? { target } : {}),
  }
}

/** The punchout type an entry logs in as. */
export const entryType = (entry: PunchoutEntry): PunchoutType => entry.protocol

/**
 * The parameters of a GET or POST entry: the posted form's fields first, then the query's (a procurement
 * system may post the form to a URL that carries some of them).
 */
export function entryParams(url: URL, form?: FormData): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of form ?? []) if (typeof value === 'string') params.append(name, value)
  for (const [name, value] of url.searchParams) params.append(name, value)
  return params
}
