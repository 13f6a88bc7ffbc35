import { z } from 'zod'
import { ConfigurationSchema, mapConfiguration, type Configuration } from '~/models/configuration'
import { icmCall, type IcmScope } from './icm.server'

/** The channel's settings (`configurations`), cached long: they change with a deployment, not per shopper. */
export async function configuration(scope: IcmScope): Promise<Configuration> {
  return icmCall(
    scope,
    { path: 'configurations', schema: ConfigurationSchema, cache: 'long', unscoped: true },
    mapConfiguration,
  )
}

/** Asks ICM directly (no cache) whether it answers; throws the 503/504 response when it does not. */
export async function ping(scope: IcmScope) {
  await icmCall(scope, {
    path: 'configurations',
    schema: z.unknown(),
    cache: 'none',
    token: null,
    unscoped: true,
  })
}
