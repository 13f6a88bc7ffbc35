import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { TableHead } from '~/components/TableHead'
import type { UserCostCenter } from '~/models/company'

/**
 * The logged-in user's cost centers (organization-and-requisitions §2 "cost center widget"): id, name and the
 * user's part in each (buyer, owner). With `linkBase` (the user may view cost centers) each id links to its
 * detail page, `${linkBase}/{costCenterId}`. On phones each cost center is a labelled card (`card-table`): German
 * names ("Baustellenbetrieb Berlin") are wider than a 360 px table's column.
 */
export function CostCenterWidget({
  costCenters,
  linkBase,
}: {
  costCenters: UserCostCenter[]
  linkBase?: string
}) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="cost-center-widget">
      <h2 id={headingId}>{t('account.costcenter.widget.heading')}</h2>
      {costCenters.length === 0 ? (
        <p>{t('account.costcenter.widget.empty')}</p>
      ) : (
        <table className="cost-center-widget-table card-table">
          <TableHead
            columns={[
              { label: t('account.costcenter.widget.column.id') },
              { label: t('account.costcenter.widget.column.name') },
              { label: t('account.costcenter.widget.column.roles') },
            ]}
          />
          <tbody>
            {costCenters.map((center) => (
              <tr key={center.id} data-testid="own-cost-center">
                <td data-label={t('account.costcenter.widget.column.id')}>
                  {linkBase ? (
                    <Link
                      to={`${linkBase}/${encodeURIComponent(center.id)}`}
                      aria-label={t('account.costcenter.widget.view', { name: center.name, id: center.id })}
                    >
                      {center.id}
                    </Link>
                  ) : (
                    center.id
                  )}
                </td>
                <td data-label={t('account.costcenter.widget.column.name')}>{center.name}</td>
                <td data-label={t('account.costcenter.widget.column.roles')}>
                  {center.roles
                    .map((role) => t(`account.costcenter.widget.role.${role}`, { defaultValue: role }))
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
