/**
 * The sandbox's start page: one form per protocol (cXML, OCI, IDS Connect), prefilled with the demo's punchout
 * users of BC-200001 (db/seed/people.ts) and their languages, each posting to the sandbox, which then sends the
 * cXML setup request or shows the OCI or IDS entry form.
 */
import { DEMO_PASSWORD, demoUsers } from '../db/seed/people'
import { LOCALES, LOCALE_NAMES } from '../domain/channel'
import { OCI_VERSIONS } from '../punchout/oci'
import { esc, field, page, select } from './html'

/** The empty item rows a form offers (sku + quantity). */
const ROWS = 5

export const CXML_OPERATIONS = ['create', 'edit', 'inspect'] as const
export const OCI_FUNCTIONS = ['', 'DETAIL', 'VALIDATE', 'BACKGROUND_SEARCH'] as const
export const IDS_ACTIONS = ['WKE', 'WKS', 'ADL', 'AS', 'SV', 'LI'] as const
export const IDS_VERSIONS = ['2.5', '2.3', '2.0', '1.3'] as const
/** The `~` fields SAP SRM passes (punchout-formats.md), prefilled in the OCI form. */
export const DEFAULT_TILDE_FIELDS: [string, string][] = [
  ['~OkCode', 'ADDI'],
  ['~TARGET', '_top'],
  ['~CALLER', 'CTLG'],
]

/** A demo punchout user as the forms are prefilled with it. */
export type DemoPunchoutUser = { customerNo: string; login: string; password: string; locale: string }

/** The demo user of `login` (the seed's customer and language, the demo password). */
export function demoPunchoutUser(login: string): DemoPunchoutUser {
  const user = demoUsers.find((candidate) => candidate.login === login)
  return {
    customerNo: user?.customerNo ?? 'BC-200001',
    login,
    password: DEMO_PASSWORD,
    locale: user?.preferredLanguage ?? 'en_US',
  }
}

const localeOptions = LOCALES.map((locale) => [locale, `${LOCALE_NAMES[locale]} (${locale})`] as const)

function credentials(prefix: string, user: DemoPunchoutUser, withCustomer: boolean, customerLabel: string) {
  return (
    '<div class="row">' +
    (withCustomer
      ? field({
          name: 'customer',
          id: `${prefix}-customer`,
          label: customerLabel,
          value: user.customerNo,
          maxLength: 64,
          required: true,
        })
      : '') +
    field({
      name: 'login',
      id: `${prefix}-login`,
      label: 'Login',
      value: user.login,
      maxLength: 254,
      required: true,
      autocomplete: 'off',
    }) +
    field({
      name: 'password',
      id: `${prefix}-password`,
      label: 'Password',
      type: 'password',
      value: user.password,
      maxLength: 256,
      required: true,
      autocomplete: 'off',
    }) +
    select('locale', 'Language', localeOptions, user.locale, `${prefix}-locale`) +
    '</div>'
  )
}

/** `count` rows of two fields (first value prefilled from `values`). */
function rows(
  prefix: string,
  names: [string, string],
  labels: [string, string],
  values: [string, string][] = [],
) {
  return Array.from({ length: Math.max(ROWS, values.length) }, (_, index) => {
    const [first = '', second = ''] = values[index] ?? []
    return (
      '<div class="row">' +
      field({
        name: names[0],
        id: `${prefix}-${names[0]}-${index + 1}`,
        label: `${labels[0]} ${index + 1}`,
        value: first,
        maxLength: 256,
      }) +
      field({
        name: names[1],
        id: `${prefix}-${names[1]}-${index + 1}`,
        label: `${labels[1]} ${index + 1}`,
        value: second,
        maxLength: 128,
      }) +
      '</div>'
    )
  }).join('')
}

const storefrontField = (prefix: string, storefrontUrl: string) =>
  field({
    name: 'storefront',
    id: `${prefix}-storefront`,
    label: 'Storefront URL',
    type: 'url',
    value: storefrontUrl,
    maxLength: 1024,
    required: true,
    hint: 'The shop the entry opens: {storefront}/{language}/punchout.',
  })

