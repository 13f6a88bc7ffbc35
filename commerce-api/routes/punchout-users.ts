import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import { MAX_PASSWORD_LENGTH } from '../domain/password-tokens'
import { MANAGE_PUNCHOUT, punchoutResource } from '../domain/punchout'
import {
  createPunchoutUser,
  deletePunchoutUser,
  findPunchoutUser,
  listPunchoutUsers,
  updatePunchoutUser,
} from '../domain/punchout-users'
import { parseInput } from '../http'
import {
  punchoutTypeJson,
  punchoutTypesJson,
  punchoutUserJson,
  punchoutUserLink,
  punchoutUsersJson,
} from '../icm/punchout'
import type { RouteModule } from './context'

/** A company's punchout users and their configuration: its administrators (APP_B2B_MANAGE_PUNCHOUT). */
export const managePunchout: AccessRule = { customer: true, permission: MANAGE_PUNCHOUT }

/** A new punchout user as the PWA posts it (its `punchoutType` and `id` are the path's and the shop's). */
const NewUserBody = z.object({
  login: z.string().max(200),
  password: z.string().max(MAX_PASSWORD_LENGTH),
  email: z.string().max(254).nullish(),
  active: z.boolean().optional(),
})

/** A changed punchout user as the PWA puts it: the whole user, the password empty or left out to keep it. */
const ChangedUserBody = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH).nullish(),
  email: z.string().max(254).nullish(),
  active: z.boolean().optional(),
})

/**
 * The punchout kinds a business customer's procurement systems use and its punchout users of each kind
 * (`customers/{no}/punchouts[/{cxml1.2|oci5|ids}[/users[/{login}]]]`, issue 34), for the company's
 * administrators only: a punchout user itself, another user of the company and anyone of another company are
 * refused by the authorization hook (403 and 404).
 */
export const punchoutUserRoutes: RouteModule = (app, { db, site }) => {
  const punchouts = '/rest/:site/customers/:customerNo/punchouts'
  const access = { config: { access: managePunchout } }

  /** The caller's customer (the hook checked that the path names it) and the kind the path names. */
  const scopeOf = async (request: FastifyRequest) => {
    const caller = await requireUser(db, request)
    const { type } = request.params as { type?: string }
    return { customerNo: caller.customerNo, resource: punchoutResource(type ?? '') }
  }
  const loginOf = (request: FastifyRequest) => (request.params as { login: string }).login

  app.get(punchouts, access, async (request) =>
    punchoutTypesJson(site, (await requireUser(db, request)).customerNo),
  )

  app.get(`${punchouts}/:type`, access, async (request) =>
    punchoutTypeJson((await scopeOf(request)).resource),
  )

  app.get(`${punchouts}/:type/users`, access, async (request) => {
    const { customerNo, resource } = await scopeOf(request)
    return punchoutUsersJson(site, customerNo, resource, await listPunchoutUsers(db, customerNo, resource))
  })

  app.post(`${punchouts}/:type/users`, access, async (request, reply) => {
    const { customerNo, resource } = await scopeOf(request)
    const input = parseInput(NewUserBody, request.body, 'punchout user')
    const user = await createPunchoutUser(db, customerNo, resource, input, request.scope.locale)
    const link = punchoutUserLink(site, customerNo, resource, user)
    reply.code(201).header('location', link.uri)
    return link
  })

  app.get(`${punchouts}/:type/users/:login`, access, async (request) => {
    const { customerNo, resource } = await scopeOf(request)
    return punchoutUserJson(resource, await findPunchoutUser(db, customerNo, resource, loginOf(request)))
  })

  app.put(`${punchouts}/:type/users/:login`, access, async (request) => {
    const { customerNo, resource } = await scopeOf(request)
    const change = parseInput(ChangedUserBody, request.body, 'punchout user')
    return punchoutUserJson(
      resource,
      await updatePunchoutUser(db, customerNo, resource, loginOf(request), change),
    )
  })

  app.delete(`${punchouts}/:type/users/:login`, access, async (request, reply) => {
    const { customerNo, resource } = await scopeOf(request)
    await deletePunchoutUser(db, customerNo, resource, loginOf(request))
    reply.code(204)
  })
}
