/** The shop's feature toggles (spec shell §6): every name FEATURES and ADD_FEATURES may hold. */
export const FEATURE_NAMES = [
  'quoting',
  'freetextQuoting',
  'costCenters',
  'punchout',
  'documents',
  'compare',
  'wishlists',
  'quickorder',
  'storeLocator',
  'contactUs',
  'recently',
  'rating',
  'tacton',
  'copilot',
  'trustbadge',
  'stickyHeader',
  'scanner',
  'stickyHeader',
  'trustbadge',
  'scandit',
  'extraConfiguration',
  'saveLanguageSelection',
  'tracking',
  'maps',
  'orderTemplates',
] as const

export type Feature = (typeof FEATURE_NAMES)[number]

export const isFeatureName = (name: string): name is Feature =>
  (FEATURE_NAMES as readonly string[]).includes(name)

/**
 * The features this build has: spec §9's defaults and extras, minus those not built yet. A toggle that is
 * on gates a feature that exists; each further one joins this list in the change that builds it.
 */
export const BUILT_FEATURES: readonly Feature[] = [
  'compare',
  'rating',
  'recently',
  'quickorder',
  'costCenters',
  'saveLanguageSelection',
  'wishlists',
  'punchout',
  'tracking',
  'orderTemplates',
  'contactUs',
  'storeLocator',
  'maps',
  // Issue 36: the prices part reads `noPriceCheckoutEnabled` from it; the shell part reads the other settings.
  'extraConfiguration',
  'scanner',
  'stickyHeader',
  'trustbadge',
  'quoting',
  'freetextQuoting',
]
