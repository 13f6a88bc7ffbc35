/**
 * ICM's punchout resources (issue 34), as the Intershop PWA's punchout service reads them
 * (`extensions/punchout/services/punchout/punchout.service.ts` and its models): the types and the users are
 * ResourceCollections of Links the client resolves one by one; a type resolves to `{punchoutType, version}`
 * (the OCI type also to its options, which ICM 12.2 serves under `GET …/punchouts/oci5`); a cXML user's
 * configuration is `{data:[{name,value}], info:{metaData}}`; the OCI mapping `{items}`; a cXML session
 * `{basketId, returnURL, …}`. Passwords are never part of an answer.
 */
import type { CxmlConfigurationEntry } from '../domain/punchout-cxml-configuration'
import type { OciConfigurationItem } from '../domain/punchout-oci'
import type { PunchoutSessionRow } from '../domain/punchout-sessions'
import { PUNCHOUT_RESOURCES, PUNCHOUT_TYPES, type PunchoutResource } from '../domain/punchout'
import type { UserRow } from '../domain/users'
import { ociOptions } from '../punchout/oci'

const punchoutsUri = (site: string, customerNo: string) =>
  `${site}/-/customers/${encodeURIComponent(customerNo)}/punchouts`

const collection = <T>(name: string, elements: T[]) => ({
  type: 'ResourceCollection' as const,
  name,
  elements,
  amount: elements.length,
  offset: 0,
  total: elements.length,
})

/** `GET customers/{no}/punchouts`: a Link per kind the shop speaks. */
export const punchoutTypesJson = (site: string, customerNo: string) =>
  collection(
    'punchouts',
    PUNCHOUT_RESOURCES.map((resource) => ({
      type: 'Link' as const,
      uri: `${punchoutsUri(site, customerNo)}/${resource}`,
      title: resource,
      itemId: resource,
    })),
  )

/** `GET customers/{no}/punchouts/{type}`: the kind and its version; OCI's with its options (ICM's OciOptions). */
export function punchoutTypeJson(resource: PunchoutResource) {
  const { punchoutType, version } = PUNCHOUT_TYPES[resource]
  if (resource !== 'oci5') return { punchoutType, version }
  const { availableFormatters, availablePlaceholders } = ociOptions()
  return {
    punchoutType,
    version,
    availableFormatters: availableFormatters.map((id) => ({ id })),
    availablePlaceholders: availablePlaceholders.map((id) => ({ id })),
  }
}

/** A punchout user (the PWA's PunchoutUser: id, login, email, active, punchoutType), without its password. */
export const punchoutUserJson = (resource: PunchoutResource, user: UserRow) => ({
  id: user.id,
  login: user.login,
  email: user.email,
  active: user.active,
  punchoutType: PUNCHOUT_TYPES[resource].punchoutType,
})

/** One user of a list, or the answer of its creation: a Link to the user, with its fields as attributes. */
export const punchoutUserLink = (
  site: string,
  customerNo: string,
  resource: PunchoutResource,
  user: UserRow,
) => ({
  type: 'Link' as const,
  uri: `${punchoutsUri(site, customerNo)}/${resource}/users/${encodeURIComponent(user.login)}`,
  title: user.login,
  itemId: user.login,
  attributes: [
    { name: 'login', type: 'String', value: user.login },
    { name: 'email', type: 'String', value: user.email },
    { name: 'active', type: 'Boolean', value: user.active },
  ],
})

/** `GET …/punchouts/{type}/users`. */
export const punchoutUsersJson = (
  site: string,
  customerNo: string,
  resource: PunchoutResource,
  list: UserRow[],
) =>
  collection(
    'users',
    list.map((user) => punchoutUserLink(site, customerNo, resource, user)),
  )

/** `GET|PATCH …/cxml1.2/users/{id}/configurations` (ICM's CxmlConfigurationData). */
export const cxmlConfigurationJson = (entries: CxmlConfigurationEntry[]) => ({
  data: entries.map(({ name, value }) => ({ name, value })),
  info: {
    metaData: entries.map(({ name, defaultValue, description, inputType }) => ({
      name,
      defaultValue,
      description,
      inputType,
    })),
  },
})

/** `GET|PUT …/oci5/configurations`: every field's item (ICM's OciConfigurationItem). */
export const ociConfigurationJson = (items: OciConfigurationItem[]) => ({
  items: items.map(({ field, transform, formatter, mappings }) => ({
    field,
    transform,
    formatter,
    mappings: mappings ?? [],
  })),
})

/** `GET …/cxml1.2/sessions/{sid}` (the PWA's PunchoutSession). */
export const cxmlSessionJson = (session: PunchoutSessionRow) => ({
  basketId: session.basketId,
  returnURL: session.returnUrl,
  operation: session.operation,
  buyerCookie: session.buyerCookie,
  creationDate: session.createdAt.toISOString(),
})
