// @vitest-environment jsdom
/**
 * The transfer form as a punchout user sees it (issue 34), rendered on its own: its problems first, a visible
 * "Continue", and the text it shows with and without JavaScript. What the form carries is the commerce API's
 * and is tested against the real API in tests/storefront-api/punchout-transfer.test.tsx.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { HOOK_FORM_ID, HookFormView } from '~/components/punchout/HookFormView'
import type { HookForm } from '~/models/punchout'
import { fixedT } from '~/services/i18n.server'

afterEach(cleanup)

const SUBMIT = /document\.getElementById\('punchout-hook-form'\)\.submit\(\)$/

describe('the transfer form', () => {
  const show = (problems: HookForm['problems']) =>
    render(
      <HookFormView
        t={fixedT('en_US')}
        form={{
          action: 'https://srm.example.com/hook',
          target: '_top',
          fields: [{ name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Drill' }],
          autoSubmit: problems.length === 0,
          problems,
        }}
      />,
    )

  it('lists the lines the format cannot carry first, and holds the form with a visible Continue', () => {
    show([{ position: 1, sku: '1000042', field: 'NEW_ITEM-DESCRIPTION', reason: 'too-long' }])
    const alert = screen.getByRole('alert')
    expect(within(alert).getByRole('heading').textContent).toBe(
      'Not every line fits the procurement system’s format',
    )
    // The API's reason code in words.
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Line 1 (1000042), field NEW_ITEM-DESCRIPTION: longer than the format allows',
    )
    const form = document.getElementById(HOOK_FORM_ID) as HTMLFormElement
    expect(form.getAttribute('action')).toBe('https://srm.example.com/hook')
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('target')).toBe('_top')
    expect((form.elements.namedItem('NEW_ITEM-DESCRIPTION[1]') as HTMLInputElement).value).toBe('Drill')
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
    // With problems the page never sends itself.
    expect(document.querySelector('script')).toBeNull()
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('sends itself when nothing is wrong, the button still there', () => {
    show([])
    expect(screen.queryByRole('alert')).toBeNull()
    const script = document.querySelector('script')!.textContent!
    expect(script).toMatch(SUBMIT)
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
    // The script does not run here, as in a browser without JavaScript: the page asks for "Continue" and does
    // not claim to be sending; the script says it is sending, then sends.
    const hint = screen.getByText('Press “Continue” to send your basket to your procurement system.')
    const sending = screen.getByText('Your basket is being sent to your procurement system…')
    expect([hint.hidden, sending.hidden]).toEqual([false, true])
    new Function(script.replace(SUBMIT, ''))()
    expect([hint.hidden, sending.hidden]).toEqual([true, false])
  })
})
