/**
 * What a user's three edit pages (spec org §2 `users/{login}/profile`, `/roles`, `/budget`) share: opening only
 * after the user's page (§5), the frame they are drawn in, and the end of their post — the API's refusal shown
 * on the form, or back to the user with a toast.
 */
import type { Submission } from '@conform-to/react'
import { userName, userRefusal, type B2bUser } from '~/models/b2b-user'
import { getUser, requireUserManager, userUrl } from './b2b-users.server'
import { organizationAccessOf } from './company.server'
import { refused } from './form-result.server'
import { loginAgainIfRefused } from './guards.server'
import type { IcmResult } from './icm.server'
import { clearParentVisited, requireParentVisited } from './organization.server'
import type { PageArgs } from './shopper.server'
import { redirectWithToast } from './toast.server'

/**
 * The user manager and the edited user, once the user's page has been visited (else a redirect there), with
 * what the page's frame shows: its title from `heading`, the user's name and the way back. `also` is read from
 * ICM beside the user (the roles page's roles).
 */
export async function openUserEdit<T = undefined>(
  args: PageArgs,
  heading: string,
  also?: (shopper: UserManager) => Promise<T>,
) {
  const shopper = await requireUserManager(args)
  const detailUrl = userUrl(shopper.usersUrl, args.params.login ?? '')
  requireParentVisited(shopper, detailUrl)
  const [user, extra] = await loginAgainIfRefused(
    args.request,
    shopper,
    Promise.all([
      getUser(shopper.scope, shopper.customerNo, args.params.login ?? ''),
      also ? also(shopper) : Promise.resolve(undefined as T),
    ]),
  )
  return {
    shopper,
    user,
    extra,
    frame: {
      title: shopper.t(heading),
      name: userName(user),
      usersUrl: shopper.usersUrl,
      detailUrl,
      access: organizationAccessOf(shopper.user),
    },
  }
}

type UserManager = Awaited<ReturnType<typeof requireUserManager>>

/**
 * The end of an edit post: a refusal on the form, its causes at `fields`; else the page is used up (§5) and the
 * shopper goes back to the user with the `success` toast naming them.
 */
export function finishUserEdit(
  shopper: UserManager,
  submission: Submission<unknown>,
  result: IcmResult<unknown>,
  { user, fields, success }: { user: B2bUser; fields: readonly string[]; success: string },
) {
  if (!result.ok) {
    const { fieldErrors, formMessages } = userRefusal(result.errors, fields, shopper.t)
    return refused(submission, shopper.t, formMessages, { fieldErrors })
  }
  clearParentVisited(shopper.session)
  return redirectWithToast(shopper.session, userUrl(shopper.usersUrl, user.login), {
    key: success,
    values: { name: userName(user) },
    type: 'success',
  })
}
