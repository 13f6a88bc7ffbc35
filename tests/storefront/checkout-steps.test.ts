import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action as basketAction } from '~/routes/$lang._shop.basket'
import { loader as matrixLoader } from '~/routes/$lang.checkout.$'
import { action as addressAction, loader as addressLoader } from '~/routes/$lang.checkout.address'
import { loader as paymentLoader, action as paymentAction } from '~/routes/$lang.checkout.payment'
import { loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { action as shippingAction, loader as shippingLoader } from '~/routes/$lang.checkout.shipping'
import {
  checkoutBasketData,
  configurationWith,
  recordChanges,
  step,
  shopperCookie,
  validation,
  type Progress,
} from './checkout-fixtures'
import { get, icm, icmError, icmPath, money, priceItem } from './icm-mock'
import { sessionFrom } from './loader-args'
import { allowUnknownCodes } from './fixture-check'
import './setup'

const basketAt = (progress: Progress) => get('baskets/current', checkoutBasketData(progress))

// As the API answers: Germany and France have no regions to choose, the United States have states; the
// channel's configuration names the shop's own country (its default locale's).
const countries = [
  get('configurations', configurationWith({})),
  get('countries', {
    data: [
      { id: 'DE', name: 'Germany' },
      { id: 'FR', name: 'France' },
      { id: 'US', name: 'United States' },
    ],
  }),
  get('countries/DE/main-divisions', { data: [] }),
  get('countries/FR/main-divisions', { data: [] }),
  get('countries/US/main-divisions', {
    data: [
      { id: 'CA', name: 'California' },
      { id: 'NY', name: 'New York' },
    ],
  }),
]

const shippingMethods = get('baskets/b-1/eligible-shipping-methods', {
  data: [
    {
      id: 'STD_GROUND',
      name: 'Standard',
      shippingCosts: priceItem(0, 0),
      deliveryTimeMin: 'P3D',
      deliveryTimeMax: 'P5D',
    },
    {
      id: 'EXP_EXPRESS',
      name: 'Express',
      shippingCosts: priceItem(13.93, 16.58),
      deliveryTimeMin: 'PT24H',
      deliveryTimeMax: 'PT48H',
    },
  ],
})

describe('opening a checkout step', () => {
  it('sends a shopper without a basket, or with an empty one, to the basket page', async () => {
    icm.use(http.get(icmPath('baskets/current'), () => icmError(404, 'basket.not_found.error')))
    const none = await step(addressLoader, '/en/checkout/address')
    expect(none.response.status).toBe(302)
    expect(none.response.headers.get('Location')).toBe('/en/basket')
    icm.use(basketAt('empty'))
    const empty = await step(shippingLoader, '/en/checkout/shipping')
    expect(empty.response.headers.get('Location')).toBe('/en/basket')
  })

  it('sends a shopper who opens a later step directly to the first incomplete one', async () => {
    icm.use(basketAt('new'))
    const review = await step(reviewLoader, '/en/checkout/review')
    expect(review.response.status).toBe(302)
    expect(review.response.headers.get('Location')).toBe('/en/checkout/address')
    icm.use(basketAt('addressed'))
    const payment = await step(paymentLoader, '/en/checkout/payment')
    expect(payment.response.headers.get('Location')).toBe('/en/checkout/shipping')
  })

  it('shows the shipping methods with their delivery days, privately', async () => {
    icm.use(basketAt('addressed'), shippingMethods)
    const result = await step(shippingLoader, '/en/checkout/shipping')
    expect(result.data.methods.map((m: { id: string; days: unknown }) => [m.id, m.days])).toEqual([
      ['STD_GROUND', { min: 3, max: 5 }],
      ['EXP_EXPRESS', { min: 1, max: 2 }],
    ])
    // The order summary beside the form names each line (the name from the product, the basket has none).
    expect(result.data.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      ['Voltwerk Drill XT 18', 1],
    ])
    expect(result.response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('takes the ;lang= matrix parameter of payment return URLs off, keeping the query', async () => {
    const response = await step(
      matrixLoader,
      '/en/checkout/review;lang=en_US?redirect=success&status=SUCCESS',
      undefined,
      undefined,
      { lang: 'en', '*': 'review;lang=en_US' },
    )
    expect(response.response.headers.get('Location')).toBe(
      '/en/checkout/review?redirect=success&status=SUCCESS',
    )
    const other = await step(matrixLoader, '/en/checkout/nothing', undefined, undefined, {
      lang: 'en',
      '*': 'nothing',
    })
    expect(other.response.status).toBe(404)
  })
})

describe('continuing from a step', () => {
  it('saves the shipping method, validates scope Shipping and moves on when valid', async () => {
    icm.use(basketAt('addressed'))
    const calls = recordChanges((call) => (call.path.endsWith('/validations') ? validation(true) : undefined))
    const response = await step(shippingAction, '/en/checkout/shipping', { shippingMethod: 'EXP_EXPRESS' })
    expect(response.response.status).toBe(303)
    expect(response.response.headers.get('Location')).toBe('/en/checkout/payment')
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', 'baskets/b-1', { commonShippingMethod: 'EXP_EXPRESS' }],
      ['POST', 'baskets/b-1/validations', { adjustmentsAllowed: true, scopes: ['Shipping'] }],
    ])
  })

  it('stays with error=true and shows the results once when ICM adjusted the basket', async () => {
    icm.use(basketAt('addressed'), shippingMethods)
    recordChanges((call) =>
      call.path.endsWith('/validations')
        ? validation(true, [], [{ code: 'basket.shipping_method.changed.info', scopes: ['Shipping'] }])
        : undefined,
    )
    const response = await step(shippingAction, '/en/checkout/shipping', { shippingMethod: 'STD_GROUND' })
    expect(response.response.headers.get('Location')).toBe('/en/checkout/shipping?error=true')
    const cookie = response.setCookie!.split(';')[0]!
    const page = await step(shippingLoader, '/en/checkout/shipping?error=true', undefined, cookie)
    expect(page.data.validation.infos).toEqual([
      {
        code: 'basket.shipping_method.changed.info',
        message: 'basket.shipping_method.changed.info',
        scopes: ['Shipping'],
      },
    ])
    // Shown once: the page's cookie no longer holds the results.
    const after = await sessionFrom(page.setCookie)
    expect(after.get('validation')).toBeUndefined()
  })

  it('goes back to the step an error belongs to', async () => {
    icm.use(basketAt('shipping'))
    recordChanges((call) =>
      call.path.endsWith('/validations')
        ? validation(false, [
            { code: 'basket.validation.ship_to_address.missing.error', scopes: ['ShippingAddress'] },
          ])
        : undefined,
    )
    const response = await step(shippingAction, '/en/checkout/shipping', { shippingMethod: 'STD_GROUND' })
    expect(response.response.headers.get('Location')).toBe('/en/checkout/address?error=true')
  })
})

describe('the address step', () => {
  const guest = {
    intent: 'guest',
    email: 'ann@example.com',
    'invoice.firstName': 'Ann',
    'invoice.lastName': 'Guest',
    'invoice.addressLine1': 'Main St 1',
    'invoice.postalCode': '10115',
    'invoice.city': 'Berlin',
    'invoice.countryCode': 'DE',
    sameAsInvoice: 'on',
  }
  const american = {
    ...guest,
    'invoice.postalCode': '10001',
    'invoice.city': 'New York',
    'invoice.countryCode': 'US',
  }

  it('loads countries with their regions for the forms', async () => {
    icm.use(basketAt('new'), ...countries)
    const result = await step(addressLoader, '/en/checkout/address')
    expect(result.data.places.countries).toEqual([
      { countryCode: 'DE', name: 'Germany' },
      { countryCode: 'FR', name: 'France' },
      { countryCode: 'US', name: 'United States' },
    ])
    expect(result.data.places.regions.US.map((r: { regionCode: string }) => r.regionCode)).toEqual([
      'CA',
      'NY',
    ])
    expect(result.data.places.regions.DE).toEqual([])
    expect(result.data.addresses).toBeNull()
  })

  it('creates the guest’s address with the e-mail, uses it for both, validates the address scopes', async () => {
    icm.use(basketAt('new'), ...countries)
    const calls = recordChanges((call) => {
      if (call.path === 'baskets/b-1/addresses')
        return HttpResponse.json(
          { data: { id: 'a-9', urn: 'urn:address:basket:b-1:a-9', ...(call.body as object) } },
          { status: 201 },
        )
      if (call.path.endsWith('/validations')) return validation(true)
      return undefined
    })
    const response = await step(addressAction, '/en/checkout/address', guest)
    expect(response.response.headers.get('Location')).toBe('/en/checkout/shipping')
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', 'baskets/b-1/addresses'],
      ['PATCH', 'baskets/b-1'],
      ['POST', 'baskets/b-1/validations'],
    ])
    expect(calls[0]!.body).toMatchObject({
      email: 'ann@example.com',
      countryCode: 'DE',
      city: 'Berlin',
    })
    // A German address has no region: none is asked for, none is sent.
    expect(calls[0]!.body).not.toHaveProperty('mainDivision')
    expect(calls[1]!.body).toEqual({
      invoiceToAddress: 'urn:address:basket:b-1:a-9',
      commonShipToAddress: 'urn:address:basket:b-1:a-9',
    })
    expect(calls[2]!.body).toEqual({
      adjustmentsAllowed: true,
      scopes: ['InvoiceAddress', 'ShippingAddress', 'Addresses'],
    })
  })

  it('refuses a US address without its state with 400, keeping what was typed, calling nothing', async () => {
    icm.use(basketAt('new'), ...countries)
    const calls = recordChanges()
    const response = await step(addressAction, '/en/checkout/address', american)
    expect(response.response.status).toBe(400)
    expect(response.data.result.error['invoice.mainDivision']).toEqual(['Please choose the state or region.'])
    expect(response.data.result.initialValue.invoice.city).toBe('New York')
    expect(calls).toEqual([])
  })

  it('takes a US address with its state', async () => {
    icm.use(basketAt('new'), ...countries)
    const calls = recordChanges((call) =>
      call.path === 'baskets/b-1/addresses'
        ? HttpResponse.json({
            data: { id: 'a-9', urn: 'urn:address:basket:b-1:a-9', ...(call.body as object) },
          })
        : call.path.endsWith('/validations')
          ? validation(true)
          : undefined,
    )
    const response = await step(addressAction, '/en/checkout/address', {
      ...american,
      'invoice.mainDivision': 'NY',
    })
    expect(response.response.headers.get('Location')).toBe('/en/checkout/shipping')
    expect(calls[0]!.body).toMatchObject({ countryCode: 'US', mainDivision: 'NY', mainDivisionCode: 'NY' })
  })

  it('shows the API’s refusal of an address in the shopper’s language, not the API’s English', async () => {
    allowUnknownCodes('address.unknown_rule.error')
    icm.use(basketAt('new'), ...countries)
    recordChanges((call) =>
      call.path === 'baskets/b-1/addresses'
        ? icmError(422, 'address.invalid.error', 'The address is invalid.', [
            { code: 'address.unknown_rule.error', message: 'Street unknown in this city.' },
          ])
        : undefined,
    )
    const response = await step(addressAction, '/en/checkout/address', guest)
    expect(response.response.status).toBe(422)
    // A code the shop has no text for: the shop's general text in the page's language, the API's after it.
    expect(response.data.result.error['']).toEqual([
      'The shop could not do this. (Street unknown in this city.)',
    ])
  })

  it('re-renders for a changed country without JavaScript, keeping the typed values and the focus', async () => {
    icm.use(basketAt('new'), ...countries)
    const calls = recordChanges()
    const { intent: _, ...typed } = guest
    const response = await step(addressAction, '/en/checkout/address', {
      ...typed,
      update: 'guest-addresses-invoice.countryCode',
      formId: 'guest',
      'invoice.countryCode': 'FR',
    })
    expect(response.data.formId).toBe('guest')
    // The control that asked for the update gets the focus back on the new page.
    expect(response.data.focus).toBe('guest-addresses-invoice.countryCode')
    expect(response.data.result.initialValue).toMatchObject({
      email: 'ann@example.com',
      invoice: { countryCode: 'FR', city: 'Berlin' },
    })
    expect(calls).toEqual([])
  })

  it('lets a logged-in user choose among eligible addresses', async () => {
    const cookie = await shopperCookie({ user: true })
    icm.use(
      basketAt('new'),
      ...countries,
      get('baskets/b-1/eligible-addresses', {
        data: [
          {
            id: 'c-1',
            urn: 'urn:address:customer:C1:c-1',
            firstName: 'Patricia',
            lastName: 'Miller',
            addressLine1: 'Berliner Str. 20',
            postalCode: '10115',
            city: 'Berlin',
            countryCode: 'DE',
          },
        ],
      }),
      // The user's preferred addresses, which the step preselects (account address book).
      get('privatecustomers/-', {
        customerNo: 'C1',
        type: 'PrivateCustomer',
        preferredShipToAddress: { urn: 'urn:address:customer:C1:c-1' },
      }),
    )
    const page = await step(addressLoader, '/en/checkout/address', undefined, cookie)
    expect(page.data.addresses.map((a: { urn: string }) => a.urn)).toEqual(['urn:address:customer:C1:c-1'])
    expect(page.data.preferred).toEqual({ invoiceTo: undefined, shipTo: 'urn:address:customer:C1:c-1' })
    const calls = recordChanges((call) => (call.path.endsWith('/validations') ? validation(true) : undefined))
    const response = await step(
      addressAction,
      '/en/checkout/address',
      {
        intent: 'select',
        invoiceAddress: 'urn:address:customer:C1:c-1',
        shipToAddress: 'urn:address:customer:C1:c-1',
      },
      cookie,
    )
    expect(response.response.headers.get('Location')).toBe('/en/checkout/shipping')
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: 'baskets/b-1',
      body: {
        invoiceToAddress: 'urn:address:customer:C1:c-1',
        commonShipToAddress: 'urn:address:customer:C1:c-1',
      },
    })
  })
})

