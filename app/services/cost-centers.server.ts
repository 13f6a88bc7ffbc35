/**
 * A business customer's cost centers in ICM (`customers/{no}/costcenters…`, the PWA's
 * `cost-centers.service.ts`): personal, never cached. Changes answer `IcmResult`: ICM's refusals, a 403 of
 * its permission check included, are shown by the form, never thrown.
 */
import type { Submission } from '@conform-to/react'
import { data } from '@remix-run/node'
import { z } from 'zod'
import type { B2bUser } from '~/models/b2b-user'
import type { BudgetPeriod } from '~/models/budget'
import type { addBuyersFormSchema, buyerBudgetFormSchema, removeBuyerFormSchema } from '~/models/cost-center'
import {
  budgetBody,
  costCenterCurrency,
  costCenterPath,
  CostCenterListSchema,
  CostCenterSchema,
  mapCostCenter,
  managerChoices,
  mayEditCostCenter,
  mapCostCenterList,
  type CostCenter,
  type CostCenterListPage,
  type CostCenterSummary,
  type BuyersAnswer,
  type CostCenterPerson,
} from '~/models/cost-center'
import { messageText, type Translate } from '~/models/messages'
import { listUsers } from './b2b-users.server'
import type { ActionResult } from './form-result.server'
import {
  hasPermission,
  loginAgainIfRefused,
  requireFeature,
  requirePermission,
  type LoggedIn,
} from './guards.server'
import { notFound } from './http.server'
import { icmCall, IcmError, tryIcm, type IcmProblem, type IcmResult, type IcmScope } from './icm.server'
import { fixedT } from './i18n.server'
import type { PageArgs } from './shopper.server'
import { redirectWithToast } from './toast.server'

const base = (customerNo: string) => `customers/${encodeURIComponent(customerNo)}/costcenters`
const one = (customerNo: string, costCenterId: string) =>
  `${base(customerNo)}/${encodeURIComponent(costCenterId)}`

/** ICM's 204: no body. */
const NoContent = z.unknown()

/** Money as a request sends it; null removes the budget. */
type MoneyInput = { value: number; currency: string } | null

export type CostCenterInput = {
  costCenterId?: string
  name?: string
  active?: boolean
  ownerLogin?: string
  budget?: MoneyInput
  budgetPeriod?: BudgetPeriod | null
}

export type BuyerBudgetInput = { budget: MoneyInput; budgetPeriod: BudgetPeriod | null }

/** ICM's body of a cost center (`CostCenterBase`): only the fields given. */
function costCenterBody(input: CostCenterInput) {
  return {
    ...(input.costCenterId !== undefined ? { costCenterId: input.costCenterId } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.ownerLogin !== undefined ? { costCenterOwner: { login: input.ownerLogin } } : {}),
    ...(input.budget !== undefined ? { budget: input.budget } : {}),
    ...(input.budgetPeriod !== undefined ? { budgetPeriod: input.budgetPeriod } : {}),
  }
}

/**
 * A change ICM may refuse, its 403 included (the API's permission and ownership check is the authority:
 * the page shows its refusal rather than an error page).
 */
async function tryChange<T>(call: Promise<T>): Promise<IcmResult<T>> {
  try {
    return await tryIcm(call)
  } catch (error) {
    if (error instanceof IcmError && error.status === 403)
      return {
        ok: false,
        errors: error.causes.length
          ? error.causes
          : [{ code: error.code ?? 'error.api.refused', message: error.message }],
      }
    throw error
  }
}

/** A page of the cost centers the user sees, filtered by a text in their name or id (`nameOrId`). */
export async function listCostCenters(
  scope: IcmScope,
  customerNo: string,
  query: { offset: number; limit: number; nameOrId?: string },
): Promise<CostCenterListPage> {
  return mapCostCenterList(
    await icmCall(scope, {
      path: base(customerNo),
      query: { offset: query.offset, limit: query.limit, nameOrId: query.nameOrId },
      schema: CostCenterListSchema,
      // The list of links with `info` paging is ICM's second version of it (icm-contract.md).
      accept: 'application/vnd.intershop.costcenter.v2+json',
      cache: 'none',
    }),
  )
}

