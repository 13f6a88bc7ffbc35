// @vitest-environment jsdom
/**
 * The transfer page as a punchout user sees it (issue 34): its problems first and a visible "Continue". Its
 * ICM answers are fixtures until the commerce API serves the transfers (`POST …/{type}/transfer`); the
 * administration's pages and the basket page's "Transfer basket" are rendered against the real API in
 * tests/storefront-api/punchout-pages.test.tsx.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import TransferPage, { loader as transferLoader } from '~/routes/$lang._shop.basket_.transfer'
import { get, icm, icmPath } from './icm-mock'
import { signedInCookie } from './loader-args'
import { basketAnswer, OCI_USER, PUNCHOUTS, sessionUserOf } from './punchout-fixtures'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

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
    await show([{ position: 1, sku: '1000042', field: 'NEW_ITEM-DESCRIPTION', reason: 'too-long' }])
    const alert = screen.getByRole('alert')
    expect(within(alert).getByRole('heading').textContent).toBe(
      'Not every line fits the procurement system’s format',
    )
    // The API's reason code in words.
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Line 1 (1000042), field NEW_ITEM-DESCRIPTION: longer than the format allows',
    )
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