describe('the payment step', () => {
  const methods = get('baskets/b-1/eligible-payment-methods', {
    data: [
      {
        id: 'INVOICE',
        serviceID: 'ISH_INVOICE',
        displayName: 'Invoice',
        capabilities: [],
        restricted: false,
        restrictions: [],
        saveAllowed: false,
        paymentInstruments: [],
      },
      {
        id: 'DIRECT_DEBIT',
        serviceID: 'ISH_DEBIT_TRANSFER',
        displayName: 'Direct debit',
        capabilities: [],
        restricted: false,
        restrictions: [],
        saveAllowed: false,
        parameterDefinitions: [
          {
            name: 'IBAN',
            type: 'string',
            displayName: 'IBAN',
            constraints: {
              required: { message: 'Enter the IBAN.' },
              pattern: { regexp: '^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$', message: 'Not an IBAN.' },
            },
          },
        ],
        paymentInstruments: [],
      },
      {
        id: 'WALLET',
        serviceID: 'PSP_WALLET',
        displayName: 'Wallet',
        capabilities: ['RedirectBeforeCheckout'],
        restricted: false,
        restrictions: [],
        saveAllowed: false,
        paymentInstruments: [],
      },
      {
        id: 'GIFT_CARD',
        serviceID: 'ISH_GIFT_CARD',
        displayName: 'Gift card',
        capabilities: ['LimitedTender'],
        restricted: false,
        restrictions: [],
        saveAllowed: false,
        paymentInstruments: [],
      },
    ],
  })

  it('offers the methods without limited tenders', async () => {
    icm.use(basketAt('shipping'), methods)
    const page = await step(paymentLoader, '/en/checkout/payment')
    expect(page.data.methods.map((m: { id: string }) => m.id)).toEqual(['INVOICE', 'DIRECT_DEBIT', 'WALLET'])
  })

  it('checks parameters with the server’s messages, then creates the instrument and pays with it', async () => {
    icm.use(basketAt('shipping'), methods)
    const calls = recordChanges((call) => {
      if (call.path === 'baskets/b-1/payment-instruments')
        return HttpResponse.json(
          { data: { id: 'pi-1', paymentMethod: 'DIRECT_DEBIT', accountIdentifier: '****3000' } },
          { status: 201 },
        )
      if (call.path.endsWith('/validations')) return validation(true)
      return undefined
    })
    const bad = await step(paymentAction, '/en/checkout/payment', {
      paymentMethod: 'DIRECT_DEBIT',
      'parameters.DIRECT_DEBIT.IBAN': 'nope',
    })
    expect(bad.response.status).toBe(400)
    expect(bad.data.result.error['parameters.DIRECT_DEBIT.IBAN']).toEqual(['Not an IBAN.'])
    expect(calls).toEqual([])
    const good = await step(paymentAction, '/en/checkout/payment', {
      paymentMethod: 'DIRECT_DEBIT',
      'parameters.DIRECT_DEBIT.IBAN': 'DE89370400440532013000',
    })
    expect(good.response.headers.get('Location')).toBe('/en/checkout/review')
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        'baskets/b-1/payment-instruments',
        { paymentMethod: 'DIRECT_DEBIT', parameters: [{ name: 'IBAN', value: 'DE89370400440532013000' }] },
      ],
      ['PUT', 'baskets/b-1/payments/open-tender', { paymentInstrument: 'pi-1' }],
      ['POST', 'baskets/b-1/validations', { adjustmentsAllowed: true, scopes: ['Payment'] }],
    ])
  })

  it('sends a wallet to the provider’s page with return URLs carrying ;lang=', async () => {
    icm.use(basketAt('shipping'), methods)
    const calls = recordChanges((call) =>
      call.path.endsWith('open-tender')
        ? HttpResponse.json({
            data: {
              id: 'p-1',
              paymentMethod: 'WALLET',
              paymentInstrument: 'WALLET',
              redirectRequired: true,
              redirect: { redirectUrl: 'https://psp.test/pay/s1' },
              totalAmount: { gross: money(119) },
            },
          })
        : undefined,
    )
    const response = await step(paymentAction, '/en/checkout/payment', { paymentMethod: 'WALLET' })
    expect(response.response.status).toBe(303)
    expect(response.response.headers.get('Location')).toBe('https://psp.test/pay/s1')
    expect(calls[0]!.body).toEqual({
      paymentInstrument: 'WALLET',
      redirect: {
        successUrl: 'http://shop.test/en/checkout/review;lang=en_US?redirect=success',
        cancelUrl: 'http://shop.test/en/checkout/payment;lang=en_US?redirect=cancel',
        failureUrl: 'http://shop.test/en/checkout/payment;lang=en_US?redirect=failure',
      },
    })
  })

  it('hands a cancelled wallet back to the basket and shows the payment page with a message', async () => {
    icm.use(basketAt('shipping'))
    const calls = recordChanges((call) =>
      call.path.endsWith('open-tender')
        ? HttpResponse.json({ data: null, infos: [{ code: 'payment.redirect.cancelled.info' }] })
        : undefined,
    )
    const response = await step(
      paymentLoader,
      '/en/checkout/payment?redirect=cancel&paymentSession=s1&signature=x',
    )
    expect(response.response.headers.get('Location')).toBe('/en/checkout/payment?error=true')
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: 'baskets/b-1/payments/open-tender',
        query: '',
        body: {
          redirect: {
            status: 'CANCEL',
            parameters: [
              { name: 'redirect', value: 'cancel' },
              { name: 'paymentSession', value: 's1' },
              { name: 'signature', value: 'x' },
            ],
          },
        },
      },
    ])
    expect((await sessionFrom(response.setCookie)).get('toast')).toMatchObject({
      key: 'checkout.payment.cancelled.message',
      type: 'error',
    })
  })
})

