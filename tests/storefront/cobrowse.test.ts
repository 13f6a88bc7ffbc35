/**
 * Co-browse's pure parts (issue 35): reading the entry's parameters (spec §5: access-token is required), the
 * banner a session user gets, the error page's kinds, and what each way of signing in lets a user edit
 * (spec §4.7 profile capabilities).
 */
import { describe, expect, it } from 'vitest'
import { cobrowseBannerOf, cobrowseEntryOf } from '~/models/cobrowse'
import { profileCapabilities } from '~/models/profile-capabilities'
import { errorPageOf, errorTextKeys } from '~/models/shell'

const entry = (query: string) => cobrowseEntryOf(new URLSearchParams(query))

describe('the co-browse entry’s parameters', () => {
  it('need an access token, and take the sales representative’s id', () => {
    expect(entry('')).toEqual({ error: 'cobrowse.error.missing.parameter' })
    expect(entry('salesRepId=SR-1001&access-token=')).toEqual({ error: 'cobrowse.error.missing.parameter' })
    expect(entry('access-token=abc&salesRepId=SR-1001')).toEqual({
      accessToken: 'abc',
      salesRepId: 'SR-1001',
    })
    expect(entry('access-token=abc')).toEqual({ accessToken: 'abc' })
  })

  it('refuse what cannot be a token or an id', () => {
    expect(entry(`access-token=${'x'.repeat(501)}`)).toEqual({ error: 'cobrowse.error.token' })
    expect(entry('access-token=abc&salesRepId=<script>')).toEqual({ error: 'cobrowse.error.token' })
  })

  it('errors are 400 pages with their own text under one title', () => {
    for (const key of [
      'cobrowse.error.missing.parameter',
      'cobrowse.error.token',
      'cobrowse.error.sales_rep',
    ]) {
      expect(errorPageOf(key)).toEqual({ kind: key, status: 400 })
      expect(errorTextKeys(400, key)).toEqual({ title: 'cobrowse.error.title', text: key })
    }
  })
})

describe('the co-browse banner', () => {
  const user = { login: 'jlink', firstName: 'Jack', lastName: 'Link', customerNo: 'BC-200001' }

  it('names the user, their company and the representative', () => {
    expect(
      cobrowseBannerOf({
        ...user,
        signIn: 'cobrowse',
        salesRepId: 'SR-1001',
        salesRepName: 'Sabine Vogt',
        companyName: 'Brightline Construction GmbH',
      }),
    ).toEqual({
      userName: 'Jack Link',
      companyName: 'Brightline Construction GmbH',
      salesRep: 'Sabine Vogt (SR-1001)',
    })
    // An ICM that does not name the representative: the link's id alone.
    expect(cobrowseBannerOf({ login: 'p@x.test', signIn: 'cobrowse', salesRepId: 'SR-7' })).toEqual({
      userName: 'p@x.test',
      salesRep: 'SR-7',
    })
  })

  it('is shown to nobody else', () => {
    expect(cobrowseBannerOf(undefined)).toBeNull()
    expect(cobrowseBannerOf({ ...user, signIn: 'password' })).toBeNull()
    expect(cobrowseBannerOf({ ...user, signIn: 'punchout', salesRepId: 'SR-1001' })).toBeNull()
  })
})

describe('profile capabilities', () => {
  it('allow all for the shop’s login and punchout, none for an OpenID provider and co-browse', () => {
    const all = { editPassword: true, editEmail: true, editProfile: true }
    const none = { editPassword: false, editEmail: false, editProfile: false }
    expect(profileCapabilities({ signIn: 'password' })).toEqual(all)
    expect(profileCapabilities({})).toEqual(all)
    expect(profileCapabilities({ signIn: 'punchout' })).toEqual(all)
    expect(profileCapabilities({ signIn: 'sso' })).toEqual(none)
    expect(profileCapabilities({ signIn: 'cobrowse' })).toEqual(none)
  })
})
