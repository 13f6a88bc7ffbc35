import '~/browser/account-texts'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import { WishlistLines } from '~/components/WishlistLines'
import { mandatoryPath } from '~/models/basket'
import { messageText } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import {
  shareAddresses,
  sharedWishlistPath,
  WISHLIST_QUANTITY_MAX,
  WISHLIST_SHARE_MESSAGE_MAX,
  wishlistShareSchema,
  wishlistsPath,
} from '~/models/wishlist'
import { addToast } from '~/services/add-to-basket.server'
import { addToBasket } from '~/services/basket.server'
import { config } from '~/services/config.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields } from '~/services/form-result.server'
import { loginAgainIfRefused, requireFeature, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import type { IcmResult } from '~/services/icm.server'
import type { Toast } from '~/services/session.server'
import { redirectWithToast } from '~/services/toast.server'
import {
  getWishlist,
  listWishlists,
  moveWishlistItem,
  removeFromWishlist,
  shareWishlist,
  unshareWishlist,
  wishlistLines,
} from '~/services/wishlists.server'

export const headers = pageHeaders

const sku = z.string().trim().min(1).max(100)
const ItemSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('remove'), sku }),
  z.object({ intent: z.literal('move'), sku, target: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal('basket'),
    sku,
    quantity: z.number().int().min(1).max(WISHLIST_QUANTITY_MAX),
  }),
  z.object({ intent: z.literal('unshare') }),
])

/**
 * One wishlist (`/account/wishlists/{id}`, feature wishlists, logged in, noindex): its products with name,
 * picture and price; each can be moved to another list, moved to the basket or removed; the list can be
 * shared (its link shown here, and mailed to the addresses given) and unshared.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'wishlists')
  const shopper = await requireLogin({ request, params, context })
  const { scope, user, locale } = shopper
  const [list, lists] = await loginAgainIfRefused(
    request,
    shopper,
    Promise.all([getWishlist(scope, user, params.wishlistId ?? ''), listWishlists(scope, user)]),
  )
  return data(
    {
      title: list.title,
      list: { id: list.id, title: list.title, preferred: list.preferred },
      lines: await wishlistLines(scope, list),
      targets: lists.filter((other) => other.id !== list.id).map(({ id, title }) => ({ id, title })),
      shareUrl: list.link
        ? `${config.publicUrl}${sharedWishlistPath(locale.lang, list.id, list.link)}`
        : null,
    },
    { headers: privateHeaders() },
  )
}

const failed = (t: (key: string) => string, result: IcmResult<unknown>): Toast => ({
  key: 'account.wishlist.change.failed',
  type: 'error',
  details: result.ok ? undefined : result.errors.map((error) => messageText(t, error)),
})

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'wishlists')
  const shopper = await requireLogin({ request, params, context })
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const id = params.wishlistId ?? ''
  const here = `${wishlistsPath(locale.lang)}/${encodeURIComponent(id)}`
  const formData = await readForm(request)
  const guarded = <T,>(call: Promise<T>) => loginAgainIfRefused(request, shopper, call)
  if (formData.get('intent') === 'share') {
    const shared = parseSubmission(formData, { schema: wishlistShareSchema(t), t })
    if (shared.status !== 'success') return invalid(shared)
    const { recipients, message } = shared.value
    const result = await guarded(shareWishlist(scope, user, id, { recipients, message }))
    if (!result.ok) return refusedAtFields(shared, t, result.errors, ['recipients', 'message'])
    const sentTo = shareAddresses(recipients)
    return redirectWithToast(
      session,
      here,
      sentTo.length
        ? {
            key: 'account.wishlist.shared.mailed',
            values: { recipients: sentTo.join(', ') },
            type: 'success',
          }
        : { key: 'account.wishlist.shared.message', type: 'success' },
    )
  }
  const submission = parseSubmission(formData, { schema: ItemSchema, t })
  if (submission.status !== 'success')
    return redirectWithToast(session, here, { key: 'account.wishlist.change.failed', type: 'error' })
  const form = submission.value
  switch (form.intent) {
    case 'remove': {
      const result = await guarded(removeFromWishlist(scope, user, id, form.sku))
      if (!result.ok) return redirectWithToast(session, here, failed(t, result))
      return redirectWithToast(session, here, {
        key: 'account.wishlist.removed.message',
        values: { sku: form.sku },
        type: 'success',
      })
    }
    case 'move': {
      const result = await guarded(moveWishlistItem(scope, user, id, form.target, form.sku))
      if (!result.ok) return redirectWithToast(session, here, failed(t, result))
      return redirectWithToast(session, here, {
        key: 'account.wishlist.moved.message',
        values: { sku: form.sku },
        type: 'success',
      })
    }
    case 'basket': {
      // Into the basket first; only what the basket took leaves the list.
      const added = await addToBasket(scope, session, [{ sku: form.sku, quantity: form.quantity }])
      if (added.added.length > 0) {
        const removed = await guarded(removeFromWishlist(scope, user, id, form.sku))
        if (!removed.ok) return redirectWithToast(session, here, failed(t, removed))
      }
      const mandatory = added.mandatoryLineIds[0]
      if (mandatory) {
        session.flash('toast', addToast(t, added))
        throw redirect(mandatoryPath(locale.lang, mandatory))
      }
      return redirectWithToast(session, here, addToast(t, added))
    }
    case 'unshare': {
      const result = await guarded(unshareWishlist(scope, user, id))
      if (!result.ok) return redirectWithToast(session, here, failed(t, result))
      return redirectWithToast(session, here, { key: 'account.wishlist.unshared.message', type: 'success' })
    }
  }
}

export default function WishlistPage() {
  const { list, lines, targets, shareUrl } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[
          { name: t('account.wishlists.title'), url: wishlistsPath(locale.lang) },
          { name: list.title },
        ]}
      />
      <h1>{list.title}</h1>
      {list.preferred ? <p>{t('account.wishlists.preferred')}</p> : null}
      <WishlistSharing shareUrl={shareUrl} />
      {lines.length === 0 ? <p>{t('account.wishlist.empty')}</p> : null}
      <WishlistLines
        lines={lines}
        actions={(line) => (
          <>
            <Form method="post" className="inline-form">
              <input type="hidden" name="sku" value={line.sku} />
              <input type="hidden" name="quantity" value={line.quantity} />
              <SubmitButton intent="basket" aria-label={`${t('account.wishlist.to_basket')}: ${line.name}`}>
                {t('account.wishlist.to_basket')}
              </SubmitButton>
            </Form>
            {targets.length > 0 ? (
              <Form method="post" className="inline-form">
                <input type="hidden" name="sku" value={line.sku} />
                <label htmlFor={`move-${line.sku}`}>{t('account.wishlist.move.label')}</label>{' '}
                <select id={`move-${line.sku}`} name="target">
                  {targets.map((target) => (
                    <option key={target.id} value={target.id}>
                      {target.title}
                    </option>
                  ))}
                </select>{' '}
                <SubmitButton intent="move" aria-label={`${t('account.wishlist.move.submit')}: ${line.name}`}>
                  {t('account.wishlist.move.submit')}
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post" className="inline-form">
              <input type="hidden" name="sku" value={line.sku} />
              <SubmitButton
                intent="remove"
                className="link-button"
                aria-label={`${t('account.wishlist.remove')}: ${line.name}`}
              >
                {t('account.wishlist.remove')}
              </SubmitButton>
            </Form>
          </>
        )}
      />
    </>
  )
}

/**
 * Sharing: a list not shared yet is shared by the form (its secret link made); the addresses typed there are
 * mailed the link with the message. A shared list shows its link, the same form to mail it to more people,
 * and a button that stops sharing (every link given out stops working).
 */
