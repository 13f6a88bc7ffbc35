import '~/browser/account-texts'
/**
 * A business customer's users as user management shows them (issue 17, spec org §3): ICM's B2bUser
 * (`GET customers/{no}/users/{login}`) and the typed attributes of the list's B2bUserLinks
 * (`GET customers/{no}/users`), the roles the company can give (`GET customers/{no}/roles`), and the forms that
 * create and change a user (the bulk import's pasted list: user-import.ts). Pure functions, no I/O.
 */
import { z } from 'zod'
import {
  budgetFields,
  budgetInputOf,
  budgetHasPeriod,
  budgetPeriodRequired,
  mapUserBudget,
  UserBudgetSchema,
  type Budget,
} from './budget'
import { messageText, type ApiMessage, type Translate } from './messages'
import { MoneySchema } from './price'
import { API_CODES } from '~/models/api-codes'

/** A user of the company (JSON-safe: what loaders serialize and components take). */
export type B2bUser = {
  login: string
  title?: string
  firstName: string
  lastName: string
  email: string
  phoneHome?: string
  /** The user's number in the company, given by ICM (`businessPartnerNo`). */
  businessPartnerNo?: string
  roleIDs: string[]
  active: boolean
  budget?: Budget
}

/** A role the company can give: its id, its name in the shopper's language, and whether every user has it. */
export type B2bRole = { id: string; name: string; description?: string; fixed: boolean }

/**
 * Roles of punchout users (spec §5, §6): such users never appear in lists of people who order, and see no
 * footer (§2.6).
 */
export const PUNCHOUT_ROLES = ['APP_B2B_OCI_USER', 'APP_B2B_CXML_USER', 'APP_B2B_IDS_USER'] as const

export const hasPunchoutRole = (roleIDs: readonly string[] | undefined) =>
  (roleIDs ?? []).some((role) => (PUNCHOUT_ROLES as readonly string[]).includes(role))

export const isOrderingUser = (user: Pick<B2bUser, 'roleIDs'>) => !hasPunchoutRole(user.roleIDs)

/** The name a page shows for a user: first and last name, the login when both are empty. */
export const userName = (user: Pick<B2bUser, 'firstName' | 'lastName' | 'login'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.login

// ---------------------------------------------------------------------------------------------------------
// ICM's answers, as the storefront reads them

/** `GET customers/{no}/users/{login}` (and `PUT`): B2bUserData with its roles and budget. */
export const B2bUserWireSchema = z.object({
  login: z.string().min(1),
  title: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneHome: z.string().optional(),
  businessPartnerNo: z.string().optional(),
  active: z.boolean(),
  roleIDs: z.array(z.string()).optional(),
  userBudget: UserBudgetSchema.optional(),
})

/** One user of the list: a Link with the login and typed attributes. */
const B2bUserLinkWireSchema = z.object({
  login: z.string().min(1),
  attributes: z
    .array(z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() }))
    .optional(),
})

/** `GET customers/{no}/users` and `POST customers/{no}/users`: a ResourceCollection of user Links. */
export const B2bUsersWireSchema = z.object({ elements: z.array(B2bUserLinkWireSchema) })

/** `GET customers/{no}/roles`: the roles user management offers. */
export const AssignableRolesWireSchema = z.object({
  userRoles: z.array(
    z.object({
      roleID: z.string().min(1),
      roleDisplayName: z.string().optional(),
      roleDescription: z.string().optional(),
      fixed: z.boolean().optional(),
    }),
  ),
})

/** `PUT customers/{no}/users/{login}/roles`: the roles the user holds now. */
export const UserRolesWireSchema = z.object({
  userRoles: z.array(z.object({ roleID: z.string().min(1) })),
})

type UserBudgetWire = z.infer<typeof UserBudgetSchema>

/** A budget worth showing: one with a limit or spending; ICM sends an empty one for a user without any. */
function budgetOf(wire: UserBudgetWire | undefined): Budget | undefined {
  if (!wire || Object.values(wire).every((value) => value === undefined)) return undefined
  return mapUserBudget(wire)
}

export function mapB2bUser(wire: z.infer<typeof B2bUserWireSchema>): B2bUser {
  const budget = budgetOf(wire.userBudget)
  return {
    login: wire.login,
    ...(wire.title ? { title: wire.title } : {}),
    firstName: wire.firstName,
    lastName: wire.lastName,
    email: wire.email,
    ...(wire.phoneHome ? { phoneHome: wire.phoneHome } : {}),
    ...(wire.businessPartnerNo ? { businessPartnerNo: wire.businessPartnerNo } : {}),
    roleIDs: wire.roleIDs ?? [],
    active: wire.active,
    ...(budget ? { budget } : {}),
  }
}

