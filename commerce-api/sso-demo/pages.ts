/**
 * The development provider's own pages: sign in, create an identity (`prompt=create`), consent, sign out,
 * errors. Server-rendered HTML that works without JavaScript (plain forms), with labels, one heading per
 * page, errors announced (`role="alert"`) and tied to their fields. In English: the provider is a
 * development tool, not a part of the shop.
 */

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 26rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.5rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .badge { display: inline-block; font-size: .8rem; padding: .1rem .5rem; border-radius: 1rem; background: #fde68a; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { display: block; width: 100%; box-sizing: border-box; font: inherit; padding: .5rem; margin-top: .25rem;
          border: 1px solid #6b7280; border-radius: .25rem; }
  input:focus, button:focus, a:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .25rem; border: 1px solid #1e3a8a; cursor: pointer; }
  button.primary { background: #1d4ed8; color: #fff; }
  button.secondary { background: #fff; color: #1e3a8a; }
  .error { color: #991b1b; background: #fef2f2; border: 1px solid #fca5a5; padding: .75rem; border-radius: .25rem; }
  .hint { color: #374151; font-size: .9rem; }
  ul { padding-left: 1.25rem; }
`

/** A whole page. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} – Demo SSO</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><span class="badge">Development identity provider</span></p>
${body}
</main>
</body>
</html>`
}

const errorBlock = (error: string | undefined) =>
  error ? `<p class="error" role="alert" id="form-error">${escape(error)}</p>` : ''

const described = (error: string | undefined) =>
  error ? ' aria-describedby="form-error" aria-invalid="true"' : ''

/** The sign-in form of an interaction. */
export function loginPage({
  uid,
  clientName,
  email = '',
  error,
  identities,
}: {
  uid: string
  clientName: string
  email?: string
  error?: string
  /** The demo identities, shown as a hint (a development provider has no secrets to keep). */
  identities: readonly { email: string; note: string }[]
}): string {
  return page(
    'Sign in',
    `<h1>Sign in to ${escape(clientName)}</h1>
${errorBlock(error)}
<form method="post" action="/interaction/${escape(uid)}/login">
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escape(email)}"${described(error)}${error ? ' autofocus' : ''}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${described(error)}>
  <div class="actions">
    <button class="primary" type="submit">Sign in</button>
  </div>
</form>
<form method="post" action="/interaction/${escape(uid)}/abort">
  <div class="actions"><button class="secondary" type="submit">Cancel</button></div>
</form>
<h2 class="hint">Demo identities</h2>
<ul class="hint">${identities.map((identity) => `<li>${escape(identity.email)}: ${escape(identity.note)}</li>`).join('')}</ul>`,
  )
}

/** The form that creates an identity (`prompt=create`, the shop's registration trigger). */
export function createPage({
  uid,
  clientName,
  values = {},
  error,
}: {
  uid: string
  clientName: string
  values?: { givenName?: string; familyName?: string; email?: string }
  error?: string
}): string {
  const field = (id: string, label: string, type: string, autocomplete: string, value = '') =>
    `<label for="${id}">${label}</label>
  <input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required value="${escape(value)}"${described(error)}>`
  return page(
    'Create an identity',
    `<h1>Create an identity for ${escape(clientName)}</h1>
<p class="hint">The identity lives in this development provider's memory until it stops.</p>
${errorBlock(error)}
<form method="post" action="/interaction/${escape(uid)}/create">
  ${field('givenName', 'First name', 'text', 'given-name', values.givenName)}
  ${field('familyName', 'Last name', 'text', 'family-name', values.familyName)}
  ${field('email', 'E-mail address', 'email', 'email', values.email)}
  <label for="password">Password (at least 8 characters)</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="8"${described(error)}>
  <div class="actions"><button class="primary" type="submit">Create and sign in</button></div>
</form>
<form method="post" action="/interaction/${escape(uid)}/abort">
  <div class="actions"><button class="secondary" type="submit">Cancel</button></div>
</form>`,
  )
}

const SCOPE_TEXTS: Record<string, string> = {
  openid: 'Your identity (an id that stays the same)',
  email: 'Your e-mail address',
  profile: 'Your name',
  offline_access: 'Staying signed in while you are away',
}

/** Consent to what the client asks for. */
export function consentPage({
  uid,
  clientName,
  scopes,
}: {
  uid: string
  clientName: string
  scopes: string[]
}) {
  return page(
    'Allow access',
    `<h1>Allow ${escape(clientName)} to use your identity?</h1>
<p>${escape(clientName)} asks for:</p>
<ul>${scopes.map((scope) => `<li>${escape(SCOPE_TEXTS[scope] ?? scope)}</li>`).join('')}</ul>
<form method="post" action="/interaction/${escape(uid)}/consent">
  <div class="actions"><button class="primary" type="submit" autofocus>Allow</button></div>
</form>
<form method="post" action="/interaction/${escape(uid)}/abort">
  <div class="actions"><button class="secondary" type="submit">Cancel</button></div>
</form>`,
  )
}

/** RP-initiated logout: oidc-provider's own form (its hidden fields), confirmed with a button. */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out of the development identity provider?</h1>
${form}
<div class="actions">
  <button class="primary" type="submit" form="op.logoutForm" value="yes" name="logout" autofocus>Yes, sign me out</button>
  <button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button>
</div>`,
  )
}

export const loggedOutPage = () =>
  page('Signed out', '<h1>You are signed out</h1><p>You can close this page.</p>')

export const errorPage = (error: string, description?: string) =>
  page(
    'Error',
    `<h1>Something went wrong</h1>
<p class="error" role="alert">${escape(error)}${description ? `: ${escape(description)}` : ''}</p>`,
  )
