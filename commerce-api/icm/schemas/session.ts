/**
 * The session area's answers as ICM sends them: the token endpoint, personalization, the logged-in customer
 * and user, a business user's roles and the roles a customer can give, and the caller's baskets. Written from
 * the Intershop PWA: `core/services/token/token.service.ts` (angular-oauth2-oidc's token response),
 * `core/services/user/user.service.ts`, `core/models/customer/customer.interface.ts`,
 * `core/models/user/user.interface.ts`, `core/models/authorization/authorization.interface.ts`,
 * `projects/organization-management/…/b2b-role/b2b-role.interface.ts` and `core/models/basket/basket.interface.ts`
 * (`BasketBaseData`, read by `basket.service.ts` `getBaskets`).
 */
import { z } from 'zod'
import { BasketDataSchema } from './checkout'
import type { WireRule } from './rules'

/** `POST token` (all grants): the OAuth token response the PWA's OAuthService reads. */
export const TokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  id_token: z.string().optional(),
})

/** `PUT token/logout`: ICM's clients read no body (ours answers 204 without one). */
export const LogoutSchema = z.null()

/** `POST challenges`: the login challenge, an extension of ours outside ICM's contract (like /psp/). */
export const ChallengeSchema = z.object({
  id: z.string().min(1),
  question: z.object({ kind: z.literal('sum'), operands: z.tuple([z.number().int(), z.number().int()]) }),
  expires_in: z.number().int().positive(),
})

/** `GET personalization`: the group id that `;pgid=` / `;spgid=` carry. */
export const PersonalizationSchema = z.object({ pgid: z.string() })

/** A preferred address as the customer and user resources nest it (clients read its `urn`). */
const PreferredAddressSchema = z.object({ urn: z.string().optional(), id: z.string().optional() })

/** What a customer and a private customer's user share (`CustomerData`, `UserData`). */
const personFields = {
  title: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  birthday: z.string().optional(),
  phoneHome: z.string().optional(),
  phoneBusiness: z.string().optional(),
  phoneMobile: z.string().optional(),
  fax: z.string().optional(),
  email: z.string().optional(),
  login: z.string().optional(),
  preferredLanguage: z.string().optional(),
  preferredInvoiceToAddress: PreferredAddressSchema.optional(),
  preferredShipToAddress: PreferredAddressSchema.optional(),
  preferredPaymentInstrument: z.object({ id: z.string().optional() }).optional(),
  /** Custom attributes (ICM's AttributeRO): the user's `preferredPriceDisplayType`. */
  attributes: z.array(z.object({ name: z.string().min(1), type: z.string(), value: z.unknown() })).optional(),
}

/** The business customer's company fields (`Customer`). */
const companyFields = {
  companyName: z.string().optional(),
  companyName2: z.string().optional(),
  taxationID: z.string().optional(),
  industry: z.string().optional(),
  description: z.string().optional(),
  /** Which order total budgets count (spec §9: gross by default). */
  budgetPriceType: z.enum(['gross', 'net']).optional(),
  /** Whether an order may go without a cost center (business customers). */
  isCostCenterOptional: z.boolean().optional(),
  /** The company switched cookie consent off (the PWA's `isCookieConsentDisabled`): required cookies only. */
  isCookieConsentDisabled: z.boolean().optional(),
  /** The contact person looking after the company (`GET contactpersons`). */
  contactPersonID: z.string().min(1).optional(),
  /** Whether the customer's users see prices (spec commerce §3, §5); ICM's default is true. */
  isPriceDisplayActive: z.boolean().optional(),
}

/**
 * `GET customers/-`: `type` is the REST resource type, `customerType` the kind of customer, which the PWA
 * decides on (`PRIVATE`: read `privatecustomers/-` next; `SMBCustomer`: a business customer).
 */
export const CustomerSchema = z
  .object({
    customerNo: z.string().min(1),
    type: z.enum(['PrivateCustomer', 'SMBCustomer']),
    customerType: z.enum(['PRIVATE', 'SMBCustomer']),
    ...companyFields,
    ...personFields,
  })
  .refine((customer) => (customer.type === 'SMBCustomer') === (customer.customerType === 'SMBCustomer'), {
    message: 'type and customerType name the same kind of customer',
    path: ['customerType'],
  })

/** `GET privatecustomers/-`: the private customer and its one user in one object. */
export const PrivateCustomerSchema = z.object({
  customerNo: z.string().min(1),
  type: z.literal('PrivateCustomer'),
  customerType: z.literal('PRIVATE').optional(),
  ...personFields,
})

/** `GET customers/-/users/-`: a business user (`UserData`). */
export const UserSchema = z.object({
  ...personFields,
  login: z.string().min(1),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  businessPartnerNo: z.string().optional(),
  department: z.string().optional(),
})

/** `GET customers/{no}/users/{login}/roles` (`AuthorizationData`). */
export const UserRolesSchema = z.object({
  userRoles: z.array(
    z.object({
      roleID: z.string().min(1),
      roleDisplayName: z.string(),
      permissions: z.array(z.object({ permissionID: z.string().min(1) })),
    }),
  ),
})

/** `GET customers/{no}/roles`: the roles user management offers (`B2bRoleData`). */
export const AssignableRolesSchema = z.object({
  userRoles: z.array(
    z.object({
      roleID: z.string().min(1),
      fixed: z.boolean(),
      roleDisplayName: z.string(),
      roleDescription: z.string().optional(),
      permissions: z.array(z.object({ permissionDisplayName: z.string() })),
    }),
  ),
})

/**
 * `GET baskets`: the caller's baskets, the most recently changed first: `{data:[BasketBaseData]}`, each a
 * basket's `data` as `baskets/{id}` answers it (the basket resource's schema, checkout.ts), no `included`.
 */
export const UserBasketsSchema = z.object({ data: z.array(BasketDataSchema) })

export const sessionWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/token', schema: TokenSchema },
  { method: 'PUT', route: '/rest/:site/token/logout', schema: LogoutSchema },
  { method: 'POST', route: '/rest/:site/challenges', schema: ChallengeSchema },
  { method: 'GET', route: '/rest/:site/personalization', schema: PersonalizationSchema },
  { method: 'GET', route: '/rest/:site/customers/-', schema: CustomerSchema },
  { method: 'GET', route: '/rest/:site/customers/-/users/-', schema: UserSchema },
  { method: 'GET', route: '/rest/:site/privatecustomers/-', schema: PrivateCustomerSchema },
  { method: 'GET', route: '/rest/:site/customers/:customerNo/users/:login/roles', schema: UserRolesSchema },
  { method: 'GET', route: '/rest/:site/customers/:customerNo/roles', schema: AssignableRolesSchema },
  { method: 'GET', route: '/rest/:site/baskets', schema: UserBasketsSchema },
  // Single sign-on: the signed-in user (ICM's UserData; its token in the authentication-token header).
  { method: 'POST', route: '/rest/:site/users/processtoken', schema: UserSchema },
]