function WishlistSharing({ shareUrl }: { shareUrl: string | null }) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'wishlist-share', schema: wishlistShareSchema(t) })
  const recipients = fields.recipients!
  const message = fields.message!
  const label = (name: string) =>
    name === 'recipients'
      ? t('account.wishlist.share.recipients.label')
      : name === 'message'
        ? t('account.wishlist.share.message.label')
        : undefined
  return (
    <section aria-labelledby="wishlist-share-title" className="wishlist-share">
      <h2 id="wishlist-share-title">{t('account.wishlist.share.heading')}</h2>
      {shareUrl ? (
        <>
          <p>
            {t('account.wishlist.share.link')} <a href={shareUrl}>{shareUrl}</a>
          </p>
          <Form method="post">
            <SubmitButton intent="unshare">{t('account.wishlist.unshare.submit')}</SubmitButton>
          </Form>
        </>
      ) : (
        <p>{t('account.wishlist.share.hint')}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="wishlist-share-form">
        <FormErrors form={form} label={label} />
        <div className="form-field">
          <label htmlFor={recipients.id}>{t('account.wishlist.share.recipients.label')}</label>
          <input
            {...getInputProps(recipients, { type: 'email', ariaDescribedBy: `${recipients.id}-hint` })}
            key={recipients.key}
            multiple
            autoComplete="off"
          />
          <p className="field-hint" id={`${recipients.id}-hint`}>
            {t('account.wishlist.share.recipients.hint')}
          </p>
          <ErrorList id={recipients.errorId} errors={recipients.errors} />
        </div>
        <div className="form-field">
          <label htmlFor={message.id}>{t('account.wishlist.share.message.label')}</label>
          <textarea
            {...getTextareaProps(message)}
            key={message.key}
            rows={3}
            maxLength={WISHLIST_SHARE_MESSAGE_MAX}
          />
          <ErrorList id={message.errorId} errors={message.errors} />
        </div>
        <SubmitButton intent="share">
          {t(shareUrl ? 'account.wishlist.share.send.submit' : 'account.wishlist.share.submit')}
        </SubmitButton>
      </Form>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
