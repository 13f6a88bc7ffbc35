import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  AddressInput,
  createBasketAddress,
  eligibleAddresses,
  updateBasketAddress,
} from '../domain/addresses'
import { basketNotFound, basketState } from '../domain/basket'
import {
  createBasketInstrument,
  deleteBasketInstrument,
  deleteBasketPayment,
  eligiblePaymentMethods,
  paymentBasisOf,
  returnToOpenTender,
  setOpenTender,
  updateBasketInstrument,
} from '../domain/payments'
import { paymentSecret } from '../domain/psp'
import { eligibleShippingMethods, freeShippingFrom, shippingCosts } from '../domain/shipping'
import { parseScopes, validateBasket } from '../domain/validation'
import { addressJson } from '../icm/addresses'
import { validationJson } from '../icm/basket'
import {
  eligiblePaymentMethodsJson,
  openTenderJson,
  paymentInstrumentJson,
  paymentMethodJson,
} from '../icm/payments'
import { shippingMethodJson } from '../icm/shipping'
import { parseInput, queryList } from '../http'
import { basketOf } from './baskets'
import type { ApiContext, RouteModule } from './context'

/** A return URL the payment page sends the shopper to: http or https only. */
const url = z
  .string()
  .max(2000)
  .url('a URL is required')
  .refine((value) => /^https?:\/\//i.test(value), 'an http or https URL is required')

export const RedirectUrls = z.object({ successUrl: url, cancelUrl: url, failureUrl: url })

const OpenTenderRequest = z.object({
  paymentInstrument: z.string().min(1, 'paymentInstrument is required').max(100),
  redirect: RedirectUrls.optional(),
})

export const RedirectReturn = z.object({
  status: z.string().regex(/^(success|cancel|failure)$/i, 'status is SUCCESS, CANCEL or FAILURE'),
  parameters: z
    .array(z.object({ name: z.string().max(100), value: z.string().max(2000) }))
    .max(50)
    .default([]),
})

const OpenTenderReturnRequest = z.object({ redirect: RedirectReturn })

export const Parameters = z
  .array(z.object({ name: z.string().min(1).max(100), value: z.string().max(200) }))
  .max(20)

const InstrumentRequest = z.object({
  paymentMethod: z.string().min(1, 'paymentMethod is required').max(100),
  parameters: Parameters.default([]),
})

/** `PATCH payment-instruments/{id}`: the parameters to change (`cvcLastUpdated` for the CVC update). */
const InstrumentUpdateRequest = z.object({ parameters: Parameters.min(1, 'parameters are required') })

const ValidationRequest = z.object({
  adjustmentsAllowed: z.boolean().default(false),
  scopes: z.union([z.array(z.string().max(50)).max(20), z.string().max(50)]).optional(),
})

/** The payment page's base: PAYMENT_PAGE_URL, else the address this API was called at. */
export const pageBase = (ctx: ApiContext, request: FastifyRequest) =>
  ctx.payment.pageUrl ?? `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`

/** Checkout calls on a basket: addresses, shipping, payment, validation. */
export const checkoutRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx
  const stateOf = async (request: FastifyRequest) => {
    const { principal, basket } = await basketOf(db, request)
    return { principal, state: await basketState(db, basket, request.scope.locale) }
  }

  app.post('/rest/:site/baskets/:id/addresses', async (request, reply) => {
    const input = parseInput(AddressInput, request.body, 'address')
    const { principal, basket } = await basketOf(db, request)
    const row = await createBasketAddress(db, basket, principal, input)
    reply.code(201)
    return { data: addressJson(row, request.scope.locale) }
  })

  app.patch('/rest/:site/baskets/:id/addresses/:addressId', async (request) => {
    const input = parseInput(AddressInput, request.body, 'address')
    const { basket } = await basketOf(db, request)
    const row = await updateBasketAddress(
      db,
      basket,
      (request.params as { addressId: string }).addressId,
      input,
    )
    return { data: addressJson(row, request.scope.locale) }
  })

  app.get('/rest/:site/baskets/:id/eligible-addresses', async (request) => {
    const { principal, basket } = await basketOf(db, request)
    const rows = await eligibleAddresses(db, basket, principal)
    return { data: rows.map(({ row, view }) => addressJson(row, request.scope.locale, view)) }
  })

  const eligibleShipping = async (request: FastifyRequest) => {
    const { state } = await stateOf(request)
    const methods = eligibleShippingMethods(state.shippingMethods, state.shipToAddress?.countryCode)
    return {
      data: methods.map((m) =>
        shippingMethodJson(
          m,
          state.locale,
          state.currency,
          shippingCosts(m, state),
          freeShippingFrom(m, state),
        ),
      ),
    }
  }
  app.get('/rest/:site/baskets/:id/eligible-shipping-methods', eligibleShipping)
  // One bucket per basket: the bucket id is the basket id.
  app.get('/rest/:site/baskets/:id/buckets/:bucketId/eligible-shipping-methods', async (request) => {
    const { bucketId, id } = request.params as { bucketId: string; id: string }
    const { basket } = await basketOf(db, request)
    if (bucketId !== basket.id && bucketId !== id) throw basketNotFound()
    return eligibleShipping(request)
  })

  app.get('/rest/:site/baskets/:id/eligible-payment-methods', async (request) => {
    const { principal, state } = await stateOf(request)
    const include = queryList((request.query as Record<string, unknown>).include)
    const offer = await eligiblePaymentMethods(db, state.basket, principal)
    return eligiblePaymentMethodsJson(
      state,
      offer,
      principal.anonymous,
      include.includes('paymentInstruments'),
    )
  })

  app.put('/rest/:site/baskets/:id/payments/open-tender', async (request) => {
    const body = parseInput(OpenTenderRequest, request.body, 'payment')
    const { principal, basket } = await basketOf(db, request)
    const state = await setOpenTender(
      db,
      basket,
      principal,
      request.scope.locale,
      body,
      pageBase(ctx, request),
    )
    return openTenderJson(state, principal.anonymous)
  })

  app.patch('/rest/:site/baskets/:id/payments/open-tender', async (request) => {
    const { redirect } = parseInput(OpenTenderReturnRequest, request.body, 'payment redirect return')
    const { principal, basket } = await basketOf(db, request)
    const secret = await paymentSecret(db, ctx.payment.secret)
    const { state, notice } = await returnToOpenTender(db, basket, request.scope.locale, secret, redirect)
    return openTenderJson(state, principal.anonymous, notice)
  })

  app.delete('/rest/:site/baskets/:id/payments/:paymentId', async (request, reply) => {
    const { basket } = await basketOf(db, request)
    await deleteBasketPayment(db, basket, (request.params as { paymentId: string }).paymentId)
    reply.code(204)
  })

  app.post('/rest/:site/baskets/:id/payment-instruments', async (request, reply) => {
    const body = parseInput(InstrumentRequest, request.body, 'payment instrument')
    const { principal, basket } = await basketOf(db, request)
    const { instrument, method } = await createBasketInstrument(db, basket, request.scope.locale, body)
    const include = queryList((request.query as Record<string, unknown>).include)
    reply.code(201)
    if (!include.includes('paymentMethod')) return { data: paymentInstrumentJson(instrument) }
    const state = await basketState(db, basket, request.scope.locale)
    const json = paymentMethodJson(method, paymentBasisOf(state), state.locale, principal.anonymous)
    return { data: paymentInstrumentJson(instrument), included: { paymentMethod: { [method.id]: json } } }
  })

  // The contract's CVC update of an instrument entered for this basket.
  app.patch(
    '/rest/:site/baskets/:id/payment-instruments/:instrumentId',
    { config: { access: 'token' } },
    async (request) => {
      const { parameters } = parseInput(InstrumentUpdateRequest, request.body, 'payment instrument')
      const { basket } = await basketOf(db, request)
      const id = (request.params as { instrumentId: string }).instrumentId
      const row = await updateBasketInstrument(db, basket, id, request.scope.locale, parameters)
      return { data: paymentInstrumentJson(row) }
    },
  )

  app.delete('/rest/:site/baskets/:id/payment-instruments/:instrumentId', async (request, reply) => {
    const { basket } = await basketOf(db, request)
    await deleteBasketInstrument(db, basket, (request.params as { instrumentId: string }).instrumentId)
    reply.code(204)
  })

  app.post('/rest/:site/baskets/:id/validations', async (request) => {
    const body = parseInput(ValidationRequest, request.body ?? {}, 'validation request')
    const scopes = parseScopes(body.scopes)
    const { principal, basket } = await basketOf(db, request)
    const { results, state } = await validateBasket(db, basket, principal, request.scope.locale, {
      scopes,
      adjustmentsAllowed: body.adjustmentsAllowed,
    })
    return validationJson(state, results, scopes)
  })
}
