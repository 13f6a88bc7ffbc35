// @vitest-environment jsdom
/**
 * The shop's one form pattern (app/components/forms.tsx) as a shopper meets it: constraints from the
 * schema, errors next to their field and announced for the form, and the login page built on it.
 */
import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { createRemixStub } from '@remix-run/testing'
import { Form } from '@remix-run/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { http } from 'msw'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Field, FormErrors, SubmitButton, useShopForm } from '~/components/forms'
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
      <FormErrors form={form} />
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

describe('a form on the shop’s pattern', () => {
  it('takes its HTML constraints from the schema, so they work without JavaScript', async () => {
    const Stub = nameStub()
    render(<Stub initialEntries={['/form']} />)
    const input = await screen.findByLabelText('Name')
    expect(input.hasAttribute('required')).toBe(true)
    expect(input.getAttribute('maxlength')).toBe('20')
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows a field error next to its field, named by aria-describedby, before posting', async () => {
    const Stub = nameStub()
    render(<Stub initialEntries={['/form']} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
    const error = await screen.findByText('Please enter a name.')
    const input = screen.getByLabelText('Name')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toContain(error.closest('ul')!.id)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('announces the action’s refusal for the whole form and keeps what was typed', async () => {
    const Stub = nameStub()
    render(<Stub initialEntries={['/form']} />)
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ada' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('The shop could not save this name.')
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada')
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
