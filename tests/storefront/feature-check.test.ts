/**
 * The storefront's start-up check of its features (issue 36, ADR 0044): unknown and unbuilt features, and the
 * features of external products this build has no client for, each stop the start with a message naming the
 * setting; the shop's own defaults and the feature lists its tests and e2e shops use start.
 */
import { describe, expect, it } from 'vitest'
import { FEATURE_NAMES } from '~/models/features'
import { featureStartupError, featureStartupProblems } from '~/services/feature-check.server'
import { DEFAULT_ADD_FEATURES, DEFAULT_FEATURES, enabledFeatures } from '~/services/features.server'

/** The problems of ADD_FEATURES `add` on top of the defaults, with `env`. */
const problemsOf = (add: string[], env: Record<string, string> = {}) =>
  featureStartupProblems(add, enabledFeatures(DEFAULT_FEATURES, add), env)

describe('the start-up check of the features', () => {
  it('lets the defaults and the feature lists of the tests and e2e shops start', () => {
    expect(featureStartupProblems([], enabledFeatures(), {})).toEqual([])
    for (const add of [
      [...DEFAULT_ADD_FEATURES],
      ['quickorder', 'costCenters', 'saveLanguageSelection', 'wishlists', 'punchout', 'tracking', 'scanner'],
      ['quickorder'],
      [],
    ])
      expect(problemsOf(add), add.join()).toEqual([])
    expect(featureStartupError([], enabledFeatures(), { SPARQUE: 'off' })).toBeNull()
  })

  it('refuses unknown feature names, naming them and the features there are', () => {
    const [problem, ...rest] = problemsOf(['scanner', 'scaner', 'magic'])
    expect(rest).toEqual([])
    expect(problem).toBe(
      `FEATURES/ADD_FEATURES name unknown features: scaner, magic (the features are ${FEATURE_NAMES.join(', ')}).`,
    )
  })

  it('refuses a known feature this build does not have (yet)', () => {
    expect(problemsOf(['documents'])).toEqual([
      'FEATURES/ADD_FEATURES turn on features this build does not have: documents.',
    ])
  })

  it.each([
    ['tacton', 'TACTON_ENDPOINT', "Tacton's product configurator"],
    ['copilot', 'COPILOT_CLIENTS', 'a copilot assistant service'],
    ['scandit', 'SCANDIT_LICENSE_KEY', "Scandit's barcode scanner SDK"],
  ])('refuses feature %s without %s, naming the setting', (feature, setting, product) => {
    expect(problemsOf([feature])).toEqual([
      `feature ${feature} needs ${setting} (${product}), which is not set. This build has no client for it ` +
        'either: turn it off.',
    ])
    // A blank value is no setting.
    expect(problemsOf([feature], { [setting]: '  ' })).toHaveLength(1)
  })

  it.each([
    ['tacton', 'TACTON_ENDPOINT', 'https://tacton.example.com/api', "Tacton's product configurator"],
    ['copilot', 'COPILOT_CLIENTS', '[{"id":"shop"}]', 'a copilot assistant service'],
    ['scandit', 'SCANDIT_LICENSE_KEY', 'AbC123', "Scandit's barcode scanner SDK"],
  ])(
    'refuses feature %s with %s too: this build has no client for it',
    (feature, setting, value, product) => {
      expect(problemsOf([feature], { [setting]: value })).toEqual([
        `feature ${feature} is configured (${setting}), but this build has no client for ${product}: turn it off.`,
      ])
    },
  )

  it('refuses the Sparque search service turned on, without its settings or with them', () => {
    expect(problemsOf([], { SPARQUE: 'on' })).toEqual([
      'SPARQUE=on needs SPARQUE_URL and SPARQUE_WORKSPACE (the Sparque search service), which are not set. ' +
        'This build has no client for it either: turn it off.',
    ])
    expect(problemsOf([], { SPARQUE: 'on', SPARQUE_URL: 'https://sparque.example.com' })).toEqual([
      'SPARQUE=on needs SPARQUE_WORKSPACE (the Sparque search service), which is not set. This build has no ' +
        'client for it either: turn it off.',
    ])
    expect(
      problemsOf([], {
        SPARQUE: 'on',
        SPARQUE_URL: 'https://sparque.example.com',
        SPARQUE_WORKSPACE: 'shop',
      }),
    ).toEqual([
      'SPARQUE=on is configured (SPARQUE_URL, SPARQUE_WORKSPACE), but this build has no client for the ' +
        'Sparque search service: turn it off.',
    ])
    expect(problemsOf([], { SPARQUE: 'yes' })).toEqual(["SPARQUE must be 'on' or 'off' (got 'yes')."])
    // Its settings alone turn nothing on.
    expect(problemsOf([], { SPARQUE_URL: 'https://sparque.example.com', SPARQUE_WORKSPACE: 'shop' })).toEqual(
      [],
    )
  })

  it('refuses a Scandit licence even with feature scandit off: /scandit would have to use it', () => {
    expect(problemsOf([], { SCANDIT_LICENSE_KEY: 'AbC123' })).toEqual([
      "SCANDIT_LICENSE_KEY is set, but this build has no client for Scandit's barcode scanner SDK, which " +
        '/scandit would then have to use: unset it (/scandit shows the shop’s own scanner).',
    ])
  })

  it('names every problem at once, one line each, in the message the start stops with', () => {
    const message = featureStartupError(
      ['tacton', 'nope'],
      enabledFeatures(['compare'], ['tacton', 'nope']),
      {
        SPARQUE: 'on',
      },
    )
    expect(message?.split('\n')).toEqual([
      'the feature settings cannot work:',
      expect.stringMatching(/^ {2}- FEATURES\/ADD_FEATURES name unknown features: nope /),
      expect.stringMatching(/^ {2}- feature tacton needs TACTON_ENDPOINT /),
      expect.stringMatching(/^ {2}- SPARQUE=on needs SPARQUE_URL and SPARQUE_WORKSPACE /),
    ])
  })
})
