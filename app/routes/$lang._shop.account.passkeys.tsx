import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useHydrated } from 'remix-utils/use-hydrated'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { SubmitButton } from '~/components/form-controls'
import { formatDate } from '~/components/order/OrderStatus'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import {
  createPasskey,
  passkeysSupported,
  PasskeyCeremonyError,
  type CeremonyFailure,
} from '~/browser/passkeys'
import { messageText } from '~/models/messages'
import { passkeyFormSchema } from '~/models/passkey-form'
import { isIpHost, MAX_PASSKEY_NAME_LENGTH, type ListedPasskey } from '~/models/passkeys'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { notFound, privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { passkeysOffered } from '~/services/passkey-access.server'
import { addPasskey, deletePasskey, listPasskeys, renamePasskey } from '~/services/passkeys.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const pathOf = (lang: string) => `/${lang}/account/passkeys`

/**
 * Passkeys (`/{lang}/account/passkeys`, issue 35): the user's passkeys with their names and dates, each to
 * rename or delete (form posts that work without JavaScript), and "Add a passkey", which needs JavaScript and
 * a browser with WebAuthn: the page says so where either is missing. Not in a punchout session, nor for users
 * of their company's identity provider or a sales representative acting for them (404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  if (!passkeysOffered(shopper.session)) throw notFound()
  const passkeys = await loginAgainIfRefused(request, shopper, listPasskeys(shopper.scope))
  return data(
    { title: fixedT(shopper.locale.id)('account.passkeys.title'), passkeys },
    { headers: privateHeaders() },
  )
}

/** `add` (after the browser's ceremony), `rename`, `delete`: each returns to the list with a message. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  if (!passkeysOffered(shopper.session)) throw notFound()
  const t = fixedT(shopper.locale.id)
  const back = pathOf(shopper.locale.lang)
  const submission = parseSubmission(await readForm(request), { schema: passkeyFormSchema(t), t })
  const failed = (details: string[]) =>
    redirectWithToast(shopper.session, back, {
      key: 'account.passkeys.change_failed.message',
      type: 'error',
      details,
    })
  if (submission.status !== 'success')
    return failed(Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []))
  const input = submission.value
  const { scope } = shopper
  let result
  if (input.intent === 'add') {
    let response: unknown
    try {
      response = JSON.parse(input.response)
    } catch {
      return failed([t('account.passkeys.add.error.failed')])
    }
    result = await loginAgainIfRefused(
      request,
      shopper,
      addPasskey(scope, { challengeId: input.challengeId, name: input.name, response }),
    )
  } else if (input.intent === 'rename') {
    result = await loginAgainIfRefused(request, shopper, renamePasskey(scope, input.id, input.name))
  } else {
    result = await loginAgainIfRefused(request, shopper, deletePasskey(scope, input.id))
  }
  if (!result.ok) return failed(result.errors.map((error) => messageText(t, error)))
  return redirectWithToast(shopper.session, back, {
    key: `account.passkeys.${input.intent}.success.message`,
    type: 'success',
  })
}

function PasskeyRow({ passkey }: { passkey: ListedPasskey }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <tr data-testid="passkey">
      <td data-label={t('account.passkeys.list.name')}>{passkey.name}</td>
      <td data-label={t('account.passkeys.list.created')}>{formatDate(passkey.creationDate, locale.tag)}</td>
      <td data-label={t('account.passkeys.list.last_used')}>
        {passkey.lastUsedDate
          ? formatDate(passkey.lastUsedDate, locale.tag)
          : t('account.passkeys.list.never_used')}
      </td>
      <td className="passkey-actions">
        <details>
          <summary>{t('account.passkeys.rename.button')}</summary>
          <Form method="post" className="passkey-rename">
            <input type="hidden" name="id" value={passkey.id} />
            <label htmlFor={`passkey-name-${passkey.id}`}>{t('account.passkeys.name.label')}</label>
            <input
              id={`passkey-name-${passkey.id}`}
              name="name"
              defaultValue={passkey.name}
              maxLength={MAX_PASSKEY_NAME_LENGTH}
              required
            />
            <SubmitButton intent="rename">{t('account.passkeys.rename.submit')}</SubmitButton>
          </Form>
        </details>
        <Form method="post">
          <input type="hidden" name="id" value={passkey.id} />
          <SubmitButton
            intent="delete"
            className="danger"
            aria-label={t('account.passkeys.delete.label', { name: passkey.name })}
          >
            {t('account.passkeys.delete.button')}
          </SubmitButton>
        </Form>
      </td>
    </tr>
  )
}

/**
 * "Add a passkey": without JavaScript (and until the page is hydrated) a sentence saying what it needs; with
 * it, where this browser cannot make passkeys here, why not; else the name and the button that runs the
 * ceremony and posts its answer to this page.
 */
function AddPasskey() {
  const { t } = useTranslation()
  const { locale } = useShell()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigation = useNavigation()
  const [support, setSupport] = useState<'unknown' | 'yes' | 'browser' | 'address'>('unknown')
  const [failure, setFailure] = useState<CeremonyFailure | null>(null)
  const [running, setRunning] = useState(false)
  useEffect(() => {
    setSupport(passkeysSupported() ? 'yes' : isIpHost(window.location.hostname) ? 'address' : 'browser')
  }, [])
  if (!hydrated || support === 'unknown')
    return <p className="passkeys-needs">{t('account.passkeys.add.needs')}</p>
  if (support !== 'yes')
    return (
      <p className="passkeys-needs">
        {t(support === 'address' ? 'account.passkeys.add.unavailable' : 'account.passkeys.add.unsupported')}
      </p>
    )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim()
    setFailure(null)
    setRunning(true)
    try {
      const made = await createPasskey(`${pathOf(locale.lang)}/options`)
      submit({ intent: 'add', name: name || t('account.passkeys.name.default'), ...made }, { method: 'post' })
    } catch (error) {
      setFailure(error instanceof PasskeyCeremonyError ? error.failure : 'failed')
    } finally {
      setRunning(false)
    }
  }
  const busy = running || navigation.state !== 'idle'
  return (
    <form
      className="passkey-add"
      onSubmit={onSubmit}
      aria-describedby={failure ? 'passkey-add-error' : undefined}
    >
      <label htmlFor="passkey-add-name">{t('account.passkeys.name.label')}</label>
      <input
        id="passkey-add-name"
        name="name"
        defaultValue={t('account.passkeys.name.default')}
        maxLength={MAX_PASSKEY_NAME_LENGTH}
        autoComplete="off"
      />
      <button type="submit" className="primary" disabled={busy} aria-busy={busy || undefined}>
        {t('account.passkeys.add.button')}
      </button>
      {failure ? (
        <p id="passkey-add-error" className="error" role="alert">
          {t(`account.passkeys.add.error.${failure}`)}
        </p>
      ) : null}
    </form>
  )
}

export default function PasskeysPage() {
  const { passkeys } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: t('account.passkeys.title') }]} />
      <h1>{t('account.passkeys.title')}</h1>
      <p>{t('account.passkeys.intro')}</p>
      {passkeys.length === 0 ? (
        <p>{t('account.passkeys.list.empty')}</p>
      ) : (
        <table className="passkeys card-table">
          <caption className="visually-hidden">{t('account.passkeys.list.caption')}</caption>
          <TableHead
            columns={[
              { label: t('account.passkeys.list.name') },
              { label: t('account.passkeys.list.created') },
              { label: t('account.passkeys.list.last_used') },
              { label: t('account.passkeys.list.actions'), hidden: true },
            ]}
          />
          <tbody>
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </tbody>
        </table>
      )}
      <section aria-labelledby="passkey-add-heading" className="passkeys-add">
        <h2 id="passkey-add-heading">{t('account.passkeys.add.heading')}</h2>
        <AddPasskey />
      </section>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
