/**
 * The transfer page `/{lang}/basket/transfer` (issue 34, spec shell §4.7, §8) where the real commerce API
 * cannot stand in for ICM; each protocol's form, its problems, the empty basket, the API's refusal, spec §8's
 * missing SID and hook URLs and the permission guard are tested against the API in
 * tests/storefront-api/punchout-transfer.test.tsx. Here, with a session cookie no entry through the API can
 * leave:
 * - a cXML punchout without a return URL (the API refuses a setup request without its BrowserFormPost URL);
 * - an OCI user holding another protocol's punchout (the entry keeps the state of the user's own protocol);
 * neither makes any ICM call. And the page's headers function, which needs no ICM.
 */
import { describe, expect, it } from 'vitest'
import { headers as transferHeaders, loader as transferLoader } from '~/routes/$lang._shop.basket_.transfer'
import type { PunchoutState } from '~/models/punchout'
import { answer, args, signedInCookie } from './loader-args'
import { CXML_USER, OCI_USER, recordCalls, sessionUserOf, type PunchoutPerson } from './punchout-fixtures'
import './setup'

const transfer = async (person: PunchoutPerson, punchout: Omit<PunchoutState, 'login'>) => {
  const cookie = await signedInCookie(sessionUserOf(person), {
    punchout: { ...punchout, login: person.login },
  })
  const { response } = await answer(transferLoader, args('/en/basket/transfer', { cookie }))
  return response.headers.get('Location')
}
const error = (key: string) => `/en/error?error=${key}`

describe('the transfer page', () => {
  it('goes to the error page with spec §8’s message for a session the API’s entry never leaves', async () => {
    const calls = recordCalls()
    expect(await transfer(CXML_USER, { type: 'cxml', sid: 'S-1', basketId: 'b-cx' })).toBe(
      error('punchout.error.transfer.no_return_url'),
    )
    // A hook URL of another protocol's punchout is not this one's.
    expect(
      await transfer(OCI_USER, { type: 'ids', hookUrl: 'https://handwerk.example/ids', basketId: 'b-ids' }),
    ).toBe(error('punchout.error.transfer.no_hook_url'))
    expect(calls).toEqual([])
  })

  it('names the form’s target origin in the document’s headers, for the CSP', () => {
    const headers = new Headers(
      transferHeaders({
        loaderHeaders: new Headers({
          'x-shop-form-target': 'https://ariba.example',
          'Cache-Control': 'private, no-store',
        }),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    )
    expect(headers.get('x-shop-form-target')).toBe('https://ariba.example')
    expect(headers.get('Cache-Control')).toBe('private, no-store')
  })
})
