// @vitest-environment jsdom
/**
 * The shop's one form pattern (app/components/forms.tsx, form-controls.tsx) as a shopper meets it:
 * constraints from the schema, errors next to their field and announced for the form, and the login page
 * built on it.
 */
import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { createRemixStub } from '@remix-run/testing'
import { Form } from '@remix-run/react'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import LoginPage, { action as loginAction, loader as loginLoader } from '~/routes/$lang._shop.login'
import { i18nFor } from '~/services/i18n.server'
import { icm, icmError, icmPath } from './icm-mock'
import './setup'

afterEach(cleanup)

const NameSchema = z.object({ name: z.string({ required_error: 'Please enter a name.' }).max(20) })

/** A form on the pattern whose action refuses every name, as the API would with its own message. */
function NameForm() {
  const [form, fields] = useShopForm({ id: 'name', schema: NameSchema })
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors form={form} label={{ name: 'Name' }} />
      <Field meta={fields.name} label="Name" />
      <SubmitButton>Save</SubmitButton>
    </Form>
  )
}

const nameStub = () =>
  createRemixStub([
    {
      path: '/form',
      Component: NameForm,
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema: NameSchema })
        return { result: submission.reply({ formErrors: ['The shop could not save this name.'] }) }
      },
    },
  ])

/** Renders in English (each language's i18next instance registers itself; the last one would win). */
const renderEn = (node: ReactNode) =>
  render(<I18nextProvider i18n={i18nFor('en_US')}>{node}</I18nextProvider>)

describe('a form on the shop’s pattern', () => {
  it('takes its HTML constraints from the schema, so they work without JavaScript', async () => {
    const Stub = nameStub()
    renderEn(<Stub initialEntries={['/form']} />)
    const input = await screen.findByLabelText('Name')
    expect(input.hasAttribute('required')).toBe(true)
    expect(input.getAttribute('maxlength')).toBe('20')
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows a field error next to its field and, after the failed submission, in a focused summary', async () => {
    const Stub = nameStub()
    renderEn(<Stub initialEntries={['/form']} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
    const error = await screen.findByText('Please enter a name.', { selector: '.field-error li' })
    const input = screen.getByLabelText('Name')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toContain(error.closest('ul')!.id)
    const summary = screen.getByRole('alert')
    expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe('Please check your entries')
    const link = within(summary).getByRole('link', { name: 'Name: Please enter a name.' })
    expect(link.getAttribute('href')).toBe(`#${input.id}`)
    await waitFor(() => expect(document.activeElement).toBe(summary))
  })

  it('shows no summary for errors found while typing, before any submission', async () => {
    const Stub = nameStub()
    renderEn(<Stub initialEntries={['/form']} />)
    const input = await screen.findByLabelText('Name')
    fireEvent.change(input, { target: { value: 'x'.repeat(21) } })
    fireEvent.blur(input)
    await screen.findByText(/at most 20/, { selector: '.field-error li' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('focuses a new summary on every failed submission', async () => {
    const Stub = nameStub()
    renderEn(<Stub initialEntries={['/form']} />)
    const save = await screen.findByRole('button', { name: 'Save' })
    fireEvent.click(save)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
    save.focus()
    fireEvent.click(save)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
  })

  it('announces the action’s refusal for the whole form and keeps what was typed', async () => {
    const Stub = nameStub()
    renderEn(<Stub initialEntries={['/form']} />)
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ada' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('listitem').textContent).toBe('The shop could not save this name.')
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada')
  })

  it('keeps a one-field form’s errors as a plain announced list', async () => {
    function Compact() {
      const [form, fields] = useShopForm({
        id: 'code',
        schema: NameSchema,
        lastResult: { status: 'error', error: { '': ['This code is not valid.'] } },
      })
      return (
        <Form method="post" {...getFormProps(form)}>
          <FormErrors form={form} summary={false} />
          <Field meta={fields.name} label="Code" />
        </Form>
      )
    }
    const Stub = createRemixStub([{ path: '/code', Component: Compact }])
    renderEn(<Stub initialEntries={['/code']} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('This code is not valid.')
    expect(within(alert).queryByRole('heading')).toBeNull()
  })
})

describe('the login page', () => {
  function loginStub(lang: 'en' | 'de') {
    const Stub = createRemixStub([
      {
        path: '/:lang/login',
        Component: LoginPage,
        loader: ({ request, params, context }) => loginLoader({ request, params, context }),
        action: ({ request, params, context }) => loginAction({ request, params, context }),
      },
    ])
    render(
      <I18nextProvider i18n={i18nFor(lang === 'en' ? 'en_US' : 'de_DE')}>
        <Stub initialEntries={[`/${lang}/login`]} />
      </I18nextProvider>,
    )
  }

  it('shows the refusal the API gave in the page language, keeping the login typed', async () => {
    icm.use(http.post(icmPath('token'), () => icmError(401, 'invalid_grant')))
    loginStub('de')
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse oder Benutzername'), {
      target: { value: 'jlink' },
    })
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'geheim' } })
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/Benutzername oder das Passwort/)
    expect((screen.getByLabelText('E-Mail-Adresse oder Benutzername') as HTMLInputElement).value).toBe(
      'jlink',
    )
  })
})