describe('starting checkout from the basket', () => {
  it('validates the BeforeCheckout scopes and starts at the address step', async () => {
    icm.use(basketAt('new'), get('configurations', configurationWith({})))
    const calls = recordChanges((call) => (call.path.endsWith('/validations') ? validation(true) : undefined))
    const response = await step(basketAction, '/en/basket', { intent: 'checkout' })
    expect(response.response.headers.get('Location')).toBe('/en/checkout/address')
    expect(calls.map((c) => c.body)).toEqual([
      { adjustmentsAllowed: true, scopes: ['Products', 'Promotion', 'Value', 'CostCenter'] },
    ])
  })

  it('stays on the basket with error=true when products had to change', async () => {
    icm.use(basketAt('new'), get('configurations', configurationWith({})))
    recordChanges((call) =>
      call.path.endsWith('/validations')
        ? validation(true, [], [{ code: 'basket.line_item.quantity.adjusted.info', scopes: ['Products'] }])
        : undefined,
    )
    const response = await step(basketAction, '/en/basket', { intent: 'checkout' })
    // Back at the reason, wherever the basket shows it (the page's #checkout-blocked).
    expect(response.response.headers.get('Location')).toBe('/en/basket?error=true#checkout-blocked')
    expect((await sessionFrom(response.setCookie)).get('validation')?.infos[0]?.code).toBe(
      'basket.line_item.quantity.adjusted.info',
    )
  })

  it('with acceleration goes straight to review when everything is valid, else to the first step to fix', async () => {
    icm.use(basketAt('paid'), get('configurations', configurationWith({ acceleration: true })))
    const calls = recordChanges((call) => (call.path.endsWith('/validations') ? validation(true) : undefined))
    const fast = await step(basketAction, '/en/basket', { intent: 'checkout' })
    expect(fast.response.headers.get('Location')).toBe('/en/checkout/review')
    expect(calls.map((c) => (c.body as { scopes: string[] }).scopes)).toEqual([
      ['Products', 'Promotion', 'Value', 'CostCenter'],
      ['All', 'CostCenter'],
    ])
    icm.resetHandlers()
    icm.use(basketAt('paid'), get('configurations', configurationWith({ acceleration: true })))
    recordChanges((call) =>
      call.path.endsWith('/validations') && (call.body as { scopes: string[] }).scopes.includes('All')
        ? validation(false, [{ code: 'basket.validation.payment.missing.error', scopes: ['Payment'] }])
        : validation(true),
    )
    const slow = await step(basketAction, '/en/basket', { intent: 'checkout' })
    expect(slow.response.headers.get('Location')).toBe('/en/checkout/payment?error=true')
  })
})