function cxmlForm() {
  const user = demoPunchoutUser('brightline-cxml')
  return (
    '<form method="post" action="/punchout-sandbox/cxml"><fieldset><legend>cXML 1.2: PunchOutSetupRequest</legend>' +
    '<p class="hint">The sandbox posts a setup request to the shop (server to server, the login and password as ' +
    'the Sender credential) and shows the start link it answers. The basket comes back to the sandbox’s hook.</p>' +
    credentials('cxml', user, true, 'Customer number') +
    '<div class="row">' +
    select(
      'operation',
      'Operation',
      CXML_OPERATIONS.map((op) => [op, op] as const),
      'create',
      'cxml-operation',
    ) +
    field({
      name: 'selected',
      id: 'cxml-selected',
      label: 'Selected item (SKU)',
      maxLength: 256,
      hint: 'Optional: the shop opens this product’s search.',
    }) +
    '</div><h3>Items to reload (edit, inspect)</h3>' +
    rows('cxml', ['sku', 'quantity'], ['SKU, line', 'Quantity, line']) +
    '<button type="submit">Send the setup request</button></fieldset></form>'
  )
}

function ociForm(storefrontUrl: string) {
  const user = demoPunchoutUser('brightline-oci')
  const functions = OCI_FUNCTIONS.map((fn) => [fn, fn || 'none (shop)'] as const)
  return (
    '<form method="post" action="/punchout-sandbox/oci"><fieldset><legend>OCI 4.0 / 5.0 (SAP)</legend>' +
    '<p class="hint">The sandbox shows the entry URL and a form (GET) that opens the shop with HOOK_URL = the ' +
    'sandbox’s hook.</p>' +
    credentials('oci', user, false, '') +
    storefrontField('oci', storefrontUrl) +
    '<div class="row">' +
    select(
      'version',
      'OCI version',
      OCI_VERSIONS.map((v) => [v, v] as const),
      '5.0',
      'oci-version',
    ) +
    select('function', 'FUNCTION', functions, '', 'oci-function') +
    field({
      name: 'returntarget',
      id: 'oci-returntarget',
      label: 'returntarget',
      maxLength: 64,
      hint: 'Optional frame name (_top, _parent …).',
    }) +
    '</div><div class="row">' +
    field({ name: 'productId', id: 'oci-productId', label: 'PRODUCTID (DETAIL, VALIDATE)', maxLength: 256 }) +
    field({ name: 'quantity', id: 'oci-quantity', label: 'QUANTITY (VALIDATE)', maxLength: 13 }) +
    field({
      name: 'searchString',
      id: 'oci-searchString',
      label: 'SEARCHSTRING (BACKGROUND_SEARCH)',
      maxLength: 200,
    }) +
    '</div><h3>Pass-through (~) fields</h3>' +
    rows('oci', ['tildeName', 'tildeValue'], ['Name, field', 'Value, field'], DEFAULT_TILDE_FIELDS) +
    '<button type="submit">Show the OCI entry</button></fieldset></form>'
  )
}

function idsForm(storefrontUrl: string) {
  const user = demoPunchoutUser('brightline-ids')
  return (
    '<form method="post" action="/punchout-sandbox/ids"><fieldset><legend>IDS Connect 2.5</legend>' +
    '<p class="hint">The sandbox shows a form (POST) that opens the shop with hookurl = the sandbox’s hook; ' +
    'WKS sends the cart below as warenkorb.</p>' +
    credentials('ids', user, true, 'Customer number (kndnr)') +
    storefrontField('ids', storefrontUrl) +
    '<div class="row">' +
    select(
      'action',
      'action',
      IDS_ACTIONS.map((a) => [a, a] as const),
      'WKE',
      'ids-action',
    ) +
    select(
      'version',
      'version',
      IDS_VERSIONS.map((v) => [v, v] as const),
      '2.5',
      'ids-version',
    ) +
    field({ name: 'ghnummer', id: 'ids-ghnummer', label: 'ghnummer (ADL)', maxLength: 256 }) +
    field({ name: 'searchterm', id: 'ids-searchterm', label: 'searchterm (AS)', maxLength: 200 }) +
    '</div><h3>Cart to send (WKS)</h3>' +
    rows('ids', ['sku', 'quantity'], ['ArtNo, line', 'Qty, line']) +
    '<button type="submit">Show the IDS entry</button></fieldset></form>'
  )
}

/** The start page; `storefrontUrl` (STOREFRONT_URL) prefills the OCI and IDS forms. */
export function startPage(storefrontUrl: string): string {
  return page(
    'Procurement sandbox',
    '<p>Plays the procurement system’s side of a punchout: it opens the shop with cXML, OCI or IDS Connect, ' +
      `receives the transferred basket at its hook (<code>${esc('/punchout-sandbox/hook/{cxml|oci|ids}')}</code>) ` +
      'and shows it checked against the format. The forms are prefilled with the demo’s punchout users.</p>' +
      cxmlForm() +
      ociForm(storefrontUrl) +
      idsForm(storefrontUrl),
    { home: false },
  )
}
