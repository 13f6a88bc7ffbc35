import { describe, expect, it } from 'vitest'
import {
  mapCxmlConfiguration,
  mapOciConfiguration,
  mapOciOptions,
  mapPunchoutTypes,
  mapPunchoutUsers,
  ociConfigurationBody,
  transferTypeOf,
} from './punchout'
import { ociItemsOf } from './punchout-forms'

const link = (uri: string, title?: string, attributes?: { name: string; value: unknown }[]) => ({
  type: 'Link' as const,
  uri,
  ...(title ? { title } : {}),
  ...(attributes ? { attributes } : {}),
})

describe('the transfer a user’s permissions select (spec §4.7)', () => {
  it('is cXML, else OCI, else IDS, else none', () => {
    const all = ['APP_B2B_SEND_IDS_BASKET', 'APP_B2B_SEND_OCI_BASKET', 'APP_B2B_SEND_CXML_BASKET']
    expect(transferTypeOf(all)).toBe('cxml')
    expect(transferTypeOf(all.slice(0, 2))).toBe('oci')
    expect(transferTypeOf(all.slice(0, 1))).toBe('ids')
    expect(transferTypeOf(['APP_B2B_PURCHASE'])).toBeNull()
    expect(transferTypeOf(undefined)).toBeNull()
  })
})

describe('ICM’s punchout answers', () => {
  it('name the types by their resources, in the shop’s order', () => {
    expect(
      mapPunchoutTypes({
        elements: [
          link('ironbridge-Site/-/customers/OilCorp/punchouts/oci5'),
          link('ironbridge-Site/-/customers/OilCorp/punchouts/ids'),
          link('ironbridge-Site/-/customers/OilCorp/punchouts/cxml1.2'),
          link('ironbridge-Site/-/customers/OilCorp/punchouts/unknown9'),
        ],
      }),
    ).toEqual(['cxml', 'oci', 'ids'])
  })

  it('name a user by the link’s title, else its uri; inactive only when the link says so', () => {
    expect(
      mapPunchoutUsers(
        {
          elements: [
            link('x/users/zeta', 'zeta', [{ name: 'active', value: false }]),
            link('x/users/a%40b.test'),
          ],
        },
        'oci',
      ),
    ).toEqual([
      { login: 'a@b.test', type: 'oci', active: true },
      { login: 'zeta', type: 'oci', active: false },
    ])
  })

  it('give each cXML entry its default and help; a value equal to the default counts as unset', () => {
    expect(
      mapCxmlConfiguration({
        data: [
          { name: 'pwa.url', value: 'https://a' },
          { name: 'cxml.unit', value: 'C62' },
          { name: 'cxml.none', value: null },
        ],
        info: {
          metaData: [
            { name: 'pwa.url', defaultValue: 'https://d', description: 'Where', inputType: 'text-long' },
            { name: 'cxml.unit', defaultValue: 'C62' },
          ],
        },
      }),
    ).toEqual([
      { name: 'pwa.url', value: 'https://a', defaultValue: 'https://d', description: 'Where', long: true },
      { name: 'cxml.unit', value: '', defaultValue: 'C62', description: '', long: false },
      { name: 'cxml.none', value: '', defaultValue: '', description: '', long: false },
    ])
  })

  it('offer the OCI formatters as given and the placeholders sorted (spec §3)', () => {
    expect(
      mapOciOptions({
        availableFormatters: [{ id: 'UpperCase' }, { id: 'LowerCase' }],
        availablePlaceholders: [{ id: 'Price' }, { id: 'Currency' }],
      }),
    ).toEqual({ formatters: ['UpperCase', 'LowerCase'], placeholders: ['Currency', 'Price'] })
  })

  it('go back as ICM takes an OCI configuration, the form’s empty mapping rows dropped', () => {
    const items = ociItemsOf({
      items: [
        {
          field: 'NEW_ITEM-UNIT',
          transform: '{Unit}',
          formatter: 'UpperCase',
          mappings: [{ from: 'pcs', to: 'PCE' }, { from: '', to: '' }, {}],
        },
        { field: 'NEW_ITEM-VENDOR', mappings: [] },
      ],
    })
    expect(ociConfigurationBody(items)).toEqual({
      items: [
        {
          field: 'NEW_ITEM-UNIT',
          transform: '{Unit}',
          formatter: 'UpperCase',
          mappings: [{ mapFromValue: 'pcs', mapToValue: 'PCE' }],
        },
        { field: 'NEW_ITEM-VENDOR', transform: '', formatter: '', mappings: [] },
      ],
    })
    expect(mapOciConfiguration(ociConfigurationBody(items))).toEqual(items)
  })
})
