import { describe, expect, it } from 'vitest'
import { ENTRY_LIMITS, entryParams, hookUrlOf, punchoutEntryOf } from './punchout-entry'

const read = (query: Record<string, string>) => punchoutEntryOf(new URLSearchParams(query))
const HOOK = 'https://srm.example.com/sap/bc/gui?sap-client=100&x=1'
const IDS = { name_kunde: 'u', pw_kunde: 'p' }

describe('which protocol an entry speaks (spec §5)', () => {
  it('is cXML with sid and access-token, OCI with HOOK_URL, USERNAME and PASSWORD, IDS with action and login', () => {
    expect(read({ sid: 'S', 'access-token': 'T' })).toEqual({ protocol: 'cxml', sid: 'S', accessToken: 'T' })
    expect(read({ HOOK_URL: HOOK, USERNAME: 'u', PASSWORD: 'p' })).toMatchObject({
      protocol: 'oci',
      hookUrl: HOOK,
      username: 'u',
      password: 'p',
    })
    expect(read({ action: 'wke', hookurl: HOOK, ...IDS })).toMatchObject({ protocol: 'ids', action: 'WKE' })
  })

  it('takes cXML first, then OCI, when a call carries several', () => {
    const all = {
      sid: 'S',
      'access-token': 'T',
      HOOK_URL: HOOK,
      USERNAME: 'u',
      PASSWORD: 'p',
      action: 'AS',
      ...IDS,
    }
    expect(read(all)).toMatchObject({ protocol: 'cxml' })
    const { sid: _, ...rest } = all
    expect(read(rest)).toMatchObject({ protocol: 'oci' })
  })

  it('counts an empty or blank value as missing', () => {
    const incomplete: Record<string, string>[] = [
      { sid: 'S', 'access-token': '' },
      { HOOK_URL: HOOK, USERNAME: ' ', PASSWORD: 'p' },
      { action: 'WKE', name_kunde: 'u', pw_kunde: '' },
      {},
    ]
    for (const query of incomplete)
      expect(read(query)).toEqual({ error: 'punchout.error.missing.parameters' })
  })
})

describe('OCI', () => {
  const oci = (extra: Record<string, string>) =>
    read({ HOOK_URL: HOOK, USERNAME: 'u', PASSWORD: 'p', ...extra })

  it('reads DETAIL, VALIDATE (quantity 1 unless given, decimal comma read) and BACKGROUND_SEARCH', () => {
    expect(oci({ FUNCTION: 'DETAIL', PRODUCTID: '42' })).toMatchObject({
      function: { kind: 'DETAIL', productId: '42' },
    })
    expect(oci({ FUNCTION: 'validate', PRODUCTID: '42' })).toMatchObject({
      function: { kind: 'VALIDATE', productId: '42', quantity: '1' },
    })
    expect(oci({ FUNCTION: 'VALIDATE', PRODUCTID: '42', QUANTITY: '2,5' })).toMatchObject({
      function: { quantity: '2.5' },
    })
    // SAP's three decimals of a whole quantity are the whole number ICM's validate takes.
    for (const [sent, read] of [
      ['2.000', '2'],
      ['2,000', '2'],
      ['10.0', '10'],
      ['2,50', '2.5'],
    ] as const)
      expect(oci({ FUNCTION: 'VALIDATE', PRODUCTID: '42', QUANTITY: sent })).toMatchObject({
        function: { quantity: read },
      })
    expect(oci({ FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: 'drill' })).toMatchObject({
      function: { kind: 'BACKGROUND_SEARCH', searchString: 'drill' },
    })
  })

  it('is a plain login when a function lacks what it needs', () => {
    expect(oci({ FUNCTION: 'DETAIL' })).not.toHaveProperty('function')
    expect(oci({ FUNCTION: 'BACKGROUND_SEARCH' })).not.toHaveProperty('function')
    expect(oci({ FUNCTION: 'SOMETHING', PRODUCTID: '42' })).not.toHaveProperty('function')
  })

  it('keeps every ~ field in its order, and the return target', () => {
    expect(
      oci({ '~OkCode': 'ADDI', '~TARGET': '_top', '~CALLER': 'CTLG', returntarget: 'catalog_frame' }),
    ).toMatchObject({
      tildeFields: [
        ['~OkCode', 'ADDI'],
        ['~TARGET', '_top'],
        ['~CALLER', 'CTLG'],
      ],
      target: 'catalog_frame',
    })
  })

  it('refuses a hook URL that is no http(s) URL, or too long', () => {
    for (const url of [
      'javascript:alert(1)',
      'ftp://x.example/',
      '/relative',
      `https://x.example/${'a'.repeat(1100)}`,
    ])
      expect(oci({ HOOK_URL: url })).toEqual({ error: 'custom.punchout.error.missing.parameter.url' })
  })

  it('refuses what the session could not keep or the form could not echo', () => {
    const many = Object.fromEntries(
      Array.from({ length: ENTRY_LIMITS.tildeFields + 1 }, (_, i) => [`~F${i}`, 'x']),
    )
    for (const extra of [
      many,
      { '~OkCode': 'x'.repeat(ENTRY_LIMITS.tildeValue + 1) },
      { '~Ok Code': 'x' },
      { returntarget: 'javascript:x' },
      { QUANTITY: '-1' },
      { USERNAME: 'u\u0000' },
      { PRODUCTID: 'x'.repeat(ENTRY_LIMITS.sku + 1), FUNCTION: 'DETAIL' },
    ])
      expect(oci(extra), JSON.stringify(extra).slice(0, 60)).toEqual({
        error: 'punchout.error.invalid.parameters',
      })
  })
})

