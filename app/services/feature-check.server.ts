/**
 * What the storefront refuses to start with (issue 36, ADR 0044): a feature toggle it does not know, one this
 * build does not have, and the features that only name an external product this shop has no client for
 * (Tacton's configurator, a copilot service, Scandit's SDK, the Sparque search service). Each of those is off
 * by default; turned on, the shop would show a dead link or an empty widget, so the start fails instead and
 * says which setting is missing or that no client exists. Pure: the settings come in, the problems go out.
 */
import { BUILT_FEATURES, FEATURE_NAMES, isFeatureName, type Feature } from '~/models/features'

type Env = Record<string, string | undefined>

/** A feature or setting that stands for an external product, and the settings it would need. */
type ExternalProduct = {
  /** How the shop's operator turns it on, as the message names it. */
  toggle: string
  /** Whether the settings turn it on. */
  isOn: (enabled: ReadonlySet<string>, env: Env) => boolean
  product: string
  /** The settings it needs (each non-empty). */
  settings: readonly string[]
}

export const EXTERNAL_PRODUCTS: readonly ExternalProduct[] = [
  {
    toggle: 'feature tacton',
    isOn: (enabled) => enabled.has('tacton'),
    product: "Tacton's product configurator",
    settings: ['TACTON_ENDPOINT'],
  },
  {
    toggle: 'feature copilot',
    isOn: (enabled) => enabled.has('copilot'),
    product: 'a copilot assistant service',
    settings: ['COPILOT_CLIENTS'],
  },
  {
    toggle: 'feature scandit',
    isOn: (enabled) => enabled.has('scandit'),
    product: "Scandit's barcode scanner SDK",
    settings: ['SCANDIT_LICENSE_KEY'],
  },
  {
    toggle: 'SPARQUE=on',
    isOn: (_enabled, env) => env.SPARQUE?.trim() === 'on',
    product: 'the Sparque search service',
    settings: ['SPARQUE_URL', 'SPARQUE_WORKSPACE'],
  },
]

/** The features that only name an external product: never "not built yet", always refused with a reason. */
const EXTERNAL_FEATURES: readonly Feature[] = ['tacton', 'copilot', 'scandit']

const isSet = (env: Env, name: string) => (env[name]?.trim() ?? '') !== ''

/**
 * Every reason the storefront cannot start with these features (`enabled`, the set FEATURES and ADD_FEATURES
 * make, with `named`, the names as given) and settings (`env`); empty when it can.
 */
export function featureStartupProblems(named: readonly string[], enabled: ReadonlySet<string>, env: Env) {
  const problems: string[] = []
  const unknown = [...new Set(named)].filter((name) => !isFeatureName(name))
  if (unknown.length > 0)
    problems.push(
      `FEATURES/ADD_FEATURES name unknown features: ${unknown.join(', ')} (the features are ` +
        `${FEATURE_NAMES.join(', ')}).`,
    )
  const sparque = env.SPARQUE?.trim()
  if (sparque && sparque !== 'on' && sparque !== 'off')
    problems.push(`SPARQUE must be 'on' or 'off' (got '${sparque}').`)
  for (const external of EXTERNAL_PRODUCTS) {
    if (!external.isOn(enabled, env)) continue
    const missing = external.settings.filter((name) => !isSet(env, name))
    problems.push(
      missing.length > 0
        ? `${external.toggle} needs ${missing.join(' and ')} (${external.product}), which ` +
            `${missing.length > 1 ? 'are' : 'is'} not set. This build has no client for it either: turn it off.`
        : `${external.toggle} is configured (${external.settings.join(', ')}), but this build has no client ` +
            `for ${external.product}: turn it off.`,
    )
  }
  // /scandit shows the shop's own scanner unless a Scandit licence is configured (spec shell §2.1): with one,
  // it would have to run Scandit's SDK, which this build does not have.
  if (!enabled.has('scandit') && isSet(env, 'SCANDIT_LICENSE_KEY'))
    problems.push(
      "SCANDIT_LICENSE_KEY is set, but this build has no client for Scandit's barcode scanner SDK, which " +
        '/scandit would then have to use: unset it (/scandit shows the shop’s own scanner).',
    )
  const unbuilt = [...enabled].filter(
    (name): name is Feature =>
      isFeatureName(name) && !EXTERNAL_FEATURES.includes(name) && !BUILT_FEATURES.includes(name),
  )
  if (unbuilt.length > 0)
    problems.push(`FEATURES/ADD_FEATURES turn on features this build does not have: ${unbuilt.join(', ')}.`)
  return problems
}

/** The message the storefront stops with, or null when it may start. */
export function featureStartupError(named: readonly string[], enabled: ReadonlySet<string>, env: Env) {
  const problems = featureStartupProblems(named, enabled, env)
  if (problems.length === 0) return null
  return `the feature settings cannot work:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`
}
