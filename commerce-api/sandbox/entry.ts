/**
 * The OCI and IDS Connect entries the sandbox opens: the parameters a procurement system (SAP) or a trade
 * software sends to the storefront's `/{lang}/punchout` (app/models/punchout-entry.ts reads them), with the
 * sandbox's own hook as HOOK_URL / hookurl, shown as a URL and as the form that opens the shop.
 */
import { LOCALES } from '../domain/channel'
import { writeIdsCart } from '../punchout/ids'
import { OCI_VERSIONS } from '../punchout/oci'
import type { SandboxForm } from './form'
import { quantityOf } from './form'
import { SandboxError, esc, hidden, page, rawDocument } from './html'
import { IDS_ACTIONS, IDS_VERSIONS, OCI_FUNCTIONS } from './start-page'

/** Where the sandbox receives the transfer of `protocol`, on the API's public origin. */
export const hookUrl = (origin: string, protocol: 'cxml' | 'oci' | 'ids') =>
  `${origin}/punchout-sandbox/hook/${protocol}`

/** A form opening the storefront's entry: its target and the fields in order. */
export type EntryForm = {
  protocol: 'oci' | 'ids'
  action: string
  method: 'get' | 'post'
  fields: [string, string][]
}

const TILDE_NAME = /^~[A-Za-z0-9_-]{1,31}$/
const TARGET = /^(?:_top|_parent|_self|_blank|[A-Za-z][\w-]{0,63})$/

/** The storefront's entry URL in the form's language. */
function entryAction(form: SandboxForm) {
  const storefront = form.url('storefront', 'Storefront URL')
  const locale = form.choice('locale', 'Language', LOCALES)
  return `${storefront}/${locale.slice(0, 2)}/punchout`
}

const optional = (name: string, value: string): [string, string][] => (value ? [[name, value]] : [])

/** The OCI entry of the start page's OCI form (the storefront's parameter names). */
export function ociEntry(form: SandboxForm, origin: string): EntryForm {
  const fn = form.choice('function', 'FUNCTION', OCI_FUNCTIONS)
  const productId = form.text('productId', 'PRODUCTID', 256)
  const quantity = form.text('quantity', 'QUANTITY', 13)
  const searchString = form.text('searchString', 'SEARCHSTRING', 200)
  if ((fn === 'DETAIL' || fn === 'VALIDATE') && !productId)
    throw new SandboxError(400, `FUNCTION ${fn} needs a PRODUCTID.`)
  if (fn === 'VALIDATE' && quantity) quantityOf(quantity, 'QUANTITY')
  if (fn === 'BACKGROUND_SEARCH' && !searchString)
    throw new SandboxError(400, 'FUNCTION BACKGROUND_SEARCH needs a SEARCHSTRING.')
  const target = form.text('returntarget', 'returntarget', 64)
  if (target && !TARGET.test(target)) throw new SandboxError(400, 'returntarget is no frame name.')
  const tildes = form.rows(['tildeName', 'tildeValue'], 'Pass-through field', 128)
  for (const [name] of tildes)
    if (!TILDE_NAME.test(name))
      throw new SandboxError(
        400,
        `"${name}" is no pass-through field name (~ and up to 31 letters or digits).`,
      )
  return {
    protocol: 'oci',
    action: entryAction(form),
    method: 'get',
    fields: [
      ['HOOK_URL', hookUrl(origin, 'oci')],
      ['USERNAME', form.text('login', 'Login', 254, { required: true })],
      ['PASSWORD', form.text('password', 'Password', 256, { required: true })],
      ['OCI_VERSION', form.choice('version', 'OCI version', OCI_VERSIONS)],
      ...optional('FUNCTION', fn),
      ...(fn === 'DETAIL' || fn === 'VALIDATE' ? optional('PRODUCTID', productId) : []),
      ...(fn === 'VALIDATE' ? optional('QUANTITY', quantity) : []),
      ...(fn === 'BACKGROUND_SEARCH' ? optional('SEARCHSTRING', searchString) : []),
      ...optional('returntarget', target),
      ...tildes,
    ],
  }
}

