import { BUILT_FEATURES, type Feature } from '~/models/features'
import { config } from './config.server'

export type { Feature }

/** Spec §9: the default features. */
export const DEFAULT_FEATURES: readonly Feature[] = ['compare', 'contactUs', 'rating', 'recently']
/**
 * Spec §9's extra features of this build. `maps` draws the store finder's map (storeLocator, off by default,
 * shows the stores).
 */
export const DEFAULT_ADD_FEATURES: readonly Feature[] = [
  'quickorder',
  'costCenters',
  'punchout',
  'tracking',
  'orderTemplates',
  'maps',
  'extraConfiguration',
]

/** The enabled set: `features` replaces the defaults, `addFeatures` adds to them. */
export function enabledFeatures(
  features: readonly string[] = DEFAULT_FEATURES,
  addFeatures: readonly string[] = DEFAULT_ADD_FEATURES,
): ReadonlySet<string> {
  return new Set([...features, ...addFeatures])
}

const enabled = enabledFeatures(config.features, config.addFeatures)
const unbuilt = [...enabled].filter((feature) => !BUILT_FEATURES.includes(feature as Feature))
if (unbuilt.length > 0)
  console.warn(
    `storefront: FEATURES/ADD_FEATURES name features this build does not have: ${unbuilt.join(', ')}`,
  )

/** Feature checks also accept 'always' and 'never' (spec §5). */
export function isFeatureEnabled(feature: Feature | 'always' | 'never', set = enabled): boolean {
  if (feature === 'always') return true
  if (feature === 'never') return false
  return set.has(feature)
}