/** One cost center; unknown or not the user's (ICM answers 404 or 403) → a 404 response. */
export async function getCostCenter(
  scope: IcmScope,
  customerNo: string,
  costCenterId: string,
): Promise<CostCenter> {
  if (!costCenterId || costCenterId.length > 100) throw notFound()
  try {
    return mapCostCenter(
      await icmCall(scope, { path: one(customerNo, costCenterId), schema: CostCenterSchema, cache: 'none' }),
    )
  } catch (error) {
    if (error instanceof IcmError && [400, 403, 404].includes(error.status)) throw notFound()
    throw error
  }
}

export async function createCostCenter(scope: IcmScope, customerNo: string, input: CostCenterInput) {
  return tryChange(
    icmCall(scope, {
      method: 'POST',
      path: base(customerNo),
      json: costCenterBody(input),
      schema: CostCenterSchema,
      cache: 'none',
    }).then(mapCostCenter),
  )
}

/** Changes the fields given (`PATCH`); the others stay as they are. */
export async function updateCostCenter(
  scope: IcmScope,
  customerNo: string,
  costCenterId: string,
  input: CostCenterInput,
) {
  return tryChange(
    icmCall(scope, {
      method: 'PATCH',
      path: one(customerNo, costCenterId),
      json: costCenterBody(input),
      schema: CostCenterSchema,
      cache: 'none',
    }).then(mapCostCenter),
  )
}

export async function deleteCostCenter(scope: IcmScope, customerNo: string, costCenterId: string) {
  return tryChange(
    icmCall(scope, {
      method: 'DELETE',
      path: one(customerNo, costCenterId),
      schema: NoContent,
      cache: 'none',
    }).then(() => undefined),
  )
}

/** Makes a user a buyer of the cost center, with a budget of their own or none (one `POST …/buyers` each). */
export async function addBuyer(
  scope: IcmScope,
  customerNo: string,
  costCenterId: string,
  buyer: { login: string } & BuyerBudgetInput,
) {
  return tryChange(
    icmCall(scope, {
      method: 'POST',
      path: `${one(customerNo, costCenterId)}/buyers`,
      json: buyer,
      schema: CostCenterSchema,
      cache: 'none',
    }).then(mapCostCenter),
  )
}

/** Sets a buyer's own budget on the cost center (`PATCH …/buyers/{login}`). */
export async function updateBuyer(
  scope: IcmScope,
  customerNo: string,
  costCenterId: string,
  login: string,
  budget: BuyerBudgetInput,
) {
  return tryChange(
    icmCall(scope, {
      method: 'PATCH',
      path: `${one(customerNo, costCenterId)}/buyers/${encodeURIComponent(login)}`,
      json: budget,
      schema: CostCenterSchema,
      cache: 'none',
    }).then(mapCostCenter),
  )
}

export async function removeBuyer(scope: IcmScope, customerNo: string, costCenterId: string, login: string) {
  return tryChange(
    icmCall(scope, {
      method: 'DELETE',
      path: `${one(customerNo, costCenterId)}/buyers/${encodeURIComponent(login)}`,
      schema: NoContent,
      cache: 'none',
    }).then(() => undefined),
  )
}

/** A page of the list: what ICM's Links carry of each cost center (owner, budget, status). */
export async function costCenterPage(
  scope: IcmScope,
  customerNo: string,
  query: { offset: number; limit: number; nameOrId?: string },
): Promise<{ costCenters: CostCenterSummary[]; total: number; offset: number; limit: number }> {
  const page = await listCostCenters(scope, customerNo, query)
  return { costCenters: page.items, total: page.total, offset: page.offset, limit: page.limit }
}

/**
 * Every cost center page's guard (spec org §2, §6): the feature first, then login, then the API's reading
 * permission APP_B2B_VIEW_COSTCENTER.
 */