describe('IDS Connect (spec §5)', () => {
  it('allows the action codes SV, LI, ADL, WKE, WKS and AS only', () => {
    for (const action of ['SV', 'LI', 'AS']) expect(read({ action, ...IDS })).toMatchObject({ action })
    for (const action of ['XX', 'WK', 'SVX'])
      expect(read({ action, ...IDS })).toEqual({ error: 'custom.punchout.error.wrong.code' })
  })

  it('needs a hook URL for ADL, WKE and WKS, at most 256 characters', () => {
    for (const action of ['ADL', 'WKE', 'WKS'])
      expect(read({ action, ghnummer: '1', warenkorb: '<x/>', ...IDS })).toEqual({
        error: 'custom.punchout.error.missing.parameter.url',
      })
    expect(read({ action: 'WKE', hookurl: `https://h.example/${'a'.repeat(250)}`, ...IDS })).toEqual({
      error: 'custom.punchout.error.missing.parameter.url',
    })
    expect(read({ action: 'AS', ...IDS })).toMatchObject({ protocol: 'ids', action: 'AS' })
  })

  it('needs ghnummer for ADL and a cart for WKS', () => {
    expect(read({ action: 'ADL', hookurl: HOOK, ...IDS })).toEqual({
      error: 'custom.punchout.error.missing.parameter.ghnummer',
    })
    expect(read({ action: 'WKS', hookurl: HOOK, ...IDS })).toEqual({
      error: 'custom.punchout.error.missing.parameter.warenkorb',
    })
    expect(read({ action: 'ADL', hookurl: HOOK, ghnummer: 'A-1', ...IDS })).toMatchObject({ ghnummer: 'A-1' })
  })

  it('reads customer number, search term, version and target; refuses a version that is none', () => {
    expect(
      read({ action: 'AS', kndnr: 'C-1', searchterm: 'Rohr', version: '2.5', target: '_blank', ...IDS }),
    ).toMatchObject({ customerNo: 'C-1', searchTerm: 'Rohr', version: '2.5', target: '_blank' })
    expect(read({ action: 'AS', version: 'latest', ...IDS })).toEqual({
      error: 'punchout.error.invalid.parameters',
    })
  })
})

describe('the parameters of a post', () => {
  it('are the posted fields first, then the query', () => {
    const form = new FormData()
    form.append('USERNAME', 'posted')
    const params = entryParams(new URL('http://shop.test/en/punchout?USERNAME=query&HOOK_URL=h'), form)
    expect(params.get('USERNAME')).toBe('posted')
    expect(params.get('HOOK_URL')).toBe('h')
  })

  it('hook URLs are kept as written, query included', () => {
    expect(hookUrlOf(HOOK)).toBe(HOOK)
    expect(hookUrlOf(undefined)).toBeUndefined()
  })
})