const AttributeText = z.string()
const AttributeList = z.array(z.string())
const AttributeFlag = z.boolean()

/**
 * A user of the list from their Link's typed attributes (the PWA's `B2bUserMapper.fromListData`): names,
 * e-mail, roles, whether active, and the budget's amounts. An attribute in another shape counts as missing.
 */
export function mapB2bUserLink(link: z.infer<typeof B2bUserLinkWireSchema>): B2bUser {
  const attributes = new Map((link.attributes ?? []).map((attribute) => [attribute.name, attribute.value]))
  const read = <T>(schema: z.ZodType<T>, name: string): T | undefined => {
    const parsed = schema.safeParse(attributes.get(name))
    return parsed.success ? parsed.data : undefined
  }
  const budget = UserBudgetSchema.safeParse({
    budget: read(MoneySchema, 'budget'),
    budgetPeriod: read(UserBudgetSchema.shape.budgetPeriod, 'budgetPeriod'),
    orderSpentLimit: read(MoneySchema, 'orderSpentLimit'),
    remainingBudget: read(MoneySchema, 'remainingBudget'),
    spentBudget: read(MoneySchema, 'spentBudget'),
  })
  const mapped = budget.success ? budgetOf(budget.data) : undefined
  return {
    login: link.login,
    firstName: read(AttributeText, 'firstName') ?? '',
    lastName: read(AttributeText, 'lastName') ?? '',
    email: read(AttributeText, 'email') ?? '',
    roleIDs: read(AttributeList, 'roleIDs') ?? [],
    active: read(AttributeFlag, 'active') ?? true,
    ...(mapped ? { budget: mapped } : {}),
  }
}

export function mapAssignableRoles(wire: z.infer<typeof AssignableRolesWireSchema>): B2bRole[] {
  return wire.userRoles.map((role) => ({
    id: role.roleID,
    name: role.roleDisplayName || role.roleID,
    ...(role.roleDescription ? { description: role.roleDescription } : {}),
    fixed: role.fixed ?? false,
  }))
}

// ---------------------------------------------------------------------------------------------------------
// Forms

/** The most characters each field holds, and the most roles: the commerce API's bounds. */
export const USER_LIMITS = {
  title: 30,
  firstName: 60,
  lastName: 60,
  email: 254,
  phoneHome: 40,
  login: 100,
  roleID: 100,
  roles: 20,
} as const

/** A login names a user in paths: letters, digits and `. _ @ + -` (the API's rule, hinted here). */
const LOGIN_PATTERN = /^[\p{L}\p{N}._@+-]{2,}$/u

function profileShape(t: Translate) {
  const required = (max: number, key: string) =>
    z
      .string({ required_error: t(key) })
      .trim()
      .min(1, t(key))
      .max(max, t('form.max_length', { max }))
  const optional = (max: number) => z.string().trim().max(max, t('form.max_length', { max })).optional()
  return {
    title: optional(USER_LIMITS.title),
    firstName: required(USER_LIMITS.firstName, 'account.user.first_name.error.required'),
    lastName: required(USER_LIMITS.lastName, 'account.user.last_name.error.required'),
    email: required(USER_LIMITS.email, 'account.user.email.error.required').email(
      t('account.user.email.error.invalid'),
    ),
    phoneHome: optional(USER_LIMITS.phoneHome),
  }
}

function rolesShape(t: Translate) {
  return {
    roleIDs: z
      .array(z.string().trim().min(1).max(USER_LIMITS.roleID))
      .max(USER_LIMITS.roles, t('account.user.roles.error.max', { max: USER_LIMITS.roles }))
      .default([]),
  }
}

/** The optional login of a new user: empty means the e-mail address, as ICM's B2B logins are. */
function loginShape(t: Translate) {
  return {
    login: z
      .string()
      .trim()
      .max(USER_LIMITS.login, t('form.max_length', { max: USER_LIMITS.login }))
      .regex(LOGIN_PATTERN, t('account.user.login.error.invalid'))
      .optional(),
  }
}

/** The profile form (`…/users/{login}/profile`): title, names, e-mail, phone. */
export const userProfileSchema = (t: Translate) => z.object(profileShape(t))