export async function requireCostCenterAccess(args: PageArgs): Promise<LoggedIn> {
  requireFeature(args, 'costCenters')
  return requirePermission(args, 'APP_B2B_VIEW_COSTCENTER')
}

/**
 * Who the user may make a cost center's owner (spec §5 manager choices). The company's users are read only
 * with APP_B2B_MANAGE_USERS (the API refuses anyone else); the current owner stays a choice.
 */
export async function managerOptions(
  shopper: LoggedIn,
  current?: CostCenterPerson,
): Promise<CostCenterPerson[]> {
  const users = canListUsers(shopper)
    ? await listUsers(shopper.scope, shopper.user.customerNo)
    : ([] as B2bUser[])
  const choices = managerChoices(shopper.user, users)
  if (current?.login && !choices.some((choice) => choice.login.toLowerCase() === current.login.toLowerCase()))
    choices.unshift(current)
  return choices
}

/** Whether the page may read the company's users to choose from (the API's user list needs manage-users). */
export const canListUsers = (shopper: LoggedIn) => hasPermission(shopper.user, 'APP_B2B_MANAGE_USERS')

/** Where the API's names of a refused field show in the cost center form. */
const FORM_FIELD_OF: Record<string, string> = {
  costCenterId: 'costCenterId',
  name: 'name',
  costCenterOwner: 'owner',
  'costCenterOwner.login': 'owner',
  budget: 'budget',
  'budget.value': 'budget',
  'budget.currency': 'budget',
  budgetPeriod: 'budgetPeriod',
}

/**
 * ICM's refusal of a form: its messages in the shopper's language, at the field it names where the
 * form has that field (`fields` maps ICM's paths to the form's names), else above the form.
 */
export function refusalReply(
  submission: Submission<unknown>,
  t: Translate,
  errors: IcmProblem[],
  fields: Record<string, string> = FORM_FIELD_OF,
) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const problem of errors) {
    const field = problem.paths?.map((path) => fields[path]).find(Boolean)
    if (field) (fieldErrors[field] ??= []).push(messageText(t, problem))
    else formErrors.push(messageText(t, problem))
  }
  return submission.reply({ formErrors, fieldErrors })
}

/** A refused form page's answer: 422 with `refusalReply`. */
export function refusedForm(
  submission: Submission<unknown>,
  t: Translate,
  errors: IcmProblem[],
  fields: Record<string, string> = FORM_FIELD_OF,
) {
  return data<ActionResult>({ result: refusalReply(submission, t, errors, fields) }, { status: 422 })
}

/** Where the API's names of a refused field show in a buyer's budget form. */
const BUYER_FIELD_OF: Record<string, string> = {
  budget: 'budget',
  'budget.value': 'budget',
  'budget.currency': 'budget',
  budgetPeriod: 'budgetPeriod',
}

/** The buyers page's answer that is no redirect: the form's reply, and which form and buyer it is about. */
export function buyerAnswer(
  result: BuyersAnswer['result'],
  status: number,
  intent: BuyersAnswer['intent'],
  login?: string,
) {
  return data<BuyersAnswer>({ result, intent, login }, { status })
}

const buyersPath = (lang: string, costCenter: CostCenter) =>
  `${costCenterPath(lang, costCenter.costCenterId)}/buyers`

type AddSubmission = Submission<z.output<ReturnType<typeof addBuyersFormSchema>>>
type UpdateSubmission = Submission<z.output<ReturnType<typeof buyerBudgetFormSchema>>>
type RemoveSubmission = Submission<z.output<typeof removeBuyerFormSchema>>

/**
 * Adds the chosen buyers, one `POST …/buyers` each, in the cost center's currency. All added: back to the
 * page with a toast. Any refused: 422 naming each refused user with the API's reason, and those added.
 */
