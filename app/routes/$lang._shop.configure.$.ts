import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireFeature, requireLogin } from '~/services/guards.server'
import { notFound } from '~/services/http.server'

/**
 * `/configure` and below (feature tacton, spec shell §2.1: login required): Tacton's product configurator.
 * This build has no client for Tacton, so the storefront refuses to start with feature tacton on (ADR 0044,
 * app/services/feature-check.server.ts): the feature guard answers, feature-deactivated with 404 (spec §8),
 * before the login guard. Past both there is no configurator to show: not found.
 */
export async function loader(args: LoaderFunctionArgs) {
  requireFeature(args, 'tacton')
  await requireLogin(args)
  throw notFound()
}
