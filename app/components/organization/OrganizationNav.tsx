import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import type { OrganizationAccess } from '~/models/company'

export type { OrganizationAccess }

export type OrganizationSection = 'users' | 'cost-centers' | 'settings'

/**
 * The organization area's shared navigation (issue 17): users, cost centers and settings, each only when the
 * session user may open it; the current section carries `aria-current="page"`.
 */
export function OrganizationNav({
  current,
  access,
}: {
  current?: OrganizationSection
  access: OrganizationAccess
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const base = `/${locale.lang}/account/organization`
  const sections: { id: OrganizationSection; label: string; shown: boolean }[] = [
    { id: 'users', label: t('account.organization.user_management'), shown: access.manageUsers },
    {
      id: 'cost-centers',
      label: t('account.organization.cost_center_management'),
      shown: access.viewCostCenters,
    },
    { id: 'settings', label: t('account.organization.org_settings'), shown: access.manageUsers },
  ]
  const shown = sections.filter((section) => section.shown)
  if (shown.length === 0) return null
  return (
    <nav aria-label={t('account.organization.navigation.label')} className="organization-nav">
      <ul>
        {shown.map((section) => (
          <li key={section.id}>
            <Link to={`${base}/${section.id}`} aria-current={section.id === current ? 'page' : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
