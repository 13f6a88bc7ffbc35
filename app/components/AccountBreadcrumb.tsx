import { useTranslation } from '~/components/useTranslation'
import '~/browser/account-texts'
import { Breadcrumb } from './Breadcrumb'

/** The breadcrumb of a page in the account: home, "My account", then `trail` (the page itself last). */
export function AccountBreadcrumb({
  lang,
  trail,
}: {
  lang: string
  trail: { name: string; url?: string }[]
}) {
  const { t } = useTranslation()
  return (
    <Breadcrumb
      items={[{ name: t('account.overview.title'), url: `/${lang}/account` }, ...trail]}
      homeUrl={`/${lang}/home`}
    />
  )
}
