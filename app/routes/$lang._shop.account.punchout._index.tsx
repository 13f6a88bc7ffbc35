import '~/browser/account-texts'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { PunchoutBreadcrumb, PunchoutTypeTabs, useTypeName } from '~/components/punchout/PunchoutAdmin'
import { isPunchoutType, type PunchoutType } from '~/models/punchout'
import { noindexMeta } from '~/models/seo'
import { config } from '~/services/config.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import {
  punchoutAdminBase,
  punchoutTypes,
  punchoutUsers,
  requirePunchoutManager,
} from '~/services/punchout-admin.server'

export const headers = pageHeaders

/**
 * `/{lang}/account/punchout` (issue 34; the PWA's account punchout page): the punchout types the company
 * has, as tabs (`?type=`), and the selected type's users with the ways to add, edit and delete them, to a
 * cXML user's configuration and to the OCI configuration; and where the procurement system opens the shop.
 * For APP_B2B_MANAGE_PUNCHOUT, with the punchout feature on.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const { scope, customerNo, t, locale } = shopper
  const types = await loginAgainIfRefused(request, shopper, punchoutTypes(scope, customerNo))
  const asked = new URL(request.url).searchParams.get('type')
  const selected: PunchoutType | null =
    isPunchoutType(asked) && types.includes(asked) ? asked : (types[0] ?? null)
  const users = selected
    ? await loginAgainIfRefused(request, shopper, punchoutUsers(scope, customerNo, selected))
    : []
  return data(
    {
      title: t('account.punchout.heading'),
      types,
      selected,
      users,
      base: punchoutAdminBase(locale.lang),
      entryUrl: `${config.publicUrl}/${locale.lang}/punchout`,
      customerNo,
    },
    { headers: privateHeaders() },
  )
}

export default function PunchoutAdminPage() {
  const { types, selected, users, base, entryUrl, customerNo } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const typeName = useTypeName()
  return (
    <>
      <PunchoutBreadcrumb listUrl={base} />
      <h1>{t('account.punchout.heading')}</h1>
      {!selected ? (
        <p role="status">{t('account.punchout.no_protocols.info')}</p>
      ) : (
        <>
          <p>{t('account.punchout.subtitle')}</p>
          <PunchoutTypeTabs types={types} selected={selected} base={base} />
          <h2>{t('account.punchout.user.list.heading', { type: typeName(selected) })}</h2>
          <ul className="page-actions">
            <li>
              <Link to={`${base}/${selected}/create`}>{t('account.punchout.user.add')}</Link>
            </li>
            {selected === 'oci' ? (
              <li>
                <Link to={`${base}/oci/configuration`}>{t('account.punchout.oci.configuration.link')}</Link>
              </li>
            ) : null}
          </ul>
          {users.length === 0 ? (
            <p>{t('account.punchout.user.list.empty', { type: typeName(selected) })}</p>
          ) : (
            <table className="punchout-users">
              <thead>
                <tr>
                  <th scope="col">{t('account.punchout.username.label')}</th>
                  <th scope="col">{t('account.punchout.status.label')}</th>
                  <th scope="col">{t('account.punchout.actions.label')}</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => {
                  const login = encodeURIComponent(user.login)
                  return (
                    <tr key={user.login}>
                      <td>{user.login}</td>
                      <td>
                        {t(
                          user.active ? 'account.punchout.status.active' : 'account.punchout.status.inactive',
                        )}
                      </td>
                      <td>
                        <Link
                          to={`${base}/${selected}/users/${login}`}
                          aria-label={t('account.punchout.user.edit.label', { login: user.login })}
                        >
                          {t('account.punchout.user.edit')}
                        </Link>
                        {selected === 'cxml' ? (
                          <>
                            {' · '}
                            <Link
                              to={`${base}/cxml/configuration/${login}`}
                              aria-label={t('account.punchout.cxml.configuration.label', {
                                login: user.login,
                              })}
                            >
                              {t('account.punchout.cxml.configuration.link')}
                            </Link>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )}
          <section aria-labelledby="punchout-entry-heading" className="punchout-entry-help">
            <h2 id="punchout-entry-heading">{t('account.punchout.entry.heading')}</h2>
            <p>{t(`account.punchout.entry.${selected}`, { customerNo })}</p>
            {selected === 'cxml' ? null : (
              <p>
                <code>{entryUrl}</code>
              </p>
            )}
          </section>
        </>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
