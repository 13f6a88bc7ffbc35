import { config } from './config.server'

/** The shop's feature toggles (spec §6). */
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

/** Spec §9: the default features, and the extra features of this build. */
export const DEFAULT_FEATURES: readonly Feature[] = ['compare', 'contactUs', 'rating', 'recently']
export const DEFAULT_ADD_FEATURES: readonly Feature[] = [
  'costCenters',
  'maps',
  'punchout',
  'quickorder',
  'orderTemplates',
  'extraConfiguration',
  'scanner',
  'tracking',
]

/** The enabled set: `features` replaces the defaults, `addFeatures` adds to them. */
export function enabledFeatures(
  features: readonly string[] = DEFAULT_FEATURES,
  addFeatures: readonly string[] = DEFAULT_ADD_FEATURES,
): ReadonlySet<string> {
  return new Set([...features, ...addFeatures])
}

const enabled = enabledFeatures(config.features, config.addFeatures)

/** Feature checks also accept 'always' and 'never' (spec §5). */
export function isFeatureEnabled(feature: Feature | 'always' | 'never', set = enabled): boolean {
  if (feature === 'always') return true
  if (feature === 'never') return false
  return set.has(feature)
}

/** Guard for feature-gated routes: a switched-off feature's pages do not exist (404, spec §8). */
export function requireFeature(feature: Feature) {
  if (!isFeatureEnabled(feature)) throw new Response(null, { status: 404, statusText: 'Not Found' })
}
