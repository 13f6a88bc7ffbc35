import '~/browser/account-texts'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { BudgetChart } from '~/components/organization/BudgetChart'
import { BudgetWidget } from '~/components/organization/BudgetWidget'
import { CostCenterWidget } from '~/components/organization/CostCenterWidget'
import { AccountSummary, LatestOrders } from '~/components/account/AccountSummary'
import { ContactPersonCard } from '~/components/ContactPersonCard'
import { ApprovalWidget, RequisitionWidget } from '~/components/requisition/RequisitionWidgets'
import { useShell } from '~/components/useShell'
import type { OrganizationAccess } from '~/models/company'
import { ORDER_TEMPLATE_PERMISSION, orderTemplatesPath } from '~/models/order-template'
import { MANAGE_PUNCHOUT } from '~/models/punchout'
import { MANAGE_QUOTES, quotesPath } from '~/models/quote'
import { noindexMeta } from '~/models/seo'
import { userBudgetHistory } from '~/services/budgets.server'
import { accountSummary } from '~/services/account-summary.server'
import { contactPerson } from '~/services/contact.server'
import { organizationAccessOf } from '~/services/company.server'
import { isFeatureEnabled } from '~/services/features.server'
import { hasPermission, loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { IcmError } from '~/services/icm.server'
import { organizationBase } from '~/services/organization.server'
import { passkeysOffered } from '~/services/passkey-access.server'
import { punchoutAdminBase } from '~/services/punchout-admin.server'
import { ownBudget, ownCostCenters } from '~/services/own-budget.server'
import { requisitionWidgets } from '~/services/requisitions.server'

export const headers = pageHeaders

/**
 * A widget's data: what ICM refuses to show (403, 404) leaves the widget out rather than the page; an invalid
 * token (401) is thrown on, for the login again, and so is anything else.
 */
async function widget<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch (error) {
    if (error instanceof IcmError && error.status !== 401 && error.status < 500) return null
    throw error
  }
}

/** Where "organization management" leads: the first part of it the user may open, if any. */
function organizationUrl(lang: string, access: OrganizationAccess): string | null {
  if (access.manageUsers) return `${organizationBase(lang)}/users`
  if (access.viewCostCenters) return `${organizationBase(lang)}/cost-centers`
  return null
}

