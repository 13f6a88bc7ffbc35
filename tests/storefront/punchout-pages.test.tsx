// @vitest-environment jsdom
/**
 * The punchout pages as a shopper sees them (issue 34): the transfer page with its problems first and a
 * visible "Continue", and the administration's list and forms, labelled for every field.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import PunchoutAdminPage, { loader as listLoader } from '~/routes/$lang._shop.account.punchout._index'
import PunchoutUserCreatePage, {
  loader as createLoader,
} from '~/routes/$lang._shop.account.punchout.$type.create'
import OciConfigurationPage, {
  loader as ociLoader,
} from '~/routes/$lang._shop.account.punchout.oci.configuration'
import TransferPage, { loader as transferLoader } from '~/routes/$lang._shop.basket_.transfer'
import type { SessionUser } from '~/services/session.server'
import { get, icm, icmPath } from './icm-mock'
import { signedInCookie } from './loader-args'
import { basketAnswer, CUSTOMER, OCI_USER, PUNCHOUTS, sessionUserOf } from './punchout-fixtures'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

const ADMIN: SessionUser = {
  ...sessionUserOf(OCI_USER),
  login: 'jlink',
  roles: ['APP_B2B_ACCOUNT_OWNER'],
  permissions: ['APP_B2B_MANAGE_PUNCHOUT'],
}

describe('the transfer page', () => {
  const show = async (problems: unknown[]) => {
    icm.use(
      get('baskets/b-oci', basketAnswer('b-oci', [{ id: 'l-1', sku: '1000042', quantity: 1 }])),
      http.post(icmPath(`${PUNCHOUTS}/oci5/transfer`), () =>
        HttpResponse.json({ data: [{ name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Drill' }], problems }),
      ),
    )
    const cookie = await signedInCookie(sessionUserOf(OCI_USER), {
      punchout: {
        type: 'oci',
        login: OCI_USER.login,
        hookUrl: 'https://srm.example.com/hook',
        basketId: 'b-oci',
      },
    })
    renderRoute({
      path: '/en/basket/transfer',
      pattern: '/:lang/basket/transfer',
      Component: TransferPage,
      loader: transferLoader,
      cookie,
    })
    return screen.findByRole('heading', { level: 1, name: 'Transfer basket' })
  }

  it('lists the lines the format cannot carry first, and holds the form with a visible Continue', async () => {
    await show([
      { position: 1, sku: '1000042', field: 'NEW_ITEM-DESCRIPTION', reason: 'too-long' },
      { position: 2, sku: '1000043', field: 'NEW_ITEM-PRICE', reason: 'a sentence of a real ICM' },
    ])
    const alert = screen.getByRole('alert')
    expect(within(alert).getByRole('heading').textContent).toBe(
      'Not every line fits the procurement system’s format',
    )
    // The API's reason codes in words; a real ICM's own sentence as it came.
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 1 (1000042), field NEW_ITEM-DESCRIPTION: longer than the format allows',
      'Line 2 (1000043), field NEW_ITEM-PRICE: a sentence of a real ICM',
    ])
    const form = document.getElementById('punchout-hook-form') as HTMLFormElement
    expect(form.getAttribute('action')).toBe('https://srm.example.com/hook')
    expect(form.getAttribute('method')).toBe('post')
    expect((form.elements.namedItem('NEW_ITEM-DESCRIPTION[1]') as HTMLInputElement).value).toBe('Drill')
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
    // With problems the page never sends itself.
    expect(document.querySelector('script')).toBeNull()
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('sends itself when nothing is wrong, the button still there', async () => {
    await show([])
    expect(screen.queryByRole('alert')).toBeNull()
    const script = document.querySelector('script')!.textContent!
    expect(script).toMatch(/document\.getElementById\('punchout-hook-form'\)\.submit\(\)$/)
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
    // The script does not run here, as in a browser without JavaScript: the page asks for "Continue" and does
    // not claim to be sending; the script says it is sending, then sends.
    const hint = screen.getByText('Press “Continue” to send your basket to your procurement system.')
    const sending = screen.getByText('Your basket is being sent to your procurement system…')
    expect([hint.hidden, sending.hidden]).toEqual([false, true])
    new Function(script.replace(/document\.getElementById\('punchout-hook-form'\)\.submit\(\)$/, ''))()
    expect([hint.hidden, sending.hidden]).toEqual([true, false])
  })
})

describe('the administration', () => {
  it('lists a type’s users with their status and the ways on, types as tabs', async () => {
    icm.use(
      get(PUNCHOUTS, {
        elements: ['oci5', 'cxml1.2'].map((resource) => ({
          type: 'Link',
          uri: `x/${PUNCHOUTS}/${resource}`,
        })),
      }),
      get(`${PUNCHOUTS}/cxml1\\.2/users`, {
        elements: [
          { type: 'Link', uri: `x/${PUNCHOUTS}/cxml1.2/users/cx1`, title: 'cx1', itemId: 'cx1' },
          {
            type: 'Link',
            uri: `x/${PUNCHOUTS}/cxml1.2/users/cx2`,
            title: 'cx2',
            itemId: 'cx2',
            attributes: [{ name: 'active', value: false }],
          },
        ],
      }),
    )
    renderRoute({
      path: '/en/account/punchout?type=cxml',
      pattern: '/:lang/account/punchout',
      Component: PunchoutAdminPage,
      loader: listLoader,
      cookie: await signedInCookie(ADMIN),
    })
    await screen.findByRole('heading', { level: 2, name: 'cXML users' })
    const tabs = screen.getByRole('navigation', { name: 'Punchout formats' })
    expect(within(tabs).getByRole('link', { name: 'cXML' }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('link', { name: 'OCI' }).getAttribute('href')).toBe(
      '/en/account/punchout?type=oci',
    )
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('cx1Active'),
      expect.stringContaining('cx2Inactive'),
    ])
    expect(screen.getByRole('link', { name: 'Edit cx2' }).getAttribute('href')).toBe(
      '/en/account/punchout/cxml/users/cx2',
    )
    expect(screen.getByRole('link', { name: 'cXML configuration of cx1' }).getAttribute('href')).toBe(
      '/en/account/punchout/cxml/configuration/cx1',
    )
    expect(screen.getByRole('link', { name: 'Add user' }).getAttribute('href')).toBe(
      '/en/account/punchout/cxml/create',
    )
    expect(screen.getByText(new RegExp(`Your customer number is ${CUSTOMER}`))).toBeTruthy()
  })

  it('offers a new user’s login, password twice and status, active by default', async () => {
    renderRoute({
      path: '/de/account/punchout/oci/create',
      pattern: '/:lang/account/punchout/:type/create',
      Component: PunchoutUserCreatePage,
      loader: createLoader,
      cookie: await signedInCookie(ADMIN),
    })
    await screen.findByRole('heading', { level: 1, name: 'Neuer Punchout-Benutzer' })
    expect(screen.getByText('Format: OCI')).toBeTruthy()
    expect(screen.getByLabelText('Benutzername').getAttribute('required')).not.toBeNull()
    expect(screen.getByLabelText('Passwort').getAttribute('type')).toBe('password')
    expect(screen.getByLabelText('Passwort wiederholen').getAttribute('type')).toBe('password')
    expect(
      (screen.getByLabelText('Aktiv (der Benutzer kann sich anmelden)') as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('shows the OCI configuration per field, every input labelled', async () => {
    icm.use(
      get(`${PUNCHOUTS}/oci5`, {
        punchoutType: 'oci',
        version: '5.0',
        availableFormatters: [{ id: 'UpperCase' }],
        availablePlaceholders: [{ id: 'SKU' }],
      }),
      get(`${PUNCHOUTS}/oci5/configurations`, {
        items: [{ field: 'NEW_ITEM-UNIT', transform: '{Unit}', formatter: 'UpperCase', mappings: [] }],
      }),
    )
    renderRoute({
      path: '/en/account/punchout/oci/configuration',
      pattern: '/:lang/account/punchout/oci/configuration',
      Component: OciConfigurationPage,
      loader: ociLoader,
      cookie: await signedInCookie(ADMIN),
    })
    const group = await screen.findByRole('group', { name: 'NEW_ITEM-UNIT' })
    expect((within(group).getByLabelText('Value') as HTMLInputElement).value).toBe('{Unit}')
    expect((within(group).getByLabelText('Format') as HTMLSelectElement).value).toBe('UpperCase')
    expect(
      within(group).getAllByRole('textbox', { name: /NEW_ITEM-UNIT, replacement \d: value/ }),
    ).toHaveLength(2)
    expect(screen.getByText('Placeholders you can use: {SKU}')).toBeTruthy()
  })
})
