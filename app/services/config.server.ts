/** Storefront settings from the environment (README, "Configuration"). Read once at start. */
const env = process.env

if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
  console.warn(
    'storefront: SESSION_SECRET is not set; using a built-in secret. Set one for any real deployment.',
  )
}

export const config = {
  icmBaseUrl: (env.ICM_BASE_URL ?? `http://127.0.0.1:${env.API_PORT ?? 4100}`).replace(/\/+$/, ''),
  icmSite: env.ICM_SITE ?? 'ironbridge-Site',
  icmApplication: env.ICM_APPLICATION ?? '-',
  icmTimeoutMs: Number(env.ICM_TIMEOUT_MS ?? 8000),
  /** Lifetime of cached anonymous catalog and content answers; 0 switches that cache off. */
  icmCacheSeconds: Number(env.ICM_CACHE_SECONDS ?? 60),
  sessionSecrets: (env.SESSION_SECRET ?? 'storefront-development-secret').split(','),
  secureCookies: env.COOKIE_SECURE === 'true',
  /** Public origin of the shop (https://shop.example.com) for canonical URLs; default: the request's. */
  publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
  /** Feature toggles (spec §6, §9): FEATURES replaces the default set, ADD_FEATURES adds to it. */
  features: env.FEATURES === undefined ? undefined : commaList(env.FEATURES),
  addFeatures: env.ADD_FEATURES === undefined ? undefined : commaList(env.ADD_FEATURES),
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}
