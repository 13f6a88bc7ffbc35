import { BUILT_FEATURES, type Feature } from '~/models/features'
import { config } from './config.server'

export type { Feature }

/** Spec §9: the default features, as far as this build has them (contactUs joins when it is built). */
export const DEFAULT_FEATURES: readonly Feature[] = ['compare', 'rating', 'recently']
/**
 * Spec §9's extra features of this build, as far as they exist: maps, orderTemplates and scanner join in the
 * changes that build them.
 */
export const DEFAULT_ADD_FEATURES: readonly Feature[] = [
  'quickorder',
  'costCenters',
  'punchout',
  'tracking',
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
