/**
 * Punchout administration (issue 34, spec shell §3, §7; the PWA's account punchout pages): a company's
 * punchout users per type, each cXML user's configuration, and the company's OCI configuration, for users
 * with APP_B2B_MANAGE_PUNCHOUT. Personal, never cached; changes ICM may refuse answer `IcmResult`.
 */
import { z } from 'zod'
import {
  CxmlConfigurationWireSchema,
  isPunchoutType,
  mapCxmlConfiguration,
  mapOciConfiguration,
  mapOciOptions,
  mapPunchoutTypes,
  mapPunchoutUsers,
  MANAGE_PUNCHOUT,
  ociConfigurationBody,
  OciConfigurationWireSchema,
  OciOptionsWireSchema,
  PunchoutLinksWireSchema,
  type CxmlConfigurationEntry,
  type OciConfigurationItem,
  type OciOptions,
  type PunchoutType,
  type PunchoutUser,
} from '~/models/punchout'
import { requireFeature, requirePermission } from './guards.server'
import { notFound } from './http.server'
import { fixedT } from './i18n.server'
import { icmCall, IcmError, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import { PUNCHOUT_CXML_V3, PUNCHOUT_V2, punchoutPath } from './punchout.server'
import type { PageArgs } from './shopper.server'

/** The administration's pages, below the account. */
export const punchoutAdminBase = (lang: string) => `/${lang}/account/punchout`

/** The list of a type's users (`/account/punchout?type=oci`). */
export const punchoutListUrl = (lang: string, type: PunchoutType) =>
  `${punchoutAdminBase(lang)}?${new URLSearchParams({ type })}`

/**
 * The first step of every administration page: the feature (spec §2.1), the permission (§6), then the
 * shopper's company and texts.
 */
export async function requirePunchoutManager(args: PageArgs) {
  requireFeature(args, 'punchout')
  const shopper = await requirePermission(args, MANAGE_PUNCHOUT)
  return { ...shopper, t: fixedT(shopper.locale.id), customerNo: shopper.user.customerNo }
}

/** The `$type` of a page's path: one of the three, else the page does not exist. */
export function requireType(value: string | undefined): PunchoutType {
  if (!isPunchoutType(value)) throw notFound()
  return value
}

/** Longest login a path may name (the API's bound). */
const MAX_LOGIN = 100

/** A login of a page's path; an empty or overlong one is a 404. */
export function requirePunchoutLogin(value: string | undefined): string {
  if (!value || value.length > MAX_LOGIN) throw notFound()
  return value
}

const call = { cache: 'none' as const, accept: PUNCHOUT_V2 }
const Anything = z.unknown()

/** `GET customers/{no}/punchouts`: the types the customer may use. */
export async function punchoutTypes(scope: IcmScope, customerNo: string): Promise<PunchoutType[]> {
  return mapPunchoutTypes(
    await icmCall(scope, { ...call, path: punchoutPath(customerNo), schema: PunchoutLinksWireSchema }),
  )
}

/** `GET …/{type}/users`. */
export async function punchoutUsers(
  scope: IcmScope,
  customerNo: string,
  type: PunchoutType,
): Promise<PunchoutUser[]> {
  return mapPunchoutUsers(
    await icmCall(scope, {
      ...call,
      path: `${punchoutPath(customerNo, type)}/users`,
      schema: PunchoutLinksWireSchema,
    }),
    type,
  )
}

const userPath = (customerNo: string, type: PunchoutType, login: string) =>
  `${punchoutPath(customerNo, type)}/users/${encodeURIComponent(login)}`

/** `POST …/{type}/users {login, password, active}`: a new punchout user with the type's role. */
export function createPunchoutUser(
  scope: IcmScope,
  customerNo: string,
  type: PunchoutType,
  user: { login: string; password: string; active: boolean },
): Promise<IcmResult<null>> {
  return tryIcm(
    icmCall(scope, {
      ...call,
      method: 'POST',
      path: `${punchoutPath(customerNo, type)}/users`,
      json: user,
      schema: Anything,
    }).then(() => null),
  )
}

/** `PUT …/{type}/users/{login} {login, password?, active}`: a new password (when given) and the status. */
export function updatePunchoutUser(
  scope: IcmScope,
  customerNo: string,
  type: PunchoutType,
  user: { login: string; password?: string; active: boolean },
): Promise<IcmResult<null>> {
  return tryIcm(
    icmCall(scope, {
      ...call,
      method: 'PUT',
      path: userPath(customerNo, type, user.login),
      json: user,
      schema: Anything,
    }).then(() => null),
  )
}

/** `DELETE …/{type}/users/{login}`. */
export function deletePunchoutUser(
  scope: IcmScope,
  customerNo: string,
  type: PunchoutType,
  login: string,
): Promise<IcmResult<null>> {
  return tryIcm(
    icmCall(scope, {
      ...call,
      method: 'DELETE',
      path: userPath(customerNo, type, login),
      schema: Anything,
    }).then(() => null),
  )
}

/** A read of something that belongs to one user or the company: an unknown one is a 404 page. */
async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 400)) throw notFound()
    throw error
  }
}