describe('a logged-in customer’s address book and saved payment data', () => {
  const address = {
    'address.firstName': 'Patricia',
    'address.lastName': 'Miller',
    'address.addressLine1': 'Neue Str. 5',
    'address.postalCode': '80331',
    'address.city': 'München',
    'address.countryCode': 'DE',
    'address.mainDivision': 'BY',
  }

  it('creates an address in the account and uses it for the basket', async () => {
    const cookie = await shopperCookie({ user: true })
    icm.use(basketAt('new'), ...countries)
    const calls = recordChanges((call) =>
      call.path === 'privatecustomers/-/addresses'
        ? HttpResponse.json(
            { type: 'Link', uri: 'x/-/privatecustomers/PC-1/addresses/c-9', itemId: 'c-9' },
            { status: 201 },
          )
        : undefined,
    )
    const response = await step(
      addressAction,
      '/en/checkout/address',
      { intent: 'create', use: 'both', ...address },
      cookie,
    )
    expect(response.response.headers.get('Location')).toBe('/en/checkout/address')
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        'privatecustomers/-/addresses',
        expect.objectContaining({ city: 'München', mainDivision: 'BY', countryCode: 'DE' }),
      ],
      ['PATCH', 'baskets/b-1', { invoiceToAddress: 'c-9', commonShipToAddress: 'c-9' }],
    ])
    expect((await sessionFrom(response.setCookie)).get('toast')).toMatchObject({
      key: 'account.addresses.new_address_created.message',
    })
  })

  it('edits an address of the account, with the API’s refusal shown as 422', async () => {
    allowUnknownCodes('address.city.invalid')
    const cookie = await shopperCookie({ user: true })
    icm.use(basketAt('new'), ...countries)
    const calls = recordChanges((call) =>
      call.body && (call.body as { city?: string }).city === 'Nowhere'
        ? icmError(422, 'address.invalid.error', 'The address is invalid.', [
            { code: 'address.city.invalid', message: 'Unknown city.' },
          ])
        : undefined,
    )
    const ok = await step(
      addressAction,
      '/en/checkout/address',
      { intent: 'edit', addressId: 'c-1', ...address },
      cookie,
    )
    expect(ok.response.headers.get('Location')).toBe('/en/checkout/address')
    expect(calls[0]).toMatchObject({ method: 'PUT', path: 'privatecustomers/-/addresses/c-1' })
    const refused = await step(
      addressAction,
      '/en/checkout/address',
      { intent: 'edit', addressId: 'c-1', ...address, 'address.city': 'Nowhere' },
      cookie,
    )
    expect(refused.response.status).toBe(422)
    expect(refused.data.formId).toBe('edit')
    expect(refused.data.result.error['']).toEqual(['The shop could not do this. (Unknown city.)'])
  })

  const debit = (instruments: { id: string; accountIdentifier: string; parameters: unknown[] }[]) =>
    get('baskets/b-1/eligible-payment-methods', {
      data: [
        {
          id: 'DIRECT_DEBIT',
          serviceID: 'ISH_DEBIT_TRANSFER',
          displayName: 'Direct debit',
          capabilities: [],
          restricted: false,
          restrictions: [],
          saveAllowed: true,
          parameterDefinitions: [
            {
              name: 'IBAN',
              type: 'string',
              displayName: 'IBAN',
              constraints: { required: { message: 'Enter the IBAN.' } },
            },
          ],
          paymentInstruments: instruments.map((i) => i.id),
        },
      ],
      included: {
        paymentInstruments: Object.fromEntries(
          instruments.map((i) => [i.id, { ...i, paymentMethod: 'DIRECT_DEBIT' }]),
        ),
      },
    })

  it('saves payment data for later only when asked, and pays with a saved instrument as it is', async () => {
    const cookie = await shopperCookie({ user: true })
    icm.use(basketAt('shipping'), debit([{ id: 'saved-1', accountIdentifier: 'DE** 3000', parameters: [] }]))
    const calls = recordChanges((call) => {
      if (call.path === 'privatecustomers/-/payments')
        return HttpResponse.json(
          { type: 'Link', uri: 'x/payments/saved-2', itemId: 'saved-2' },
          { status: 201 },
        )
      if (call.path.endsWith('/validations')) return validation(true)
      return undefined
    })
    const saved = await step(
      paymentAction,
      '/en/checkout/payment',
      {
        paymentMethod: 'DIRECT_DEBIT',
        'instrument.DIRECT_DEBIT': 'new',
        'parameters.DIRECT_DEBIT.IBAN': 'DE89370400440532013000',
        saveForLater: 'on',
      },
      cookie,
    )
    expect(saved.response.headers.get('Location')).toBe('/en/checkout/review')
    expect(calls.slice(0, 2).map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        'privatecustomers/-/payments',
        { name: 'DIRECT_DEBIT', parameters: [{ key: 'IBAN', property: 'DE89370400440532013000' }] },
      ],
      ['PUT', 'baskets/b-1/payments/open-tender', { paymentInstrument: 'saved-2' }],
    ])
    calls.length = 0
    const reused = await step(
      paymentAction,
      '/en/checkout/payment',
      { paymentMethod: 'DIRECT_DEBIT', 'instrument.DIRECT_DEBIT': 'saved-1' },
      cookie,
    )
    expect(reused.response.headers.get('Location')).toBe('/en/checkout/review')
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', 'baskets/b-1/payments/open-tender', { paymentInstrument: 'saved-1' }],
      ['POST', 'baskets/b-1/validations', { adjustmentsAllowed: true, scopes: ['Payment'] }],
    ])
  })
})
