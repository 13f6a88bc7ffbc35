import '~/browser/account-texts'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { useShell } from '~/components/useShell'

/** The frame of the profile's own pages (e-mail address, password): breadcrumb back to the profile, heading. */
export function ProfileSubpage({ heading, children }: { heading: string; children: ReactNode }) {
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[
          { name: t('account.profile.heading'), url: `/${locale.lang}/account/profile` },
          { name: t(heading) },
        ]}
      />
      <h1>{t(heading)}</h1>
      {children}
    </>
  )
}
