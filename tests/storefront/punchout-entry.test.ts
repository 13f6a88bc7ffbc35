/**
 * The punchout entry `/{lang}/punchout` (issue 34, spec shell §4.7, §5, §8) where the real commerce API cannot
 * stand in for ICM; every login, session, basket and refusal the API can produce is tested against it in
 * tests/storefront-api/punchout-entry.test.ts, OCI's VALIDATE and BACKGROUND_SEARCH in
 * tests/storefront-api/punchout-transfer.test.tsx. Here, with ICM mocked in its shapes:
 * - answers only a real ICM sends: a cXML start token of a user without APP_B2B_SEND_CXML_BASKET (the API
 *   issues start tokens to its cXML punchout users only) and a session whose return URL is no http(s)
 *   address (the API refuses such a BrowserFormPost URL at the setup request);
 * - the refusals before any login, which make no ICM call at all (the recorder proves it), and the error page.
 */
import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/$lang.punchout'
import { loader as errorLoader } from '~/routes/$lang._shop.error'
import { get, icm } from './icm-mock'
import { answer, args, sessionFrom } from './loader-args'
import {
  basketAnswer,
  BUYER,
  CXML_USER,
  loginHandlers,
  OCI_USER,
  PUNCHOUTS,
  recordCalls,
} from './punchout-fixtures'
import './setup'

const HOOK = 'https://srm.example.com:8443/sap/bc/gui/sap/its/bbpsc02?sap-client=100&~OkCode=ADDI'

const entry = (query: Record<string, string>, init: { cookie?: string } = {}) =>
  answer(loader, args(`/en/punchout?${new URLSearchParams(query)}`, init))

const location = (response: Response) => response.headers.get('Location')
const errorOf = (key: string) => `/en/error?${new URLSearchParams({ error: key })}`

const ociQuery = (extra: Record<string, string> = {}) => ({
  HOOK_URL: HOOK,
  USERNAME: OCI_USER.login,
  PASSWORD: OCI_USER.password,
  ...extra,
})

describe('the cXML entry (sid and access-token)', () => {
  it('refuses a user who may not send a cXML basket, and logs them out', async () => {
    icm.use(...loginHandlers(BUYER))
    const { response, setCookie } = await entry({ sid: 'S-1', 'access-token': 'start-token' })
    expect(location(response)).toBe('/en/error?error=missing-permission&value=APP_B2B_SEND_CXML_BASKET')
    expect((await sessionFrom(setCookie)).get('apiToken')).toBeUndefined()
  })

  it('refuses a session whose return URL is no http(s) address, and logs the user out', async () => {
    icm.use(
      ...loginHandlers(CXML_USER),
      get(`${PUNCHOUTS}/cxml1\\.2/sessions/S-1`, {
        basketId: 'b-cx',
        returnURL: 'javascript:alert(document.cookie)',
      }),
      // The basket is there: only the return URL is wrong.
      get('baskets/b-cx', basketAnswer('b-cx')),
    )
    const { response, setCookie } = await entry({ sid: 'S-1', 'access-token': 'start-token' })
    expect(location(response)).toBe(errorOf('punchout.error.session'))
    const stored = await sessionFrom(setCookie)
    expect(stored.get('user')).toBeUndefined()
    expect(stored.get('punchout')).toBeUndefined()
  })
})

describe('refusals before any login (spec §5), each on /error with its key', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['nothing', {}, 'punchout.error.missing.parameters'],
    ['a sid without access-token', { sid: 'S-1' }, 'punchout.error.missing.parameters'],
    ['OCI without PASSWORD', { HOOK_URL: HOOK, USERNAME: 'u' }, 'punchout.error.missing.parameters'],
    [
      'a HOOK_URL that is no http(s) URL',
      ociQuery({ HOOK_URL: 'javascript:alert(1)' }),
      'custom.punchout.error.missing.parameter.url',
    ],
    [
      'an unknown IDS action',
      { action: 'XX', name_kunde: 'u', pw_kunde: 'p' },
      'custom.punchout.error.wrong.code',
    ],
    [
      'WKE without hookurl',
      { action: 'WKE', name_kunde: 'u', pw_kunde: 'p' },
      'custom.punchout.error.missing.parameter.url',
    ],
    [
      'ADL without ghnummer',
      { action: 'ADL', name_kunde: 'u', pw_kunde: 'p', hookurl: 'https://h.example/' },
      'custom.punchout.error.missing.parameter.ghnummer',
    ],
    [
      'WKS without warenkorb',
      { action: 'WKS', name_kunde: 'u', pw_kunde: 'p', hookurl: 'https://h.example/' },
      'custom.punchout.error.missing.parameter.warenkorb',
    ],
    [
      'WKS with a cart of no items',
      {
        action: 'WKS',
        name_kunde: 'u',
        pw_kunde: 'p',
        hookurl: 'https://h.example/',
        warenkorb: '<Warenkorb><Order/></Warenkorb>',
      },
      'custom.punchout.error.missing.parameter.warenkorb',
    ],
  ]
  it.each(cases)('%s', async (_, query, key) => {
    const calls = recordCalls()
    const { response } = await entry(query)
    expect(response.status).toBe(302)
    expect(location(response)).toBe(errorOf(key))
    expect(calls).toEqual([])
  })

  it('the error page shows the key’s text with 400, and no other key', async () => {
    const shown = await answer(errorLoader, args(`/en/error?error=custom.punchout.error.wrong.code`))
    expect(shown.response.status).toBe(400)
    expect(shown.data.title).toBe('Punchout not possible')
    expect(shown.data.kind).toBe('custom.punchout.error.wrong.code')
    const other = await answer(errorLoader, args(`/en/error?error=account.profile.heading`))
    expect(other.response.status).toBe(404)
  })
})
