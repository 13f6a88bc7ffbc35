// @vitest-environment jsdom
/**
 * The punchout pages as their users see them (issue 34), against the real commerce API: Jack Link's
 * administration (the API's users of a type with their status and the ways on, the form of a new user, the
 * OCI mapping with the API's placeholders, every field labelled), and the basket page of a punchout user,
 * whose way on is "Transfer basket" where a buyer's is "Checkout".
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { ociOptions } from '../../commerce-api/punchout/oci'
import { sellableSkus } from '../commerce-api/checkout-fixtures'
import PunchoutAdminPage, { loader as listLoader } from '~/routes/$lang._shop.account.punchout._index'
import PunchoutUserCreatePage, {
  action as createAction,
  loader as createLoader,
} from '~/routes/$lang._shop.account.punchout.$type.create'
import OciConfigurationPage, {
  loader as ociLoader,
} from '~/routes/$lang._shop.account.punchout.oci.configuration'
import BasketPage, { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { loader as punchoutLoader } from '~/routes/$lang.punchout'
import { Browser } from './shop'
import { api } from './setup'

afterEach(cleanup)

const jack = new Browser('en')
const inactive = `cx-${Date.now().toString(36)}`

beforeAll(async () => {
  await jack.login('jlink')
  // A second cXML user, created inactive through the administration's own form.
  await jack.post(
    createAction,
    '/en/account/punchout/cxml/create',
    { login: inactive, password: 'Secret77', passwordConfirmation: 'Secret77' },
    { type: 'cxml' },
  )
})

describe('the administration', () => {
  it('lists the API’s users of a type with their status and the ways on, the types as tabs', async () => {
    jack.render('/en/account/punchout?type=cxml', ':lang/account/punchout', PunchoutAdminPage, listLoader)
    await screen.findByRole('heading', { level: 2, name: 'cXML users' })
    const tabs = screen.getByRole('navigation', { name: 'Punchout formats' })
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['cXML', 'OCI', 'IDS Connect'])
    expect(within(tabs).getByRole('link', { name: 'cXML' }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('link', { name: 'OCI' }).getAttribute('href')).toBe(
      '/en/account/punchout?type=oci',
    )
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('brightline-cxmlActive'),
      expect.stringContaining(`${inactive}Inactive`),
    ])
    expect(screen.getByRole('link', { name: `Edit ${inactive}` }).getAttribute('href')).toBe(
      `/en/account/punchout/cxml/users/${inactive}`,
    )
    expect(
      screen.getByRole('link', { name: 'cXML configuration of brightline-cxml' }).getAttribute('href'),
    ).toBe('/en/account/punchout/cxml/configuration/brightline-cxml')
    expect(screen.getByRole('link', { name: 'Add user' }).getAttribute('href')).toBe(
      '/en/account/punchout/cxml/create',
    )
    expect(screen.getByText(/Your customer number is BC-200001/)).toBeTruthy()
  })

  it('offers a new user’s login, password twice and status, active by default, in German', async () => {
    const jackDe = new Browser('de')
    await jackDe.login('jlink')
    jackDe.render(
      '/de/account/punchout/oci/create',
      ':lang/account/punchout/:type/create',
      PunchoutUserCreatePage,
      createLoader,
    )
    await screen.findByRole('heading', { level: 1, name: 'Neuer Punchout-Benutzer' })
    expect(screen.getByText('Format: OCI')).toBeTruthy()
    expect(screen.getByLabelText('Benutzername').getAttribute('required')).not.toBeNull()
    expect(screen.getByLabelText('Passwort').getAttribute('type')).toBe('password')
    expect(screen.getByLabelText('Passwort wiederholen').getAttribute('type')).toBe('password')
    expect(
      (screen.getByLabelText('Aktiv (der Benutzer kann sich anmelden)') as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('shows the OCI mapping per field with the API’s values, formatters and placeholders, every input labelled', async () => {
    jack.render(
      '/en/account/punchout/oci/configuration',
      ':lang/account/punchout/oci/configuration',
      OciConfigurationPage,
      ociLoader,
    )
    const group = await screen.findByRole('group', { name: 'NEW_ITEM-UNIT' })
    expect((within(group).getByLabelText('Value') as HTMLInputElement).value).toMatch(/\{\w+\}/)
    const format = within(group).getByLabelText('Format') as HTMLSelectElement
    expect([...format.options].map((option) => option.value)).toEqual(
      expect.arrayContaining(['Decimal0', 'Decimal2', 'Decimal3', 'LowerCase', 'UpperCase']),
    )
    expect(
      within(group).getAllByRole('textbox', { name: /NEW_ITEM-UNIT, replacement \d: value/ }),
    ).toHaveLength(2)
    expect(
      screen.getByText(
        `Placeholders you can use: ${ociOptions()
          .availablePlaceholders.map((placeholder) => `{${placeholder}}`)
          .join(', ')}`,
      ),
    ).toBeTruthy()
  })
})

describe('the basket page', () => {
  it('offers a punchout user "Transfer basket" instead of "Checkout"; a buyer "Checkout"', async () => {
    const [sku] = await sellableSkus(api, 1)
    const punchout = new Browser('en')
    const query = new URLSearchParams({
      HOOK_URL: 'https://srm.example.com/hook',
      USERNAME: 'brightline-oci',
      PASSWORD: DEMO_PASSWORD,
    })
    await punchout.call(punchoutLoader, `/en/punchout?${query}`)
    await punchout.add(sku!, 1)
    punchout.render('/en/basket', ':lang/basket', BasketPage, basketLoader)
    // One button below the lines and one in the summary (shown from tablet width on).
    const transfer = await screen.findAllByRole('button', { name: 'Transfer basket' })
    expect(transfer.map((button) => button.closest('form')!.getAttribute('action'))).toEqual([
      '/en/basket/transfer',
      '/en/basket/transfer',
    ])
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull()
    cleanup()

    const buyer = new Browser('en')
    await buyer.login('bbuyer')
    await buyer.add(sku!, 1)
    buyer.render('/en/basket', ':lang/basket', BasketPage, basketLoader)
    expect((await screen.findAllByRole('button', { name: 'Checkout' })).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Transfer basket' })).toBeNull()
  })
})
