/**
 * The logged-in user's company (ICM `customers/-`): read, and its profile changed (`PUT customers/-`,
 * organization-and-requisitions §2 `settings/company`); and what of the organization area the user may open.
 */
import {
  companyProfileBody,
  CustomerSchema,
  mapCompany,
  type Company,
  type CompanyProfileForm,
  type OrganizationAccess,
} from '~/models/company'
import { isFeatureEnabled } from './features.server'
import { hasPermission } from './guards.server'
import { icmCall, IcmError, refusalOf, type IcmProblem, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

/** The logged-in user's customer, personal and never cached. */
export async function getCompany(scope: IcmScope): Promise<Company> {
  return mapCompany(await icmCall(scope, { path: 'customers/-', schema: CustomerSchema, cache: 'none' }))
}

/**
 * Changes the company profile. ICM's refusals come back as reasons, and so does its 403: it refuses a private
 * customer (who has no company) and a user without user management, which the form shows rather than an
 * error page (`forbidden`). An invalid token (401) is thrown on for `loginAgainIfRefused`.
 */
export async function updateCompanyProfile(
  scope: IcmScope,
  form: CompanyProfileForm,
): Promise<IcmResult<Company> | { ok: false; errors: IcmProblem[]; forbidden: true }> {
  try {
    const answer = await icmCall(scope, {
      method: 'PUT',
      path: 'customers/-',
      json: companyProfileBody(form),
      schema: CustomerSchema,
      cache: 'none',
    })
    return { ok: true, value: mapCompany(answer) }
  } catch (error) {
    if (error instanceof IcmError && error.status === 403)
      return { ok: false, errors: problemsOf(error), forbidden: true }
    return { ok: false, errors: refusalOf(error) }
  }
}

function problemsOf(error: IcmError): IcmProblem[] {
  return error.causes.length
    ? error.causes
    : [{ code: error.code ?? 'error.api.refused', message: error.message }]
}

/**
 * What of the organization area the session user may open, for `OrganizationNav` and the pages' links:
 * users and settings with APP_B2B_MANAGE_USERS, cost centers with the feature and APP_B2B_VIEW_COSTCENTER.
 * The API decides for itself; this is navigation.
 */
export function organizationAccessOf(user: SessionUser | undefined): OrganizationAccess {
  return {
    manageUsers: hasPermission(user, 'APP_B2B_MANAGE_USERS'),
    viewCostCenters: isFeatureEnabled('costCenters') && hasPermission(user, 'APP_B2B_VIEW_COSTCENTER'),
  }
}
