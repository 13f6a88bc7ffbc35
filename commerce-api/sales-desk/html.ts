/**
 * The sales desk's pages (issue 35): plain HTML of the commerce API, like the procurement sandbox's, with
 * their own inline styles and no scripts, usable at 360 px and by keyboard, every field labelled. The desk
 * is the shop's staff's tool, so its texts are English (the storefront's five languages are for shoppers).
 */
import { LOCALES, LOCALE_NAMES, type Locale } from '../domain/channel'
import type { Challenge } from '../domain/challenges'
import { salesRepName, type CobrowseCustomer, type CobrowseUser, type SalesRep } from '../domain/sales-reps'
import { esc, field, hidden } from '../sandbox/html'

export const DESK_PATH = '/sales-desk'

const STYLE = [
  'body{font-family:Arial,Helvetica,sans-serif;margin:0 auto;padding:16px;max-width:60rem;color:#1a1a1a;line-height:1.4}',
  'h1{font-size:1.5rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}',
  'label{display:block;font-weight:bold;margin:8px 0 2px}',
  'input,select{font:inherit;padding:6px;border:1px solid #767676;border-radius:3px;box-sizing:border-box;width:100%;max-width:24rem}',
  'button{font:inherit;display:inline-block;margin-top:12px;padding:8px 16px;background:#0b4f8a;color:#fff;border:0;border-radius:3px;cursor:pointer}',
  'button.quiet{background:#fff;color:#0b4f8a;border:1px solid #0b4f8a;margin:0}',
  ':focus-visible{outline:3px solid #e07b00;outline-offset:2px}',
  '.hint{color:#555;font-size:.9rem;margin:2px 0}',
  '.alert{border:2px solid #a61b1b;color:#a61b1b;padding:8px 12px;border-radius:3px}',
  '.signed-in{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between}',
  '.users{list-style:none;padding:0;margin:0}',
  '.users>li{border:1px solid #bbb;border-radius:4px;padding:12px;margin:0 0 12px}',
  '.who{margin:0 0 4px;overflow-wrap:anywhere}.details{margin:0;color:#444;font-size:.9rem;overflow-wrap:anywhere}',
  '.open{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}.open>div{flex:1 1 12rem}',
  '.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
].join('')

/** A whole desk page: English, no scripts, the desk's styles. */
export function deskPage(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${esc(title)} · Ironbridge Supply</title><style>${STYLE}</style></head><body>`,
    `<main><h1>${esc(title)}</h1>${body}</main></body></html>`,
  ].join('\n')
}

const alert = (message: string | undefined) =>
  message ? `<p class="alert" role="alert" id="desk-alert">${esc(message)}</p>` : ''

/** The sign-in form: login, password and, after a lock, the sum the account asks for. */
export function loginPage({
  login = '',
  message,
  challenge,
}: { login?: string; message?: string; challenge?: Challenge } = {}) {
  const question = challenge
    ? hidden('challenge', challenge.id) +
      field({
        name: 'answer',
        label: `Security question: what is ${challenge.question.operands[0]} + ${challenge.question.operands[1]}?`,
        type: 'number',
        required: true,
        maxLength: 6,
        autocomplete: 'off',
      })
    : ''
  return deskPage(
    'Sales desk',
    alert(message) +
      '<p>Sales representatives sign in here to open the shop as a user of the customers they look after.</p>' +
      `<form method="post" action="${DESK_PATH}/login"${message ? ' aria-describedby="desk-alert"' : ''}>` +
      field({
        name: 'login',
        label: 'Login or e-mail address',
        value: login,
        maxLength: 254,
        required: true,
        autocomplete: 'username',
      }) +
      field({
        name: 'password',
        label: 'Password',
        type: 'password',
        maxLength: 256,
        required: true,
        autocomplete: 'current-password',
      }) +
      question +
      '<button type="submit">Sign in</button></form>',
  )
}

const localeOptions = (selected: Locale) =>
  LOCALES.map(
    (locale) =>
      `<option value="${locale}"${locale === selected ? ' selected' : ''}>${esc(LOCALE_NAMES[locale])}</option>`,
  ).join('')

const UNAVAILABLE: Record<NonNullable<CobrowseUser['unavailable']>, string> = {
  inactive: 'Deactivated: the shop cannot be opened as this user.',
  punchout: 'Punchout user: shops from the procurement system only.',
}

function userEntry(user: CobrowseUser, csrf: string) {
  const name = `${user.firstName} ${user.lastName}`.trim()
  const id = `u-${user.id}`
  const head =
    `<p class="who"><strong>${esc(name)}</strong></p>` +
    `<p class="details">${esc(user.login)} · ${esc(user.email)}${user.roles.length ? ` · ${esc(user.roles.join(', '))}` : ''}</p>`
  if (user.unavailable) return `<li>${head}<p class="hint">${esc(UNAVAILABLE[user.unavailable])}</p></li>`
  return (
    `<li>${head}<form method="post" action="${DESK_PATH}/cobrowse" class="open">` +
    hidden('csrf', csrf) +
    hidden('user', user.login) +
    `<div><label for="${id}-locale">Shop language</label><select id="${id}-locale" name="locale">${localeOptions(user.preferredLanguage)}</select></div>` +
    `<div><button type="submit">Open the shop as this user<span class="vh"> (${esc(name)})</span></button></div>` +
    '</form></li>'
  )
}

function customerSection(customer: CobrowseCustomer, csrf: string) {
  const title = customer.companyName
    ? `${customer.companyName} (${customer.customerNo})`
    : `Private customer ${customer.customerNo}`
  const id = `c-${customer.customerNo}`
  const users = customer.users.length
    ? `<ul class="users">${customer.users.map((user) => userEntry(user, csrf)).join('')}</ul>`
    : '<p>This customer has no users.</p>'
  return `<section aria-labelledby="${esc(id)}"><h2 id="${esc(id)}">${esc(title)}</h2>${users}</section>`
}

/** The desk of a signed-in representative: their customers, each user with a way into the shop. */
export function deskListPage({
  rep,
  customers,
  csrf,
  message,
}: {
  rep: SalesRep
  customers: CobrowseCustomer[]
  csrf: string
  message?: string
}) {
  const signedIn =
    `<div class="signed-in"><p>Signed in as <strong>${esc(salesRepName(rep))}</strong> (${esc(rep.id)})</p>` +
    `<form method="post" action="${DESK_PATH}/logout">${hidden('csrf', csrf)}<button type="submit" class="quiet">Sign out</button></form></div>`
  const intro =
    '<p>“Open the shop as this user” signs this browser in to the shop as the user, with a banner that says you act for them; ' +
    'baskets and orders you change there record you. The link works once, for two minutes.</p>'
  const list = customers.length
    ? customers.map((customer) => customerSection(customer, csrf)).join('')
    : '<p>You look after no customers yet.</p>'
  return deskPage('Sales desk', alert(message) + signedIn + intro + list)
}

/** A refusal the desk cannot show on one of its own pages. */
export const deskErrorPage = (status: number, message: string) =>
  deskPage(
    status === 401 ? 'Please sign in' : `Request refused (${status})`,
    `<p>${esc(message)}</p><p><a href="${DESK_PATH}">Back to the sales desk</a></p>`,
  )
