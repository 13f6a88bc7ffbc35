import type { FastifyRequest } from 'fastify'
import { requireUser } from '../auth'
import {
  AddressInput,
  addressJson,
  addressViewer,
  createCustomerAddress,
  customerAddress,
  customerAddresses,
  deleteCustomerAddress,
  updateCustomerAddress,
} from '../domain/addresses'
import { countriesJson, mainDivisionsJson } from '../domain/countries'
import { ApiError, parseInput } from '../http'
import type { RouteModule } from './context'

type CustomerParams = { site: string; resource: string; customer: string; id?: string }

/**
 * The calling user's customer named by `{privatecustomers|customers}/{customerNo|-}`: private customers use
 * the first resource, business customers the second; another customer's number is not found.
 */
export async function callerCustomer(db: Parameters<typeof requireUser>[0], request: FastifyRequest) {
  const { resource, customer } = request.params as CustomerParams
  const principal = await requireUser(db, request)
  const expected = principal.customerType === 'SMBCustomer' ? 'customers' : 'privatecustomers'
  if (
    (resource !== 'customers' && resource !== 'privatecustomers') ||
    resource !== expected ||
    (customer !== '-' && customer !== principal.customerNo)
  ) {
    throw new ApiError(404, 'customer.not_found', 'The customer could not be found.')
  }
  return principal
}

/** Countries and regions; the customer's address book (`{privatecustomers|customers}/{no|-}/addresses`). */
export const addressRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/countries', async (request) => countriesJson(request.scope.locale))

  app.get('/rest/:site/countries/:code/main-divisions', async (request) => {
    const json = mainDivisionsJson((request.params as { code: string }).code, request.scope.locale)
    if (!json) throw new ApiError(404, 'country.not_found.error', 'The country could not be found.')
    return json
  })

  const base = '/rest/:site/:resource/:customer/addresses'
  const link = (resource: string, customerNo: string, id: string) => ({
    type: 'Link',
    uri: `${site}/-/${resource}/${customerNo}/addresses/${id}`,
    title: id,
    itemId: id,
  })

  /** The caller as a viewer of the customer's addresses (its ownership rule: domain/addresses.ts). */
  const viewerOf = async (request: FastifyRequest) => addressViewer(db, await callerCustomer(db, request))

  app.get(base, async (request) => {
    const viewer = await viewerOf(request)
    const { resource } = request.params as CustomerParams
    const rows = await customerAddresses(db, viewer)
    return {
      type: 'ResourceCollection',
      name: 'addresses',
      elements: rows.map(({ row }) => link(resource, viewer.customerNo, row.id)),
      amount: rows.length,
      offset: 0,
      total: rows.length,
    }
  })

  app.post(base, async (request, reply) => {
    const viewer = await viewerOf(request)
    const input = parseInput(AddressInput, request.body, 'address')
    const row = await createCustomerAddress(db, viewer, input)
    const { resource } = request.params as CustomerParams
    const created = link(resource, viewer.customerNo, row.id)
    reply.code(201).header('location', created.uri)
    return created
  })

  app.get(`${base}/:id`, async (request) => {
    const viewer = await viewerOf(request)
    const { row, view } = await customerAddress(db, viewer, (request.params as CustomerParams).id!)
    return addressJson(row, request.scope.locale, view)
  })

  app.put(`${base}/:id`, async (request) => {
    const viewer = await viewerOf(request)
    const input = parseInput(AddressInput, request.body, 'address')
    const { row, view } = await updateCustomerAddress(
      db,
      viewer,
      (request.params as CustomerParams).id!,
      input,
    )
    return addressJson(row, request.scope.locale, view)
  })

  app.delete(`${base}/:id`, async (request, reply) => {
    const viewer = await viewerOf(request)
    await deleteCustomerAddress(db, viewer, (request.params as CustomerParams).id!)
    reply.code(204)
  })
}
