import { redirect } from '@remix-run/node'
import { cssPropertiesStyle } from '~/models/extra-settings'
import type { ShellTheme } from '~/models/shell'
import { config } from './config.server'
import { extraSettings } from './extra-settings.server'
import { isFeatureEnabled } from './features.server'
import type { IcmScope } from './icm.server'
import type { ShopSession } from './session.server'

/** The query parameter a content editor's link opens the shop with (the Intershop PWA's PreviewService). */
export const PREVIEW_PARAMETER = 'PreviewContextID'
/** Spec §2.4: the preview context of the design view. */
export const DESIGN_VIEW = 'DESIGNVIEW'
const PREVIEW_CONTEXT_ID = /^[A-Za-z0-9._-]{1,64}$/

/**
 * A request with `?PreviewContextID=` starts (or, empty, ends) the session's design preview (spec §2.4): the
 * id is kept in the session, as the PWA keeps it in session storage, and the page is answered again without
 * the parameter (the id is no part of a URL to share or cache). A malformed id is ignored. The PWA waits up to
 * 3000 ms for the parameter to arrive in the browser; the server has it with the request, so nothing waits.
 */
export function applyPreviewParameter(request: Request, session: ShopSession) {
  const url = new URL(request.url)
  if (request.method !== 'GET' || !url.searchParams.has(PREVIEW_PARAMETER)) return
  const id = url.searchParams.get(PREVIEW_PARAMETER)?.trim() ?? ''
  if (id === '') session.unset('previewContextId')
  else if (PREVIEW_CONTEXT_ID.test(id)) session.set('previewContextId', id)
  url.searchParams.delete(PREVIEW_PARAMETER)
  throw redirect(`${url.pathname}${url.search}`, 303)
}

/**
 * The theme and extra settings a page applies (extra settings are read before the page renders, spec §2.4),
 * the sticky header and the trust badge: the badge's script only with the shopper's functional consent (a
 * third-party widget that sets its own cookies; ADR 0046), its id from the content's extra settings, else
 * TRUSTBADGE_ID.
 */
export async function shellTheme(
  scope: IcmScope,
  session: ShopSession,
  consent: { functional: boolean },
): Promise<ShellTheme> {
  const settings = await extraSettings(scope)
  const previewId = session.get('previewContextId')
  const trustbadgeId = settings.trustbadgeId ?? config.trustbadgeId ?? null
  return {
    logo: settings.theme.logo,
    logoMobile: settings.theme.logoMobile,
    favicon: settings.theme.favicon,
    cssProperties: cssPropertiesStyle(settings.theme.cssProperties),
    navigationColumns: settings.navigationColumns,
    navLevel2Icon: settings.navLevel2Icon,
    headerUtilityStyle: settings.headerUtilityStyle,
    stickyHeader: isFeatureEnabled('stickyHeader'),
    trustbadge: isFeatureEnabled('trustbadge') && consent.functional ? trustbadgeId : null,
    preview: previewId ? { id: previewId, designView: previewId === DESIGN_VIEW } : null,
  }
}
