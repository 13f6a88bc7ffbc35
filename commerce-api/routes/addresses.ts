import type { FastifyRequest } from 'fastify'
import { requireUser } from '../auth'
import {
  AddressInput,
  addressViewer,
  createCustomerAddress,
  customerAddress,
  customerAddresses,
  deleteCustomerAddress,
  updateCustomerAddress,
} from '../domain/addresses'
import { ShareInput, shareCustomerAddress } from '../domain/address-book'
import { addressRegions, COUNTRIES } from '../domain/countries'
import { addressBookJson, addressJson, addressLink } from '../icm/addresses'
import { countriesJson, mainDivisionsJson } from '../icm/countries'
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

/**
 * Countries and their address regions (none where addresses name no region, e.g. DE and AT); the customer's
 * address book (`{privatecustomers|customers}/{no|-}/addresses`) and its shared addresses (`…/{id}/shared`).
 */
export const addressRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/countries', async (request) => countriesJson(COUNTRIES, request.scope.locale))

  app.get('/rest/:site/countries/:code/main-divisions', async (request) =>
    mainDivisionsJson(addressRegions((request.params as { code: string }).code), request.scope.locale),
  )

  const base = '/rest/:site/:resource/:customer/addresses'
  const paramsOf = (request: FastifyRequest) => request.params as CustomerParams

  /** The caller as a viewer of the customer's addresses (its ownership rule: domain/addresses.ts). */
  const viewerOf = async (request: FastifyRequest) => addressViewer(db, await callerCustomer(db, request))

  app.get(base, async (request) => {
    const viewer = await viewerOf(request)
    const rows = await customerAddresses(db, viewer)
    const { resource } = paramsOf(request)
    return addressBookJson(rows.map(({ row }) => addressLink(site, resource, viewer.customerNo, row.id)))
  })

  app.post(base, async (request, reply) => {
    const viewer = await viewerOf(request)
    const input = parseInput(AddressInput, request.body, 'address')
    const row = await createCustomerAddress(db, viewer, input)
    const created = addressLink(site, paramsOf(request).resource, viewer.customerNo, row.id)
    reply.code(201).header('location', created.uri)
    return created
  })

  app.get(`${base}/:id`, async (request) => {
    const viewer = await viewerOf(request)
    const { row, view } = await customerAddress(db, viewer, paramsOf(request).id!)
    return addressJson(row, request.scope.locale, view)
  })

  app.put(`${base}/:id`, async (request) => {
    const viewer = await viewerOf(request)
    const input = parseInput(AddressInput, request.body, 'address')
    const { row, view } = await updateCustomerAddress(db, viewer, paramsOf(request).id!, input)
    return addressJson(row, request.scope.locale, view)
  })

  // Business customers: share an owned address with the company or some of its users, or stop sharing it.
  app.put(`${base}/:id/shared`, { config: { access: { customer: true } } }, async (request) => {
    const viewer = await viewerOf(request)
    const input = parseInput(ShareInput, request.body, 'address sharing')
    const { row, view } = await shareCustomerAddress(db, viewer, paramsOf(request).id!, input)
    return addressJson(row, request.scope.locale, view)
  })

  app.delete(`${base}/:id`, async (request, reply) => {
    const viewer = await viewerOf(request)
    await deleteCustomerAddress(db, viewer, paramsOf(request).id!)
    reply.code(204)
  })
}
