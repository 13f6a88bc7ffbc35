/**
 * The back office's co-browse links (routes/backoffice.ts for the rules: BACKOFFICE_TOKEN as Bearer, JSON
 * only): `POST /backoffice/sales-reps/{salesRepId}/cobrowse {user, locale?}` mints a co-browse token for the
 * representative and a user of a customer they look after (domain/sales-reps.ts: 404 for an unknown
 * representative, 403 for a deactivated one, a user they do not look after, a deactivated or punchout user)
 * and answers the storefront link that opens the shop as the user, for the operator to hand to the
 * representative. `npm run customers -- cobrowse` (commerce-api/cli/customers.ts) calls it.
 */
import { z } from 'zod'
import { LOCALES } from '../domain/channel'
import { mintCobrowseToken, salesRepName } from '../domain/sales-reps'
import { parseInput } from '../http'
import { BACKOFFICE_BODY_LIMIT, gate } from './backoffice'
import type { RouteModule } from './context'
import { cobrowseLink } from './sales-desk'

const CobrowseRequest = z
  .object({
    /** The user's login or e-mail address. */
    user: z.string({ required_error: 'user is required' }).trim().min(1, 'user is required').max(254),
    /** The shop language of the link; default the user's preferred language. */
    locale: z.enum(LOCALES).optional(),
  })
  .strict()

export const backofficeSalesRepRoutes =
  (token: string): RouteModule =>
  (app, { db, mail }) => {
    const options = {
      config: { access: 'operator' as const },
      onRequest: gate(token),
      bodyLimit: BACKOFFICE_BODY_LIMIT,
    }

    app.post('/backoffice/sales-reps/:salesRepId/cobrowse', options, async (request, reply) => {
      const input = parseInput(CobrowseRequest, request.body ?? {}, 'co-browse request')
      const { salesRepId } = request.params as { salesRepId: string }
      const grant = await mintCobrowseToken(db, salesRepId, input.user)
      reply.code(201).header('cache-control', 'no-store')
      return {
        salesRepId: grant.salesRep.id,
        salesRepName: salesRepName(grant.salesRep),
        user: { login: grant.user.login, customerNo: grant.user.customerNo },
        accessToken: grant.accessToken,
        expiresAt: grant.expiresAt.toISOString(),
        url: cobrowseLink(mail.storefrontUrl, input.locale ?? grant.user.preferredLanguage, grant),
      }
    })
  }
