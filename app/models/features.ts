/** The shop's feature toggles (spec shell §6). */
export type Feature =
  | 'quoting'
  | 'freetextQuoting'
  | 'costCenters'
  | 'punchout'
  | 'documents'
  | 'compare'
  | 'wishlists'
  | 'quickorder'
  | 'storeLocator'
  | 'contactUs'
  | 'recently'
  | 'rating'
  | 'tacton'
  | 'copilot'
  | 'trustbadge'
  | 'stickyHeader'
  | 'scanner'
  | 'scandit'
  | 'extraConfiguration'
  | 'saveLanguageSelection'
  | 'tracking'
  | 'maps'
  | 'orderTemplates'

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
  'extraConfiguration',
  'stickyHeader',
  'trustbadge',
]
