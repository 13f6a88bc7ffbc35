import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { CheckboxField, Field, useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import { messageText } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import { WISHLIST_TITLE_MAX, wishlistsPath } from '~/models/wishlist'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused, requireFeature, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { redirectWithToast } from '~/services/toast.server'
import { createWishlist, deleteWishlist, listWishlists, updateWishlist } from '~/services/wishlists.server'

export const headers = pageHeaders

const title = z.string().trim().min(1).max(WISHLIST_TITLE_MAX)
const id = z.string().min(1).max(100)
const CreateSchema = z.object({ intent: z.literal('create'), title, preferred: z.boolean().optional() })
const ListSchema = z.discriminatedUnion('intent', [
  CreateSchema,
  z.object({ intent: z.literal('rename'), id, title }),
  z.object({ intent: z.literal('preferred'), id }),
  z.object({ intent: z.literal('delete'), id }),
])

/** `/account/wishlists` (feature wishlists, logged in, noindex): the user's lists, oldest first. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'wishlists')
  const shopper = await requireLogin({ request, params, context })
  const lists = await loginAgainIfRefused(request, shopper, listWishlists(shopper.scope, shopper.user))
  return data(
    { title: fixedT(shopper.locale.id)('account.wishlists.title'), lists },
    { headers: privateHeaders() },
  )
}

/** Create, rename, make preferred, delete: post/redirect/get with a toast; a refusal shows the API's reason. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'wishlists')
  const shopper = await requireLogin({ request, params, context })
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: ListSchema, t })
  if (submission.status !== 'success') {
    if (submission.payload.intent === 'create') return invalid(submission)
    return redirectWithToast(session, wishlistsPath(locale.lang), {
      key: 'account.wishlists.title.invalid',
      type: 'error',
    })
  }
  const form = submission.value
  const call =
    form.intent === 'create'
      ? createWishlist(scope, user, { title: form.title, preferred: form.preferred ?? false })
      : form.intent === 'delete'
        ? deleteWishlist(scope, user, form.id)
        : updateWishlist(
            scope,
            user,
            form.id,
            form.intent === 'rename' ? { title: form.title } : { preferred: true },
          )
  const result = await loginAgainIfRefused(request, shopper, call)
  if (!result.ok) {
    if (form.intent === 'create') return refused(submission, t, result.errors)
    return redirectWithToast(session, wishlistsPath(locale.lang), {
      key: 'account.wishlists.change.failed',
      type: 'error',
      details: result.errors.map((error) => messageText(t, error)),
    })
  }
  return redirectWithToast(session, wishlistsPath(locale.lang), {
    key: `account.wishlists.${form.intent}.success`,
    values: { title: 'title' in form ? form.title : '' },
    type: 'success',
  })
}

export default function WishlistsPage() {
  const { title, lists } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'wishlist-create', schema: CreateSchema })
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: title }]} />
      <h1>{title}</h1>
      {lists.length === 0 ? <p>{t('account.wishlists.empty')}</p> : null}
      <ul className="wishlist-list">
        {lists.map((list) => (
          <li key={list.id} className="wishlist-card">
            <h2>
              <Link to={`${wishlistsPath(locale.lang)}/${list.id}`}>{list.title}</Link>
            </h2>
            <p>
              {t('account.wishlists.items', { count: list.itemsCount })}
              {list.preferred ? <strong> · {t('account.wishlists.preferred')}</strong> : null}
              {list.shared ? <> · {t('account.wishlist.shared')}</> : null}
            </p>
            <Form method="post" className="inline-form">
              <input type="hidden" name="id" value={list.id} />
              <label htmlFor={`rename-${list.id}`}>{t('account.wishlists.rename.label')}</label>{' '}
              <input
                id={`rename-${list.id}`}
                name="title"
                defaultValue={list.title}
                required
                maxLength={WISHLIST_TITLE_MAX}
              />{' '}
              <SubmitButton intent="rename">{t('account.wishlists.rename.submit')}</SubmitButton>
            </Form>
            <Form method="post" className="inline-form">
              <input type="hidden" name="id" value={list.id} />
              {list.preferred ? null : (
                <SubmitButton
                  intent="preferred"
                  className="link-button"
                  aria-label={`${t('account.wishlists.preferred.submit')}: ${list.title}`}
                >
                  {t('account.wishlists.preferred.submit')}
                </SubmitButton>
              )}{' '}
              <SubmitButton
                intent="delete"
                className="link-button"
                aria-label={`${t('account.wishlists.delete.submit')}: ${list.title}`}
              >
                {t('account.wishlists.delete.submit')}
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
      <h2>{t('account.wishlists.create.heading')}</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} label={{ title: t('account.wishlists.title.label') }} />
        <input type="hidden" name="intent" value="create" />
        <Field meta={fields.title} label={t('account.wishlists.title.label')} />
        <CheckboxField meta={fields.preferred} label={t('account.wishlists.preferred.label')} />
        <SubmitButton>{t('account.wishlists.create.submit')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