export async function addBuyersAction(
  request: Request,
  shopper: LoggedIn,
  costCenter: CostCenter,
  submission: AddSubmission,
) {
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  if (submission.status !== 'success') return buyerAnswer(submission.reply(), 400, 'add')
  const chosen = (submission.value.buyers ?? []).filter((buyer) => buyer.selected)
  const currency = costCenterCurrency(costCenter, locale.currency)
  const added: string[] = []
  const problems: string[] = []
  for (const buyer of chosen) {
    const result = await loginAgainIfRefused(
      request,
      shopper,
      addBuyer(scope, user.customerNo, costCenter.costCenterId, {
        login: buyer.login,
        ...budgetBody(buyer, currency),
      }),
    )
    if (result.ok) added.push(buyer.login)
    else
      for (const problem of result.errors)
        problems.push(
          t('account.costcenter.buyers.refused_for', { login: buyer.login, reason: messageText(t, problem) }),
        )
  }
  if (problems.length === 0)
    return redirectWithToast(session, buyersPath(locale.lang, costCenter), {
      key: 'account.costcenter.buyers.added',
      values: { count: added.length },
      type: 'success',
    })
  const done = added.length
    ? [t('account.costcenter.buyers.added_some', { logins: added.join(', '), count: added.length })]
    : []
  const reply = submission.reply({ formErrors: [...problems, ...done] })
  // The page shows the server's state again: the buyers added have left the table, so their rows (and
  // ticks) leave the form's values, which stay in the order of the candidates still shown.
  const rows = reply.initialValue?.buyers
  const left = Array.isArray(rows)
    ? rows.filter((row) => !added.includes(String((row as { login?: unknown } | null)?.login)))
    : []
  return buyerAnswer({ ...reply, initialValue: { ...reply.initialValue, buyers: left } }, 422, 'add')
}

/** Sets one buyer's own budget on the cost center (empty: none of their own). */
export async function updateBuyerAction(
  request: Request,
  shopper: LoggedIn,
  costCenter: CostCenter,
  submission: UpdateSubmission,
) {
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const login = typeof submission.payload.login === 'string' ? submission.payload.login : undefined
  if (submission.status !== 'success') return buyerAnswer(submission.reply(), 400, 'update', login)
  const { value } = submission
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateBuyer(
      scope,
      user.customerNo,
      costCenter.costCenterId,
      value.login,
      budgetBody(value, costCenterCurrency(costCenter, locale.currency)),
    ),
  )
  if (!result.ok)
    return buyerAnswer(refusalReply(submission, t, result.errors, BUYER_FIELD_OF), 422, 'update', login)
  return redirectWithToast(session, buyersPath(locale.lang, costCenter), {
    key: 'account.costcenter.buyers.updated',
    values: { login: value.login },
    type: 'success',
  })
}

/** Removes a buyer from the cost center. */
export async function removeBuyerAction(
  request: Request,
  shopper: LoggedIn,
  costCenter: CostCenter,
  submission: RemoveSubmission,
) {
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const login = typeof submission.payload.login === 'string' ? submission.payload.login : undefined
  if (submission.status !== 'success') return buyerAnswer(submission.reply(), 400, 'remove', login)
  const result = await loginAgainIfRefused(
    request,
    shopper,
    removeBuyer(scope, user.customerNo, costCenter.costCenterId, submission.value.login),
  )
  if (!result.ok) return buyerAnswer(refusalReply(submission, t, result.errors, {}), 422, 'remove', login)
  return redirectWithToast(session, buyersPath(locale.lang, costCenter), {
    key: 'account.costcenter.buyers.removed',
    values: { login: submission.value.login },
    type: 'success',
  })
}

/** The cost center the user may edit (spec §5: an account admin or its owner); anyone else finds none (404). */
export async function editableCostCenter(args: PageArgs, shopper: LoggedIn) {
  const costCenter = await loginAgainIfRefused(
    args.request,
    shopper,
    getCostCenter(shopper.scope, shopper.user.customerNo, args.params.costCenterId ?? ''),
  )
  if (!mayEditCostCenter(shopper.user, costCenter)) throw notFound()
  return costCenter
}