/** A WKS cart of the form's rows (ArtNo + Qty, pieces), written as IDS 2.5 `warenkorb`. */
function wksCart(form: SandboxForm, now: Date): string {
  const rows = form.rows(['sku', 'quantity'], 'Cart line', 256)
  if (!rows.length) throw new SandboxError(400, 'WKS sends a cart: enter at least one line (ArtNo and Qty).')
  const items = rows.map(([artNo, quantity], index) => {
    if (!artNo) throw new SandboxError(400, `Cart line ${index + 1} has no ArtNo.`)
    return {
      position: index + 1,
      artNo,
      quantity: quantityOf(quantity || '1', `Cart line ${index + 1}`),
      unit: 'PCE',
      ean: null,
      shortText: '',
      longText: '',
    }
  })
  const stamp = now.toISOString()
  return writeIdsCart({
    date: stamp.slice(0, 10),
    time: stamp.slice(11, 19),
    version: '2.5',
    modeOfShipment: 'Lieferung',
    currency: null,
    commission: null,
    items,
  })
}

/** The IDS Connect entry of the start page's IDS form (`action`, `kndnr`, `name_kunde`, `pw_kunde` …). */
export function idsEntry(form: SandboxForm, origin: string, now = new Date()): EntryForm {
  const action = form.choice('action', 'action', IDS_ACTIONS)
  const ghnummer = form.text('ghnummer', 'ghnummer', 256)
  const searchterm = form.text('searchterm', 'searchterm', 200)
  if (action === 'ADL' && !ghnummer) throw new SandboxError(400, 'ADL needs an article number (ghnummer).')
  if (action === 'AS' && !searchterm) throw new SandboxError(400, 'AS needs a search term (searchterm).')
  return {
    protocol: 'ids',
    action: entryAction(form),
    method: 'post',
    fields: [
      ['action', action],
      ['kndnr', form.text('customer', 'Customer number', 64, { required: true })],
      ['name_kunde', form.text('login', 'Login', 254, { required: true })],
      ['pw_kunde', form.text('password', 'Password', 256, { required: true })],
      ['hookurl', hookUrl(origin, 'ids')],
      ['version', form.choice('version', 'version', IDS_VERSIONS)],
      ...(action === 'ADL' ? optional('ghnummer', ghnummer) : []),
      ...(action === 'AS' ? optional('searchterm', searchterm) : []),
      ...(action === 'WKS' ? ([['warenkorb', wksCart(form, now)]] as [string, string][]) : []),
    ],
  }
}

/** The URL a GET form opens (the OCI entry, as SAP sends it). */
export const entryUrl = (entry: EntryForm) =>
  `${entry.action}?${new URLSearchParams(entry.fields).toString()}`

/** The entry page: where it goes, every parameter, and the button that opens the shop with them. */
export function entryPage(entry: EntryForm): string {
  const title = entry.protocol === 'oci' ? 'OCI entry' : 'IDS Connect entry'
  const parameters = entry.fields
    .map(([name, value]) =>
      name === 'warenkorb'
        ? `<tr><th scope="row">${esc(name)}</th><td>${rawDocument('The cart (IDS 2.5 XML)', value)}</td></tr>`
        : `<tr><th scope="row">${esc(name)}</th><td><code>${esc(value)}</code></td></tr>`,
    )
    .join('')
  const where =
    entry.method === 'get'
      ? `<p>The procurement system opens this URL (GET):</p><pre>${esc(entryUrl(entry))}</pre>`
      : `<p>The trade software posts these parameters (form POST) to <code>${esc(entry.action)}</code>.</p>`
  return page(
    title,
    where +
      `<h2>Parameters</h2><div class="scroll"><table><thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead><tbody>${parameters}</tbody></table></div>` +
      `<form method="${entry.method}" action="${esc(entry.action)}">` +
      entry.fields.map(([name, value]) => hidden(name, value)).join('') +
      '<button type="submit">Open the shop</button></form>',
  )
}
