import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** The shop's logo and name, linking home: the first thing of every header. */
export function ShopLogo({ lang }: { lang: string }) {
  const { t } = useTranslation()
  return (
    <Link to={`/${lang}/home`} className="logo" aria-label={t('header.home')}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="currentColor" />
        <path d="M8 22h16v3H8zM11 8h10v12H11z" fill="#fff" />
      </svg>
      <span>{t('shop.name')}</span>
    </Link>
  )
}
