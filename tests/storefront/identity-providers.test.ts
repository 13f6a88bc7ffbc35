import { describe, expect, it } from 'vitest'
import { parseIdentityProviders } from '~/models/identity-providers'
import { profileCapabilities } from '~/models/profile-capabilities'

const demo = {
  id: 'demo',
  displayName: 'Demo SSO',
  issuer: 'http://127.0.0.1:4400',
  clientId: 'storefront',
  clientSecret: 'secret',
}

describe('IDENTITY_PROVIDERS', () => {
  it('is none when unset or empty', () => {
    expect(parseIdentityProviders(undefined)).toEqual([])
    expect(parseIdentityProviders('  ')).toEqual([])
  })

  it('reads providers with defaults: openid among the scopes, no registration', () => {
    expect(parseIdentityProviders(JSON.stringify([{ ...demo, scopes: 'email profile' }]))).toEqual([
      { ...demo, scopes: 'openid email profile', registration: false },
    ])
    expect(parseIdentityProviders(JSON.stringify([{ ...demo, registration: true }]))[0]).toMatchObject({
      scopes: 'openid email profile',
      registration: true,
    })
  })

  it('stops the start with what is wrong, naming the provider', () => {
    expect(() => parseIdentityProviders('{"id":')).toThrow(/^IDENTITY_PROVIDERS must be a JSON array/)
    expect(() => parseIdentityProviders(JSON.stringify(demo))).toThrow(/must be a JSON array/)
    expect(() =>
      parseIdentityProviders(JSON.stringify([{ ...demo, issuer: 'http://login.example.com' }])),
    ).toThrow(/provider "demo" is invalid \(issuer: must be an https URL/)
    expect(() => parseIdentityProviders(JSON.stringify([{ ...demo, id: 'Demo SSO' }]))).toThrow(
      /provider "Demo SSO" is invalid \(id: lower-case letters/,
    )
    expect(() => parseIdentityProviders(JSON.stringify([{ ...demo, clientId: undefined }]))).toThrow(
      /clientId: Required/,
    )
    expect(() => parseIdentityProviders(JSON.stringify([{ ...demo, secret: 'x' }]))).toThrow(
      /Unrecognized key/,
    )
    expect(() => parseIdentityProviders(JSON.stringify([demo, demo]))).toThrow(/the id "demo" is used twice/)
  })
})

describe('profile capabilities (spec shell §4.7)', () => {
  it('lets the shop’s own login and punchout edit everything, OpenID and co-browse nothing', () => {
    const all = { editPassword: true, editEmail: true, editProfile: true }
    const none = { editPassword: false, editEmail: false, editProfile: false }
    expect(profileCapabilities({})).toEqual(all)
    expect(profileCapabilities({ signIn: 'password' })).toEqual(all)
    expect(profileCapabilities({ signIn: 'punchout' })).toEqual(all)
    expect(profileCapabilities({ signIn: 'sso' })).toEqual(none)
    expect(profileCapabilities({ signIn: 'cobrowse' })).toEqual(none)
  })
})
