import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'

/** Spec §9: mobile under 768 px. */
const MOBILE = '(max-width: 767.98px)'

/**
 * The shop's logo and name, linking home: the first thing of every header. The theme's Logo and LogoMobile
 * (extra settings, same-origin paths) take the place of the built-in mark; the name stays for everyone.
 */
export function ShopLogo({
  lang,
  logo = null,
  logoMobile = null,
}: {
  lang: string
  logo?: string | null
  logoMobile?: string | null
}) {
  const { t } = useTranslation()
  return (
    <Link to={`/${lang}/home`} className="logo" aria-label={t('header.home')}>
      {logo || logoMobile ? (
        <picture>
          {logoMobile ? <source media={MOBILE} srcSet={logoMobile} /> : null}
          <img className="logo-image" src={logo ?? logoMobile!} alt="" height={32} />
        </picture>
      ) : (
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
          <rect width="32" height="32" rx="6" fill="currentColor" />
          <path d="M8 22h16v3H8zM11 8h10v12H11z" fill="#fff" />
        </svg>
      )}
      <span>{t('shop.name')}</span>
    </Link>
  )
}
