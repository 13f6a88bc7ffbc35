/**
 * Punchout (issue 34): the three kinds a business customer's procurement systems punch out with, as ICM names
 * its resources (`customers/{no}/punchouts/{cxml1.2|oci5|ids}`), and what each kind is made of: the role its
 * punchout users hold and the permission that sends their basket back (shell spec §4.7, §6). A punchout user
 * is a user of the customer holding exactly that role; its login and password are what the procurement
 * system signs in with (cXML: the Sender's Identity and SharedSecret; OCI: USERNAME and PASSWORD; IDS:
 * name_kunde and pw_kunde).
 */
import type { PermissionId, RoleId } from './permissions'
import { notFoundError } from './errors'

export type PunchoutKind = 'cxml' | 'oci' | 'ids'

export type PunchoutTypeSpec = {
  /** ICM's `punchoutType` (the PWA's PunchoutType). */
  punchoutType: PunchoutKind
  /** The protocol version the shop speaks. */
  version: string
  roleId: RoleId
  sendPermission: PermissionId
}

/** The kinds by ICM's resource name, in the order the account page lists them. */
export const PUNCHOUT_TYPES = {
  'cxml1.2': {
    punchoutType: 'cxml',
    version: '1.2',
    roleId: 'APP_B2B_CXML_USER',
    sendPermission: 'APP_B2B_SEND_CXML_BASKET',
  },
  oci5: {
    punchoutType: 'oci',
    version: '5.0',
    roleId: 'APP_B2B_OCI_USER',
    sendPermission: 'APP_B2B_SEND_OCI_BASKET',
  },
  ids: {
    punchoutType: 'ids',
    version: '2.5',
    roleId: 'APP_B2B_IDS_USER',
    sendPermission: 'APP_B2B_SEND_IDS_BASKET',
  },
} as const satisfies Record<string, PunchoutTypeSpec>

/** ICM's resource name of a punchout kind: `cxml1.2`, `oci5` or `ids`. */
export type PunchoutResource = keyof typeof PUNCHOUT_TYPES

export const PUNCHOUT_RESOURCES = Object.keys(PUNCHOUT_TYPES) as PunchoutResource[]

/** The permission that manages a company's punchout users and their configuration. */
export const MANAGE_PUNCHOUT = 'APP_B2B_MANAGE_PUNCHOUT'

export const isPunchoutResource = (name: string): name is PunchoutResource =>
  Object.hasOwn(PUNCHOUT_TYPES, name)

/** The kind a path names, or `punchout.type.not_found` (an unknown kind is a resource that does not exist). */
export function punchoutResource(name: string): PunchoutResource {
  if (!isPunchoutResource(name))
    throw notFoundError(
      'punchout.type.not_found',
      `There is no punchout type '${name}'; the shop speaks ${PUNCHOUT_RESOURCES.join(', ')}.`,
    )
  return name
}

/** The kind whose role a user holds, if any (a punchout user holds one punchout role). */
export function punchoutResourceOfRoles(roleIds: readonly string[]): PunchoutResource | undefined {
  return PUNCHOUT_RESOURCES.find((resource) => roleIds.includes(PUNCHOUT_TYPES[resource].roleId))
}