const cxmlConfigurationPath = (customerNo: string, login: string) =>
  `${userPath(customerNo, 'cxml', login)}/configurations`

/** `GET …/cxml1.2/users/{login}/configurations` (cXML API v3). */
export async function cxmlConfiguration(
  scope: IcmScope,
  customerNo: string,
  login: string,
): Promise<CxmlConfigurationEntry[]> {
  return mapCxmlConfiguration(
    await orNotFound(
      icmCall(scope, {
        ...call,
        accept: PUNCHOUT_CXML_V3,
        path: cxmlConfigurationPath(customerNo, login),
        schema: CxmlConfigurationWireSchema,
      }),
    ),
  )
}

/** `PATCH …/configurations [{name, value}]`: an empty value (null) goes back to the default. */
export function updateCxmlConfiguration(
  scope: IcmScope,
  customerNo: string,
  login: string,
  entries: { name: string; value: string }[],
): Promise<IcmResult<CxmlConfigurationEntry[]>> {
  return tryIcm(
    icmCall(scope, {
      ...call,
      accept: PUNCHOUT_CXML_V3,
      method: 'PATCH',
      path: cxmlConfigurationPath(customerNo, login),
      json: entries.map((entry) => ({ name: entry.name, value: entry.value || null })),
      schema: CxmlConfigurationWireSchema,
    }).then(mapCxmlConfiguration),
  )
}

/** `GET …/oci5`: the formatters and placeholders. */
export async function ociOptions(scope: IcmScope, customerNo: string): Promise<OciOptions> {
  return mapOciOptions(
    await icmCall(scope, { ...call, path: punchoutPath(customerNo, 'oci'), schema: OciOptionsWireSchema }),
  )
}

/** `GET …/oci5/configurations`. */
export async function ociConfiguration(scope: IcmScope, customerNo: string): Promise<OciConfigurationItem[]> {
  return mapOciConfiguration(
    await icmCall(scope, {
      ...call,
      path: `${punchoutPath(customerNo, 'oci')}/configurations`,
      schema: OciConfigurationWireSchema,
    }),
  )
}

/** `PUT …/oci5/configurations {items}`; ICM's 400 says what is wrong in its own words (spec §8). */
export function updateOciConfiguration(
  scope: IcmScope,
  customerNo: string,
  items: OciConfigurationItem[],
): Promise<IcmResult<OciConfigurationItem[]>> {
  return tryIcm(
    icmCall(scope, {
      ...call,
      method: 'PUT',
      path: `${punchoutPath(customerNo, 'oci')}/configurations`,
      json: ociConfigurationBody(items),
      schema: OciConfigurationWireSchema,
    }).then(mapOciConfiguration),
  )
}
