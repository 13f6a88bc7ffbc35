/**
 * A cXML punchout user's configuration (issue 34, ICM's `…/cxml1.2/users/{id}/configurations`): named entries
 * with a default, a help text and an input type (ICM's CxmlConfiguration: `text-short` or `text-long`). What
 * the shop sends a procurement system is configured per cXML user, because each user stands for one
 * procurement system: the shop's credential in its messages, the operation it may start on a transferred
 * basket, the shipping method of the orders it sends. A value is stored only while it differs from the
 * entry's default; setting null or an empty text goes back to the default.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { punchoutCxmlConfigurations, type LocalizedText } from '../db/schema'
import { localize, type Locale } from './channel'
import { invalidError, type DomainErrorCause } from './errors'
import { allShippingMethods } from './shipping'
import type { UserRow } from './users'

export type CxmlInputType = 'text-short' | 'text-long'

type EntryDefinition = {
  name: string
  defaultValue: string
  inputType: CxmlInputType
  descriptions: LocalizedText
  /** Why a value is not allowed, or undefined; `shippingMethods` are the channel's method ids. */
  problem: (value: string, shippingMethods: readonly string[]) => string | undefined
}

const OPERATIONS = ['create', 'edit', 'inspect']
const CREDENTIAL_DOMAIN = /^[A-Za-z0-9._-]{1,40}$/
const IDENTITY = /^[\p{L}\p{N} ._@:/+-]{1,100}$/u

/** The entries, in the order the account page shows them. */
export const CXML_CONFIGURATION: readonly EntryDefinition[] = [
  {
    name: 'operationAllowed',
    defaultValue: 'edit',
    inputType: 'text-short',
    descriptions: {
      en_US:
        'What the procurement system may do with a transferred basket later (operationAllowed of the PunchOutOrderMessage): create, edit or inspect.',
      de_DE:
        'Was das Beschaffungssystem später mit einem übertragenen Warenkorb tun darf (operationAllowed der PunchOutOrderMessage): create, edit oder inspect.',
      fr_FR:
        'Ce que le système d’achat peut faire plus tard d’un panier transféré (operationAllowed du PunchOutOrderMessage) : create, edit ou inspect.',
      pl_PL:
        'Co system zakupowy może później zrobić z przesłanym koszykiem (operationAllowed komunikatu PunchOutOrderMessage): create, edit lub inspect.',
      ro_RO:
        'Ce poate face ulterior sistemul de achiziții cu un coș transferat (operationAllowed din PunchOutOrderMessage): create, edit sau inspect.',
    },
    problem: (value) => (OPERATIONS.includes(value) ? undefined : 'Use create, edit or inspect.'),
  },
  {
    name: 'supplierDomain',
    defaultValue: 'NetworkID',
    inputType: 'text-short',
    descriptions: {
      en_US:
        'The domain of the shop’s credential in messages to the procurement system, e.g. NetworkID or DUNS.',
      de_DE:
        'Die Domäne der Kennung des Shops in Nachrichten an das Beschaffungssystem, z. B. NetworkID oder DUNS.',
      fr_FR:
        'Le domaine de l’identifiant de la boutique dans les messages au système d’achat, p. ex. NetworkID ou DUNS.',
      pl_PL: 'Domena identyfikatora sklepu w komunikatach do systemu zakupowego, np. NetworkID lub DUNS.',
      ro_RO:
        'Domeniul identificatorului magazinului în mesajele către sistemul de achiziții, de ex. NetworkID sau DUNS.',
    },
    problem: (value) =>
      CREDENTIAL_DOMAIN.test(value) ? undefined : 'Up to 40 letters, digits and . _ - without spaces.',
  },
  {
    name: 'supplierIdentity',
    defaultValue: 'IronbridgeSupply',
    inputType: 'text-short',
    descriptions: {
      en_US: 'The shop’s identity in that domain, as the procurement system knows the shop.',
      de_DE: 'Die Kennung des Shops in dieser Domäne, unter der das Beschaffungssystem den Shop kennt.',
      fr_FR: 'L’identité de la boutique dans ce domaine, telle que le système d’achat la connaît.',
      pl_PL: 'Identyfikator sklepu w tej domenie, pod którym zna go system zakupowy.',
      ro_RO: 'Identitatea magazinului în acest domeniu, sub care îl cunoaște sistemul de achiziții.',
    },
    problem: (value) =>
      IDENTITY.test(value) ? undefined : 'Up to 100 letters, digits, spaces and . _ @ : / + -.',
  },
  {
    name: 'orderRequest.shippingMethod',
    defaultValue: 'STD_GROUND',
    inputType: 'text-short',
    descriptions: {
      en_US: 'The shipping method of the orders the procurement system sends as cXML OrderRequest.',
      de_DE: 'Die Versandart der Bestellungen, die das Beschaffungssystem als cXML-OrderRequest schickt.',
      fr_FR: 'Le mode de livraison des commandes que le système d’achat envoie en OrderRequest cXML.',
      pl_PL: 'Sposób wysyłki zamówień, które system zakupowy przesyła jako cXML OrderRequest.',
      ro_RO: 'Metoda de livrare a comenzilor pe care sistemul de achiziții le trimite ca OrderRequest cXML.',
    },
    problem: (value, shippingMethods) =>
      shippingMethods.includes(value) ? undefined : `Use one of ${shippingMethods.join(', ')}.`,
  },
]

