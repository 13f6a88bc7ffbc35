import '~/browser/account-texts'
/**
 * The business customer's company (ICM `customers/-`, the PWA's `Customer`): its profile, which user
 * management changes with `PUT customers/-` (organization-and-requisitions §2 `settings/company`), and the
 * ordering policy the API reports beside it (which order total budgets count, whether an order needs a cost
 * center). A private customer has no company: ICM refuses its `PUT customers/-`.
 */
import { z } from 'zod'
import type { Translate } from './messages'

/** `GET customers/-` and `PUT customers/-` as the storefront reads them; other fields are not the page's. */
export const CustomerSchema = z.object({
  customerNo: z.string(),
  type: z.string().optional(),
  customerType: z.string().optional(),
  companyName: z.string().optional(),
  companyName2: z.string().optional(),
  taxationID: z.string().optional(),
  industry: z.string().optional(),
  description: z.string().optional(),
  /** Which order total the customer's budgets count (ICM `budgetPriceType`: `gross` or `net`). */
  budgetPriceType: z.string().optional(),
  /** Whether an order may go without a cost center (ICM `isCostCenterOptional`). */
  isCostCenterOptional: z.boolean().optional(),
})

/** The most characters each profile field holds (the commerce API's `PUT customers/-` limits). */
export const COMPANY_LIMITS = {
  companyName: 120,
  companyName2: 120,
  taxationID: 40,
  industry: 100,
  description: 2000,
} as const

export const COMPANY_FIELDS = Object.keys(COMPANY_LIMITS) as (keyof typeof COMPANY_LIMITS)[]

export type CompanyProfile = {
  companyName?: string
  companyName2?: string
  taxationID?: string
  industry?: string
  description?: string
}

/**
 * The ordering policy as far as the API reports it; a fact it leaves out is undefined, and the page says
 * it is not known rather than guessing.
 */
export type OrderingPolicy = {
  budgetPriceType?: 'gross' | 'net'
  costCenterOptional?: boolean
}

/** The company as the pages show it (JSON-safe). */
export type Company = {
  customerNo: string
  /** A business customer (ICM `customerType` `SMBCustomer`, or the resource type where that is missing). */
  business: boolean
  profile: CompanyProfile
  policy: OrderingPolicy
}

export function mapCompany(customer: z.infer<typeof CustomerSchema>): Company {
  const kind = customer.customerType ?? customer.type
  return {
    customerNo: customer.customerNo,
    business: kind === 'SMBCustomer',
    profile: {
      companyName: customer.companyName,
      companyName2: customer.companyName2,
      taxationID: customer.taxationID,
      industry: customer.industry,
      description: customer.description,
    },
    policy: {
      budgetPriceType:
        customer.budgetPriceType === 'gross' || customer.budgetPriceType === 'net'
          ? customer.budgetPriceType
          : undefined,
      costCenterOptional: customer.isCostCenterOptional,
    },
  }
}

/**
 * The company profile form: the company name is required, every field is bounded as the API bounds it, and
 * the messages are in the shopper's language.
 */
export function companyProfileSchema(t: Translate) {
  const text = (max: number) => z.string().trim().max(max, t('form.max_length', { max }))
  return z.object({
    companyName: z
      .string({ required_error: t('account.company.company_name.error.required') })
      .trim()
      .min(1, t('account.company.company_name.error.required'))
      .max(COMPANY_LIMITS.companyName, t('form.max_length', { max: COMPANY_LIMITS.companyName })),
    companyName2: text(COMPANY_LIMITS.companyName2).optional(),
    taxationID: text(COMPANY_LIMITS.taxationID).optional(),
    industry: text(COMPANY_LIMITS.industry).optional(),
    description: text(COMPANY_LIMITS.description).optional(),
  })
}

export type CompanyProfileForm = z.infer<ReturnType<typeof companyProfileSchema>>

/**
 * The `PUT customers/-` body of a profile form (the PWA's `updateCustomer` sends the customer with its
 * type): a field left empty is sent empty, which removes it, so clearing a field in the form clears it.
 */
export function companyProfileBody(form: CompanyProfileForm) {
  return {
    type: 'SMBCustomer',
    companyName: form.companyName,
    companyName2: form.companyName2 ?? '',
    taxationID: form.taxationID ?? '',
    industry: form.industry ?? '',
    description: form.description ?? '',
  }
}

/** The form's starting values: the profile as it is. */
export function companyProfileDefaults(profile: CompanyProfile): Record<keyof CompanyProfile, string> {
  return {
    companyName: profile.companyName ?? '',
    companyName2: profile.companyName2 ?? '',
    taxationID: profile.taxationID ?? '',
    industry: profile.industry ?? '',
    description: profile.description ?? '',
  }
}

/** `GET customers/-/users/-/costcenters` (ICM `UserCostCenter`): `id` is the costCenterId. */
export const UserCostCentersSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()).default([]) })),
})

/** One of the user's cost centers and the user's part in it (`Buyer`, `CostCenterOwner`). */
export type UserCostCenter = { id: string; name: string; roles: string[] }

/**
 * What of the organization area the session user may open, from the page's loader (`organizationAccessOf`
 * in app/services/company.server.ts): the root's shell carries only the user's name, not permissions or
 * features.
 */
export type OrganizationAccess = {
  /** The user holds APP_B2B_MANAGE_USERS: users and organization settings. */
  manageUsers: boolean
  /** Feature costCenters is on and the user holds APP_B2B_VIEW_COSTCENTER. */
  viewCostCenters: boolean
}

/** One fact of the ordering policy as the settings pages list it: a term and its value, as text keys. */
export type PolicyFact = { term: string; value: string }

/**
 * The ordering policy's facts as text keys: which order total budgets count and whether an order needs a
 * cost center; a fact the API did not report says so.
 */
export function policyFacts(policy: OrderingPolicy): PolicyFact[] {
  const unknown = 'account.organization.policy.unknown'
  return [
    {
      term: 'account.organization.policy.budget_price_type.label',
      value: policy.budgetPriceType
        ? `account.organization.policy.budget_price_type.${policy.budgetPriceType}`
        : unknown,
    },
    {
      term: 'account.organization.policy.cost_center.label',
      value:
        policy.costCenterOptional === undefined
          ? unknown
          : `account.organization.policy.cost_center.${policy.costCenterOptional ? 'optional' : 'required'}`,
    },
  ]
}

/** The profile's fields with their label keys, in the order the pages show them. */
export const COMPANY_FIELD_LABELS: Record<keyof CompanyProfile, string> = {
  companyName: 'account.company.company_name.label',
  companyName2: 'account.company.company_name2.label',
  taxationID: 'account.company.taxation_id.label',
  industry: 'account.company.industry.label',
  description: 'account.company.description.label',
}
