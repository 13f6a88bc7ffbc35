/**
 * The page of a password link (`/{lang}/forgotPassword/updatePassword?uid=&Hash=`, issue 17): a plain form
 * posting ICM's `POST security/password {userID, secureCode, password}`; ICM's refusals, recognised by the
 * attribute they name as the PWA does, show the spec's messages in the shopper's language; success goes to
 * the login page with a toast.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action, loader, meta } from '~/routes/$lang._shop.forgotPassword.updatePassword'
import { fixedT } from '~/services/i18n.server'
import { icm, icmPath } from './icm-mock'
import { answer, args, sessionFrom } from './loader-args'
import { allowUnknownCodes } from './fixture-check'
import './setup'

const LINK = '?uid=0b7c1f6e-4a35-4a8e-9a55-2f0c7d1e0a01&Hash=s3cr3t-link-value'
const form = (
  fields: Partial<Record<'uid' | 'hash' | 'password' | 'passwordConfirmation', string>> = {},
) => ({
  uid: '0b7c1f6e-4a35-4a8e-9a55-2f0c7d1e0a01',
  hash: 's3cr3t-link-value',
  password: 'Fresh2026x',
  passwordConfirmation: 'Fresh2026x',
  ...fields,
})

/** ICM's refusal of `security/password`, naming the attribute in its header (and our API's causes). */
function refusal(status: number, code: string, attribute?: string) {
  return HttpResponse.json(
    {
      errors: [
        {
          status: String(status),
          code,
          message: code,
          causes: [{ code, message: code, ...(attribute ? { paths: [attribute] } : {}) }],
        },
      ],
    },
    {
      status,
      headers: { 'error-key': code, ...(attribute ? { 'error-invalid-attributes': attribute } : {}) },
    },
  )
}

/** What the page posted to ICM, and the answer it gets. */
function securityPassword(reply: () => Response) {
  const posted: { body: unknown; token: string | null }[] = []
  icm.use(
    http.post(icmPath('security/password'), async ({ request }) => {
      posted.push({ body: await request.json(), token: request.headers.get('authentication-token') })
      return reply()
    }),
  )
  return posted
}

const formErrorsOf = (data: any): string[] => data.result.error?.[''] ?? []

describe('the set-password page', () => {
  it('shows the form for a link with uid and Hash, private and noindex', async () => {
    const { response, data } = await answer(loader, args(`/en/forgotPassword/updatePassword${LINK}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.link).toEqual({ uid: '0b7c1f6e-4a35-4a8e-9a55-2f0c7d1e0a01', hash: 's3cr3t-link-value' })
    expect(data.title).toBe('Set your password')
    expect(meta({ data } as never)).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('says the link is incomplete (400) without uid or Hash', async () => {
    for (const query of ['', '?uid=u-1', '?Hash=h', `?uid=u&Hash=${'x'.repeat(300)}`]) {
      const { response, data } = await answer(loader, args(`/de/forgotPassword/updatePassword${query}`))
      expect(response.status, query).toBe(400)
      expect(data.link).toBeNull()
      expect(data.loginUrl).toBe('/de/login')
    }
  })

  it('posts the password with the link to ICM without a token and goes to the login page with a toast', async () => {
    const posted = securityPassword(() => new HttpResponse(null, { status: 204 }))
    const { response, setCookie } = await answer(
      action,
      args('/fr/forgotPassword/updatePassword', { form: form() }),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/fr/login')
    expect(posted).toEqual([
      {
        body: {
          userID: '0b7c1f6e-4a35-4a8e-9a55-2f0c7d1e0a01',
          secureCode: 's3cr3t-link-value',
          password: 'Fresh2026x',
        },
        token: null,
      },
    ])
    const toast = (await sessionFrom(setCookie)).get('toast')
    expect(toast).toMatchObject({
      key: 'account.forgotdata.update_password.success.message',
      type: 'success',
    })
  })

  it('refuses two different passwords (400) without asking ICM, never echoing a secret', async () => {
    const posted = securityPassword(() => new HttpResponse(null, { status: 204 }))
    const { response, data } = await answer(
      action,
      args('/en/forgotPassword/updatePassword', { form: form({ passwordConfirmation: 'Other2026x' }) }),
    )
    expect(response.status).toBe(400)
    expect(posted).toEqual([])
    expect(data.result.error.passwordConfirmation).toEqual(['The passwords do not match.'])
    expect(JSON.stringify(data)).not.toMatch(/Fresh2026x|Other2026x|s3cr3t-link-value/)
  })

  const refusals = [
    {
      status: 400,
      code: 'account.forgotdata.consumer_invalid_hash.error',
      attribute: 'secureCode',
      lang: 'en',
      text: 'This link is not valid or has already been used.',
    },
    {
      status: 422,
      code: 'account.forgotdata.consumer_disabled.error',
      attribute: 'userID',
      lang: 'de',
      text: 'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an die Administration Ihres Unternehmens.',
    },
    {
      status: 422,
      code: 'account.forgotdata.consumer_password_timeout.error',
      attribute: undefined,
      lang: 'pl',
      text: 'Ten link wygasł. Poproś o nowy.',
    },
  ]
  for (const refused of refusals) {
    it(`shows ${refused.code} in the shopper’s language (422)`, async () => {
      securityPassword(() => refusal(refused.status, refused.code, refused.attribute))
      const { response, data } = await answer(
        action,
        args(`/${refused.lang}/forgotPassword/updatePassword`, { form: form() }),
      )
      expect(response.status).toBe(422)
      expect(formErrorsOf(data)).toEqual([refused.text])
      expect(JSON.stringify(data)).not.toMatch(/Fresh2026x|s3cr3t-link-value/)
    })
  }

  it('shows a password against ICM’s rule at the password field', async () => {
    const code = 'customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation'
    securityPassword(() => refusal(422, code, 'password'))
    const { response, data } = await answer(
      action,
      args('/ro/forgotPassword/updatePassword', {
        form: form({ password: 'abcdefgh', passwordConfirmation: 'abcdefgh' }),
      }),
    )
    expect(response.status).toBe(422)
    expect(data.result.error.password).toEqual([fixedT('ro_RO')(code)])
  })

  it('reads the attribute from ICM’s header when the body names none', async () => {
    // ICM's generic refusal of a new password (this shop's API names the rule; ICM 7.10 does not).
    allowUnknownCodes('account.update_password.error')
    const code = 'customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation'
    securityPassword(() =>
      HttpResponse.json(
        { errors: [{ status: '422', code: 'account.update_password.error', message: 'refused' }] },
        {
          status: 422,
          headers: { 'error-key': 'account.update_password.error', 'error-invalid-attributes': 'password' },
        },
      ),
    )
    const { response, data } = await answer(
      action,
      args('/en/forgotPassword/updatePassword', {
        form: form({ password: 'abcdefgh', passwordConfirmation: 'abcdefgh' }),
      }),
    )
    expect(response.status).toBe(422)
    expect(data.result.error.password).toEqual([fixedT('en_US')(code)])
  })

  it('reads an ICM refusal it has no text for as the expired link, as the PWA does', async () => {
    allowUnknownCodes('some.other.error')
    securityPassword(() => refusal(400, 'some.other.error'))
    const { response, data } = await answer(
      action,
      args('/en/forgotPassword/updatePassword', { form: form() }),
    )
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual(['This link has expired. Please ask for a new one.'])
  })
})