const definitionOf = (name: string) => CXML_CONFIGURATION.find((entry) => entry.name === name)

/** Longest value of an entry, whatever its input type says. */
export const MAX_CXML_VALUE_LENGTH = 1000

/** One entry as ICM answers it: the value in effect (the default while none is set) and its description. */
export type CxmlConfigurationEntry = {
  name: string
  value: string
  defaultValue: string
  description: string
  inputType: CxmlInputType
}

/** The values in effect for a cXML user, by entry name (what the transfer and the order intake use). */
export async function cxmlSettings(db: Db, userId: string): Promise<Record<string, string>> {
  const rows = await db
    .select()
    .from(punchoutCxmlConfigurations)
    .where(eq(punchoutCxmlConfigurations.userId, userId))
  const stored = new Map(rows.map((row) => [row.name, row.value]))
  return Object.fromEntries(
    CXML_CONFIGURATION.map((entry) => [entry.name, stored.get(entry.name) ?? entry.defaultValue]),
  )
}

/** The user's configuration, every entry with its value in effect and its description in the locale. */
export async function cxmlConfiguration(
  db: Db,
  user: UserRow,
  locale: Locale,
): Promise<CxmlConfigurationEntry[]> {
  const values = await cxmlSettings(db, user.id)
  return CXML_CONFIGURATION.map((entry) => ({
    name: entry.name,
    value: values[entry.name]!,
    defaultValue: entry.defaultValue,
    description: localize(entry.descriptions, locale),
    inputType: entry.inputType,
  }))
}

/** A change as the PWA sends it (`PATCH` with `[{name, value}]`): null or empty goes back to the default. */
export type CxmlConfigurationChange = { name: string; value: string | null }

/**
 * Sets entries of the user's configuration (`PATCH …/configurations`); entries not named keep their values.
 * Every change is checked first, and one refusal names each change at fault (`[index].name` or
 * `[index].value`); nothing is written then.
 */
export async function updateCxmlConfiguration(
  db: Db,
  user: UserRow,
  changes: readonly CxmlConfigurationChange[],
  locale: Locale,
): Promise<CxmlConfigurationEntry[]> {
  const shippingMethods = (await allShippingMethods(db)).map((method) => method.id)
  const causes: DomainErrorCause[] = []
  const named = new Set<string>()
  const writes: { name: string; value: string | null }[] = []
  changes.forEach((change, index) => {
    const definition = definitionOf(change.name)
    const cause = (code: 'punchout.cxml.entry.unknown' | 'punchout.cxml.value.invalid', message: string) =>
      causes.push({ code, message, paths: [`[${index}].${code.endsWith('unknown') ? 'name' : 'value'}`] })
    if (!definition) return cause('punchout.cxml.entry.unknown', `There is no entry '${change.name}'.`)
    if (named.has(change.name))
      return cause('punchout.cxml.entry.unknown', `'${change.name}' is named twice.`)
    named.add(change.name)
    const value = change.value?.trim() ?? ''
    if (value === '' || value === definition.defaultValue)
      return void writes.push({ name: change.name, value: null })
    const problem =
      value.length > MAX_CXML_VALUE_LENGTH
        ? `At most ${MAX_CXML_VALUE_LENGTH} characters.`
        : definition.problem(value, shippingMethods)
    if (problem) return cause('punchout.cxml.value.invalid', `${change.name}: ${problem}`)
    writes.push({ name: change.name, value })
  })
  if (causes.length)
    throw invalidError(
      'punchout.cxml.configuration.invalid',
      'The cXML configuration cannot be saved.',
      causes,
    )
  await db.transaction(async (tx) => {
    const reset = writes.filter((write) => write.value === null).map((write) => write.name)
    if (reset.length)
      await tx
        .delete(punchoutCxmlConfigurations)
        .where(
          and(
            eq(punchoutCxmlConfigurations.userId, user.id),
            inArray(punchoutCxmlConfigurations.name, reset),
          ),
        )
    for (const { name, value } of writes)
      if (value !== null)
        await tx
          .insert(punchoutCxmlConfigurations)
          .values({ userId: user.id, name, value })
          .onConflictDoUpdate({
            target: [punchoutCxmlConfigurations.userId, punchoutCxmlConfigurations.name],
            set: { value },
          })
  })
  return cxmlConfiguration(db, user, locale)
}
