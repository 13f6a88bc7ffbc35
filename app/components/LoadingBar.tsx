import { useNavigation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'

/** Shown from navigation start to its end (spec §4.3); only exists when JavaScript runs. */
export function LoadingBar() {
  const navigation = useNavigation()
  const { t } = useTranslation()
  if (navigation.state === 'idle') return null
  return (
    <div className="loading-bar" role="progressbar" aria-label={t('header.loading')}>
      <span />
    </div>
  )
}
