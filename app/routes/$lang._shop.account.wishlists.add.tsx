import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { messageText } from '~/models/messages'
import { safeReturnUrl } from '~/models/url'
import { wishlistsPath } from '~/models/wishlist'
import { requireFeature } from '~/services/guards.server'
import { fixedT } from '~/services/i18n.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { addToWishlist, createWishlist, listWishlists } from '~/services/wishlists.server'

const AddSchema = z.object({
  sku: z.string().trim().min(1).max(100),
  returnUrl: z.string().max(2000).optional(),
})

/** Nothing to show here: the wishlists page is where a user looks at their lists. */
export async function loader({ params }: LoaderFunctionArgs) {
  requireFeature({ params }, 'wishlists')
  throw redirect(wishlistsPath(params.lang ?? ''))
}

/**
 * "Add to wishlist" from a tile or a product page (a plain form post): the product goes on the user's preferred
 * list (a first list is made for a user without any), then back to the page with a toast. A guest logs in
 * first and comes back to that page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'wishlists')
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: AddSchema, t })
  const back = safeReturnUrl(
    submission.status === 'success' ? submission.value.returnUrl : undefined,
    `/${locale.lang}/home`,
  )
  const user = session.get('user')
  if (!user || !session.get('apiToken') || session.get('isAnonymous'))
    throw redirect(`/${locale.lang}/login?${new URLSearchParams({ returnUrl: back })}`)
  if (submission.status !== 'success')
    return redirectWithToast(session, back, { key: 'wishlists.not_added.message', type: 'error' })
  const { sku } = submission.value
  const lists = await listWishlists(scope, user)
  let target = lists.find((list) => list.preferred) ?? lists[0]
  if (!target) {
    const created = await createWishlist(scope, user, {
      title: t('wishlists.default_title'),
      preferred: true,
    })
    if (created.ok) target = { ...created.value, itemsCount: 0 }
  }
  const added = target ? await addToWishlist(scope, user, target.id, sku) : null
  if (!target || !added?.ok)
    return redirectWithToast(session, back, {
      key: 'wishlists.not_added.message',
      type: 'error',
      details: added && !added.ok ? added.errors.map((error) => messageText(t, error)) : undefined,
    })
  return redirectWithToast(session, back, {
    key: 'wishlists.added.message',
    values: { title: target.title },
    type: 'success',
  })
}