/** The roles form (`…/users/{login}/roles`): the ids of the roles ticked. */
export const userRolesSchema = (t: Translate) => z.object(rolesShape(t))

/** The new-user form: login (optional), profile, roles and budget in one. */
export const userCreateSchema = (t: Translate, tag: string) =>
  z
    .object({
      ...loginShape(t),
      ...profileShape(t),
      ...rolesShape(t),
      ...budgetFields(t, tag),
      /** Mail an invitation to sign in through the shop's identity provider instead of a password link. */
      invite: z.boolean().optional(),
    })
    .refine(budgetHasPeriod, budgetPeriodRequired(t))

/** The detail page's status forms, told apart by `intent`. */
export const userStatusSchema = z.object({ intent: z.enum(['activate', 'deactivate', 'delete']) })

export type UserProfileForm = z.output<ReturnType<typeof userProfileSchema>>
export type UserCreateForm = z.output<ReturnType<typeof userCreateSchema>>

/** The profile form's starting values: the user as they are. */
export const userProfileDefaults = (user: B2bUser) => ({
  title: user.title ?? '',
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneHome: user.phoneHome ?? '',
})

export type UserProfileBody = {
  title: string
  firstName: string
  lastName: string
  email: string
  phoneHome: string
  active: boolean
}

/**
 * The B2bUserData of `PUT customers/{no}/users/{login}`: the profile with the user's `active`; an empty title
 * or phone is sent empty, which clears it.
 */
export const userProfileBody = (profile: UserProfileForm, active: boolean): UserProfileBody => ({
  title: profile.title ?? '',
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phoneHome: profile.phoneHome ?? '',
  active,
})

/** A user as `POST customers/{no}/users {elements}` takes one (B2bUserData with roles and budget). */
export type NewB2bUser = {
  login?: string
  title?: string
  firstName: string
  lastName: string
  email: string
  phoneHome?: string
  roleIDs: string[]
  userBudget: ReturnType<typeof budgetInputOf>
  /** Our addition to ICM's B2bUserData: mail an invitation (`/invite?uid=&Hash=`) instead of a password link. */
  invite?: boolean
}

/** The new user a create form (or an import line) describes; amounts in the given currency. */
export const newUserBody = (form: UserCreateForm, currency: string): NewB2bUser => ({
  ...(form.login ? { login: form.login } : {}),
  ...(form.title ? { title: form.title } : {}),
  firstName: form.firstName,
  lastName: form.lastName,
  email: form.email,
  ...(form.phoneHome ? { phoneHome: form.phoneHome } : {}),
  roleIDs: form.roleIDs,
  userBudget: budgetInputOf(form, currency),
  ...(form.invite ? { invite: true } : {}),
})

/** The currency a user's budget is kept in, if it has one. */
export const budgetCurrencyOf = (budget: Budget | undefined): string | undefined =>
  budget?.budget?.currency ?? budget?.orderSpentLimit?.currency ?? budget?.spent?.currency

/** Refusals the API names no field for, but which are about one (a login or e-mail address taken). */
const CODE_FIELDS: Record<string, string[]> = {
  [API_CODES.emailNotUnique]: ['email'],
  [API_CODES.loginNotUnique]: ['login', 'email'],
}

/** The API's names of a form's fields, where they differ (`PUT …/roles {userRoles}`). */
const PATH_FIELDS: Record<string, string> = { userRoles: 'roleIDs' }

/**
 * The API's reasons for refusing a user form, split into the form's fields they are about and the form's own
 * messages, in the shopper's language. A path names the field (`email`, `elements.0.email`, `budget.value`).
 */
export function userRefusal(
  problems: (ApiMessage & { paths?: string[] })[],
  fields: readonly string[],
  t: Translate,
) {
  const fieldErrors: Record<string, string[]> = {}
  const formMessages: ApiMessage[] = []
  for (const problem of problems) {
    const named = (problem.paths ?? [])
      .map((path) => path.replace(/^elements\.\d+\./, '').split('.')[0]!)
      .map((path) => PATH_FIELDS[path] ?? path)
    const field = [...named, ...(CODE_FIELDS[problem.code] ?? [])].find((name) => fields.includes(name))
    if (field) (fieldErrors[field] ??= []).push(messageText(t, problem))
    else formMessages.push(problem)
  }
  return { fieldErrors, formMessages }
}
