import {
  CONFIGURATION_INCLUDE,
  ConfigurationIncludeSchema,
  DEFAULT_EXTRA_SETTINGS,
  extraSettingsOf,
  type ExtraSettings,
} from '~/models/extra-settings'
import { isFeatureEnabled } from './features.server'
import { icmCall, IcmError, type IcmScope } from './icm.server'

/**
 * The extra settings and theme settings of the configuration include (spec shell §3, §7), cached `long` like
 * the configuration: they change with an editor's publication, not per shopper (in a design preview, uncached).
 * Feature extraConfiguration off, or an ICM without the include (404): the defaults. Read by the root loader
 * before the page renders ("extra settings must be loaded first", §2.4), and by anything that needs one of
 * them (`noPriceCheckoutEnabled` for the price display).
 */
export async function extraSettings(scope: IcmScope): Promise<ExtraSettings> {
  if (!isFeatureEnabled('extraConfiguration')) return DEFAULT_EXTRA_SETTINGS
  try {
    return await icmCall(
      scope,
      {
        path: `cms/includes/${CONFIGURATION_INCLUDE}`,
        schema: ConfigurationIncludeSchema,
        cache: 'long',
        group: 'pgid',
      },
      extraSettingsOf,
    )
  } catch (error) {
    // The PWA skips ICM's error handling for this call: an ICM without the include has no extra settings.
    if (error instanceof IcmError && error.status === 404) return DEFAULT_EXTRA_SETTINGS
    throw error
  }
}