/**
 * The account overview (`/{lang}/account`, logged in, noindex): a greeting, the customer's and user's data
 * (name, e-mail address, customer number, the company of a business customer), the latest orders and the ways
 * on; for a business user also their own budget, its burn-down chart (left out where the backend keeps no
 * history) and, with the costCenters feature, their cost centers.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const { user, scope, locale } = shopper
  const t = fixedT(locale.id)
  const access = organizationAccessOf(user)
  const business = user.customerType === 'SMBCustomer'
  const withCostCenters = business && isFeatureEnabled('costCenters')
  const summaryCall = accountSummary(shopper)
  const [budget, history, costCenters, requisitions, person] = business
    ? await loginAgainIfRefused(
        request,
        shopper,
        Promise.all([
          widget(ownBudget(scope)),
          widget(userBudgetHistory(scope, '-', '-')),
          withCostCenters ? widget(ownCostCenters(scope)) : Promise.resolve(null),
          requisitionWidgets(scope, user),
          // The company's contact person (spec shell §3), shown with the contact form's feature.
          isFeatureEnabled('contactUs') ? widget(contactPerson(scope)) : Promise.resolve(null),
        ]),
      )
    : [null, null, null, null, null]
  const summary = await loginAgainIfRefused(request, shopper, summaryCall)
  return data(
    {
      title: t('account.overview.title'),
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.login,
      summary,
      profileUrl: `/${locale.lang}/account/profile`,
      ordersUrl: `/${locale.lang}/account/orders`,
      recurringOrdersUrl: `/${locale.lang}/account/recurring-orders`,
      organizationUrl: organizationUrl(locale.lang, access),
      wishlistsUrl: isFeatureEnabled('wishlists') ? `/${locale.lang}/account/wishlists` : null,
      orderTemplatesUrl:
        isFeatureEnabled('orderTemplates') && hasPermission(user, ORDER_TEMPLATE_PERMISSION)
          ? orderTemplatesPath(locale.lang)
          : null,
      quotesUrl:
        (isFeatureEnabled('quoting') || isFeatureEnabled('freetextQuoting')) &&
        hasPermission(user, MANAGE_QUOTES)
          ? quotesPath(locale.lang)
          : null,
      passkeysUrl: passkeysOffered(shopper.session) ? `/${locale.lang}/account/passkeys` : null,
      punchoutUrl:
        isFeatureEnabled('punchout') && hasPermission(user, MANAGE_PUNCHOUT)
          ? punchoutAdminBase(locale.lang)
          : null,
      budget,
      history,
      costCenters,
      costCenterLinkBase: access.viewCostCenters ? `${organizationBase(locale.lang)}/cost-centers` : null,
      requisitions,
      person,
      contactUrl: isFeatureEnabled('contactUs') ? `/${locale.lang}/contact` : null,
    },
    { headers: privateHeaders() },
  )
}

export default function AccountOverviewPage() {
  const {
    name,
    summary,
    profileUrl,
    ordersUrl,
    recurringOrdersUrl,
    organizationUrl,
    budget,
    history,
    costCenters,
    costCenterLinkBase,
    requisitions,
    wishlistsUrl,
    orderTemplatesUrl,
    quotesUrl,
    punchoutUrl,
    passkeysUrl,
    person,
    contactUrl,
  } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <Breadcrumb items={[{ name: t('account.overview.title') }]} homeUrl={`/${locale.lang}/home`} />
      <h1>{t('account.overview.greeting', { name })}</h1>
      <AccountSummary summary={summary} profileUrl={profileUrl} />
      <LatestOrders orders={summary.latestOrders} ordersUrl={ordersUrl} />
      <nav aria-label={t('account.overview.links.label')} className="account-links">
        <ul>
          <li>
            <Link to={profileUrl}>{t('account.profile.heading')}</Link>
          </li>
          <li>
            <Link to={ordersUrl}>{t('account.orders.title')}</Link>
          </li>
          <li>
            <Link to={recurringOrdersUrl}>{t('account.recurring_orders.title')}</Link>
          </li>
          {organizationUrl ? (
            <li>
              <Link to={organizationUrl}>{t('account.overview.organization')}</Link>
            </li>
          ) : null}
          {punchoutUrl ? (
            <li>
              <Link to={punchoutUrl}>{t('account.punchout.heading')}</Link>
            </li>
          ) : null}
          <li>
            <Link to={`/${locale.lang}/account/payment`}>{t('account.payment.title')}</Link>
          </li>
          {wishlistsUrl ? (
            <li>
              <Link to={wishlistsUrl}>{t('account.wishlists.title')}</Link>
            </li>
          ) : null}
          {orderTemplatesUrl ? (
            <li>
              <Link to={orderTemplatesUrl}>{t('account.order_templates.title')}</Link>
            </li>
          ) : null}
          {quotesUrl ? (
            <li>
              <Link to={quotesUrl}>{t('account.quotes.title')}</Link>
            </li>
          ) : null}
          <li>
            <Link to={`/${locale.lang}/account/addresses`}>{t('account.address_book.title')}</Link>
          </li>
          {passkeysUrl ? (
            <li>
              <Link to={passkeysUrl}>{t('account.passkeys.title')}</Link>
            </li>
          ) : null}
          <li>
            <Link to={`/${locale.lang}/account/privacy`}>{t('account.privacy.title')}</Link>
          </li>
          {contactUrl ? (
            <li>
              <Link to={contactUrl}>{t('helpdesk.contact_us.heading')}</Link>
            </li>
          ) : null}
        </ul>
      </nav>
      {requisitions?.approval ? <ApprovalWidget widget={requisitions.approval} /> : null}
      {requisitions?.requisition ? <RequisitionWidget widget={requisitions.requisition} /> : null}
      {budget ? <BudgetWidget budget={budget} /> : null}
      {history ? <BudgetChart history={history} caption={t('account.budget.chart.own_caption')} /> : null}
      {costCenters ? (
        <CostCenterWidget costCenters={costCenters} linkBase={costCenterLinkBase ?? undefined} />
      ) : null}
      {person ? <ContactPersonCard person={person} /> : null}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
