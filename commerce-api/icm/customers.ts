import type { CustomerUser } from '../domain/customers'

/**
 * What kind of customer `customers/-` names in `customerType`: ICM answers `PRIVATE` for a private customer
 * (whose details a client then reads from `privatecustomers/-`) and `SMBCustomer` for a business one; the
 * Intershop PWA decides on it (`customerType === 'PRIVATE'`, customer.interface.ts `CustomerDataType`).
 */
export const customerTypeOf = (type: string) => (type === 'SMBCustomer' ? 'SMBCustomer' : 'PRIVATE')

/** ICM's Customer: `customers/-` (`type` is the REST resource type, `customerType` the kind of customer). */
export function customerJson({ customer }: CustomerUser) {
  return {
    customerNo: customer.customerNo,
    type: customer.type,
    customerType: customerTypeOf(customer.type),
    companyName: customer.companyName ?? undefined,
    companyName2: customer.companyName2 ?? undefined,
    taxationID: customer.taxationId ?? undefined,
    industry: customer.industry ?? undefined,
    description: customer.description ?? undefined,
    budgetPriceType: customer.budgetPriceType,
    // Whether the company's orders may go without a cost center (the PWA's `isCostCenterOptional`).
    isCostCenterOptional: customer.type === 'SMBCustomer' ? customer.costCenterOptional : undefined,
    // The company switched cookie consent off: its users' shops use required cookies only (issue 35).
    isCookieConsentDisabled: customer.type === 'SMBCustomer' ? customer.cookieConsentDisabled : undefined,
    // The shop's person who looks after the company (`GET contactpersons`, issue 36).
    contactPersonID: customer.type === 'SMBCustomer' ? (customer.contactPersonId ?? undefined) : undefined,
    // Whether the company's users see prices (spec commerce §5: active unless the customer says otherwise;
    // ADR 0045). A business customer's setting: a private customer's answer has no such field.
    ...(customer.type === 'SMBCustomer' ? { isPriceDisplayActive: customer.priceDisplayActive } : {}),
  }
}

/** `customers/-/users/-`: the caller's own user. */
export const userJson = ({ user }: Pick<CustomerUser, 'user'>) => userDataJson(user)

/** ICM's User (`UserData`), also the base of a business user in user management (icm/b2b-users.ts). */
export function userDataJson(user: CustomerUser['user']) {
  return {
    login: user.login,
    email: user.email,
    title: user.title ?? undefined,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneHome: user.phone ?? undefined,
    phoneBusiness: user.phoneBusiness ?? undefined,
    phoneMobile: user.phoneMobile ?? undefined,
    fax: user.fax ?? undefined,
    birthday: user.birthday ?? undefined,
    department: user.department ?? undefined,
    preferredLanguage: user.preferredLanguage,
    active: user.active,
    businessPartnerNo: user.businessPartnerNo ?? undefined,
    attributes: userAttributes(user),
  }
}

/** The name of the custom user attribute that keeps the display-type switch's choice (spec §1). */
export const PRICE_DISPLAY_ATTRIBUTE = 'preferredPriceDisplayType'

/** The user's custom attributes (ICM's AttributeRO); left out when the user has none. */
function userAttributes(user: CustomerUser['user']) {
  return user.preferredPriceDisplayType
    ? [{ name: PRICE_DISPLAY_ATTRIBUTE, type: 'String', value: user.preferredPriceDisplayType }]
    : undefined
}

/** `privatecustomers/-`: ICM merges the private customer and its one user into one object. */
export function privateCustomerJson(row: CustomerUser) {
  return { ...customerJson(row), ...userJson(row) }
}

/** `personalization`: the group id (`pgid`) that CMS calls carry. */
export const personalizationJson = (pgid: string) => ({ pgid })
