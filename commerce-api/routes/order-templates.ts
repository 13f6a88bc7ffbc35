import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import {
  addOrderTemplateItem,
  createOrderTemplate,
  deleteOrderTemplate,
  getOrderTemplate,
  listOrderTemplates,
  ORDER_TEMPLATE_LIMITS,
  removeOrderTemplateItem,
  renameOrderTemplate,
  type OrderTemplate,
  type TemplateOwner,
} from '../domain/order-templates'
import { ApiError, parseInput, queryInt } from '../http'
import { wishlistJson, wishlistListJson } from '../icm/wishlists'
import type { RouteModule } from './context'

/**
 * Order templates are for buying: a business user who may purchase (ICM's `APP_B2B_PURCHASE`, every buying
 * role) keeps them; a user without it (an order manager alone, a punchout user) is refused with 403 (ADR 0041).
 */
const ownTemplates: AccessRule = { customer: true, permission: 'APP_B2B_PURCHASE' }

/** `POST …/wishlists` and `PUT …/wishlists/{id}`: ICM's `OrderTemplateHeader`, its title. */
const TemplateRequest = z.object({
  title: z
    .string()
    .max(ORDER_TEMPLATE_LIMITS.title * 2)
    .optional(),
})

/** `POST …/wishlists/{id}/products/{sku}`: the quantity as `?quantity=` (ICM, the PWA) or as `{quantity}`. */
const AddItemRequest = z
  .object({
    quantity: z
      .number()
      .int()
      .min(-ORDER_TEMPLATE_LIMITS.quantity)
      .max(ORDER_TEMPLATE_LIMITS.quantity)
      .optional(),
  })
  .optional()

/** Bodies are a title or a quantity: a few hundred bytes; anything near this is not a client of ours (413). */
const BODY_LIMIT = 4 * 1024

type Params = { login: string; id: string; sku: string }

/** A template as ICM's `WishlistRO`: never preferred, never shared. */
const templateJson = (template: OrderTemplate) =>
  wishlistJson({ ...template, preferred: false, secureCode: null })

/**
 * Order templates of a business user (`customers/{no|-}/users/{login|-}/wishlists`, icm-contract.md; the
 * Intershop PWA's order-template.service.ts): list, create, rename, delete, and each product with its quantity
 * (`…/{id}/products/{sku}?quantity=`, which adds; a negative quantity lowers a line, as the PWA's quantity edit
 * sends the difference). Only the user's own: another login in the path, another user's template of the same
 * company or a foreign customer's is not found.
 */
export const orderTemplateRoutes: RouteModule = (app, { db, site }) => {
  const base = '/rest/:site/customers/:customerNo/users/:login/wishlists'
  const options = { config: { access: ownTemplates }, bodyLimit: BODY_LIMIT }
  const paramsOf = (request: FastifyRequest) => request.params as Params

  /** The caller, when the path's user is themselves ('-' or their login); anyone else's templates are not found. */
  const ownerOf = async (request: FastifyRequest): Promise<TemplateOwner> => {
    const user = await requireUser(db, request)
    const { login } = paramsOf(request)
    if (login !== '-' && login.toLowerCase() !== user.login.toLowerCase())
      throw new ApiError(404, 'customer.user.not_found', 'The user could not be found.')
    return { userId: user.userId }
  }

  app.get(base, options, async (request) => {
    const templates = await listOrderTemplates(db, await ownerOf(request))
    return wishlistListJson(
      site,
      'customers/-/users/-/wishlists',
      templates.map((template) => ({ ...template, preferred: false, secureCode: null })),
    )
  })

  app.post(base, options, async (request, reply) => {
    const owner = await ownerOf(request)
    const input = parseInput(TemplateRequest, request.body ?? {}, 'order template')
    const created = await createOrderTemplate(db, owner, input)
    reply.code(201)
    return templateJson(created)
  })

  app.get(`${base}/:id`, options, async (request) =>
    templateJson(await getOrderTemplate(db, await ownerOf(request), paramsOf(request).id)),
  )

  app.put(`${base}/:id`, options, async (request) => {
    const owner = await ownerOf(request)
    const input = parseInput(TemplateRequest, request.body ?? {}, 'order template')
    return templateJson(await renameOrderTemplate(db, owner, paramsOf(request).id, input))
  })

  app.delete(`${base}/:id`, options, async (request, reply) => {
    await deleteOrderTemplate(db, await ownerOf(request), paramsOf(request).id)
    reply.code(204)
  })

  app.post(`${base}/:id/products/:sku`, options, async (request) => {
    const owner = await ownerOf(request)
    const { id, sku } = paramsOf(request)
    const body = parseInput(AddItemRequest, request.body ?? undefined, 'order template item')
    const limit = ORDER_TEMPLATE_LIMITS.quantity
    const quantity =
      body?.quantity ??
      queryInt((request.query as Record<string, unknown>).quantity, 1, { min: -limit, max: limit })
    return templateJson(await addOrderTemplateItem(db, owner, id, sku, quantity))
  })

  app.delete(`${base}/:id/products/:sku`, options, async (request) => {
    const { id, sku } = paramsOf(request)
    return templateJson(await removeOrderTemplateItem(db, await ownerOf(request), id, sku))
  })
}
