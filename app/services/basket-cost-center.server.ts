import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { costCenterFormSchema, type CostCenterChoice, type CostCenterRef } from '~/models/checkout-basket'
import { stepPath } from '~/models/checkout-steps'
import { messageText } from '~/models/messages'
import { isFeatureEnabled } from './features.server'
import { parseSubmission } from './form.server'
import { invalid, refused } from './form-result.server'
import { notFound } from './http.server'
import { fixedT } from './i18n.server'
import { icmCall, tryIcm, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'
import { shopperOf, type PageArgs, type Shopper } from './shopper.server'
import { redirectWithToast } from './toast.server'

/**
 * The business basket's cost center (issue 17), as ICM keeps it: `GET customers/-/users/-/costcenters` names
 * the cost centers a user buys on (role `Buyer`) or owns; `PATCH baskets/{id} {costCenter}` puts the basket
 * on one (attribute Order_CostCenter_ID), `null` takes it off; the customer's `isCostCenterOptional` says
 * whether a basket may be ordered without one. The API decides eligibility and validates the basket's cost
 * center (scope CostCenter); the shop shows the choice and passes it on.
 */

/** `UserCostCenter` in its envelope (`id` is the costCenterId, `roles` the user's part in it). */
const UserCostCentersSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()).default([]) })),
})

/** `customers/-` as far as the cost center reads it. */
const CustomerSchema = z.object({ isCostCenterOptional: z.boolean().optional() })

/** A basket (`baskets/{id}`) as far as its cost center goes. */
const BasketCostCenterSchema = z.object({ data: z.object({ costCenter: z.string().optional() }) })

/** Business users order on cost centers when the shop has the feature (spec §6: feature costCenters). */
export const usesCostCenters = (user: SessionUser | undefined): user is SessionUser =>
  user?.customerType === 'SMBCustomer' && isFeatureEnabled('costCenters')

/** All cost centers of the logged-in user, with their part in each. */
const userCostCenters = (scope: IcmScope) =>
  icmCall(scope, {
    path: 'customers/-/users/-/costcenters',
    schema: UserCostCentersSchema,
    cache: 'none',
  }).then((answer) => answer.data)

/** The cost centers the user may order on: those they are a buyer of. */
export async function eligibleCostCenters(scope: IcmScope): Promise<CostCenterRef[]> {
  return (await userCostCenters(scope))
    .filter((center) => center.roles.includes('Buyer'))
    .map(({ id, name }) => ({ id, name }))
}

/** Whether the customer's baskets may be ordered without a cost center. */
export const costCenterOptional = (scope: IcmScope) =>
  icmCall(scope, { path: 'customers/-', schema: CustomerSchema, cache: 'none' }).then(
    (customer) => customer.isCostCenterOptional === true,
  )

const basketPath = (basketId: string) => `baskets/${encodeURIComponent(basketId)}`

/** The cost center (its costCenterId) the basket is on, if any. */
export const basketCostCenterId = (scope: IcmScope, basketId: string) =>
  icmCall(scope, { path: basketPath(basketId), schema: BasketCostCenterSchema, cache: 'none' }).then(
    (basket) => basket.data.costCenter,
  )

/** Puts the basket on a cost center (its costCenterId), or takes it off (`null`); ICM may refuse. */
export const setBasketCostCenter = (scope: IcmScope, basketId: string, costCenter: string | null) =>
  tryIcm(
    icmCall(scope, {
      method: 'PATCH',
      path: basketPath(basketId),
      json: { costCenter },
      schema: BasketCostCenterSchema,
      cache: 'none',
    }),
  )

/**
 * The basket page's cost center choice of a business user (null for anyone else, and for a user with no cost
 * center to choose from). A basket without one whose user may order on exactly one is put on that one, so
 * such a buyer never has to choose. A cost center the basket is on but the user may no longer use stays
 * shown (its validation says so) until another is chosen.
 */
export async function costCenterChoice(shopper: Shopper, basketId: string): Promise<CostCenterChoice | null> {
  const user = shopper.session.get('user')
  if (!usesCostCenters(user)) return null
  const [choices, optional, current] = await Promise.all([
    eligibleCostCenters(shopper.scope),
    costCenterOptional(shopper.scope),
    basketCostCenterId(shopper.scope, basketId),
  ])
  let selectedId = current
  if (!selectedId && choices.length === 1) {
    const only = choices[0]!
    const set = await setBasketCostCenter(shopper.scope, basketId, only.id)
    if (set.ok) selectedId = only.id
  }
  if (!selectedId && choices.length === 0) return null
  const selected = selectedId
    ? (choices.find((c) => c.id.toLowerCase() === selectedId.toLowerCase()) ?? { id: selectedId })
    : undefined
  return { choices, selected, required: !optional && choices.length > 0 }
}

/**
 * A basket's or order's cost center with its name, when the user's cost centers name it (review, receipt,
 * order detail). Without the feature, for anyone but a business user, or when the list cannot be read, the
 * id alone.
 */
export async function namedCostCenter(
  shopper: Pick<Shopper, 'scope' | 'session'>,
  costCenter: CostCenterRef | undefined,
): Promise<CostCenterRef | undefined> {
  if (!costCenter || !usesCostCenters(shopper.session.get('user'))) return costCenter
  const centers = await userCostCenters(shopper.scope).catch(() => [])
  const found = centers.find((c) => c.id.toLowerCase() === costCenter.id.toLowerCase())
  return found ? { id: costCenter.id, name: found.name } : costCenter
}

/**
 * The basket page's cost center form (`intent=cost-center`): puts the current basket on the chosen cost
 * center, or takes it off when the customer's cost centers are optional. Empty while one is required answers
 * 400 with the field's message; ICM's refusal (a cost center the user may not use) 422 with its message;
 * success goes back to the basket with a toast. Only business users of a shop with cost centers have the form.
 */
export async function changeCostCenter(args: PageArgs, formData: FormData, basketId: string | undefined) {
  const shopper = await shopperOf(args)
  const { locale, scope, session } = shopper
  if (!usesCostCenters(session.get('user'))) throw notFound()
  const t = fixedT(locale.id)
  const here = stepPath(locale.lang, 'basket')
  const required = !(await costCenterOptional(scope))
  const submission = parseSubmission(formData, { schema: costCenterFormSchema(t, required), t })
  if (submission.status !== 'success') return invalid(submission)
  // Nothing to put on a cost center: the basket expired or was ordered meanwhile; the page says so.
  if (!basketId) throw redirect(`${here}?error=true`, 303)
  const chosen = submission.value.costCenter || null
  const result = await setBasketCostCenter(scope, basketId, chosen)
  // The form has the one field: ICM's reasons are its errors, next to the select.
  if (!result.ok)
    return refused(submission, t, [], {
      fieldErrors: { costCenter: result.errors.map((e) => messageText(t, e)) },
    })
  return redirectWithToast(session, here, {
    key: chosen ? 'checkout.cost_center.saved.message' : 'checkout.cost_center.removed.message',
    type: 'success',
  })
}
