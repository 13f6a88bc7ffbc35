import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  addresses,
  baskets,
  paymentInstruments,
  paymentMethods,
  shippingMethods,
} from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { seedDatabase } from '../../commerce-api/db/seed/seed'
import {
  anonymousToken,
  basketFor,
  checkoutTestBed,
  guestAddress,
  minor,
  readyGuestBasket,
  userToken,
} from './checkout-fixtures'
import { call, type Api } from './harness'

let api: Api
let skus: string[]
checkoutTestBed(3, (bed) => ({ api, skus } = bed))

describe('checkout demo data', () => {
  it('is seeded with fixed ids, and an older database gets what it misses at the next start', async () => {
    const db = api.database.db
    const methods = async () =>
      (await db.select({ id: shippingMethods.id }).from(shippingMethods)).map((m) => m.id).sort()
    expect(await methods()).toEqual(['EXP_EXPRESS', 'PICKUP', 'STD_GROUND'])
    expect((await db.select().from(paymentMethods)).map((m) => m.id).sort()).toEqual([
      'CREDIT_CARD',
      'DIRECT_DEBIT',
      'GIFT_CARD',
      'INVOICE',
      'WALLET',
    ])
    expect(
      (await db.select().from(addresses))
        .filter((a) => a.customerNo)
        .map((a) => a.customerNo)
        .sort(),
    ).toEqual(['BC-200001', 'BC-200001', 'BC-200003', 'PC-100001', 'PC-100002'])
    expect(await db.select({ id: paymentInstruments.id }).from(paymentInstruments)).toHaveLength(2)
    await db.delete(shippingMethods).where(eq(shippingMethods.id, 'PICKUP'))
    const again = await seedDatabase(db)
    expect(again.seeded).toBe(false)
    expect(await methods()).toEqual(['EXP_EXPRESS', 'PICKUP', 'STD_GROUND'])
    expect(await db.select({ id: paymentInstruments.id }).from(paymentInstruments)).toHaveLength(2)
  })
})

describe('countries and regions', () => {
  it('lists the shipped countries and their regions with localized names', async () => {
    const en = await call(api.url('countries'))
    expect(en.status).toBe(200)
    expect(en.json.data.map((c: any) => c.id).sort()).toEqual(['AT', 'DE', 'FR', 'GB', 'PL', 'RO', 'US'])
    expect(en.json.data.find((c: any) => c.id === 'DE').name).toBe('Germany')
    const de = await call(api.url('countries', ';loc=de_DE;cur=EUR'))
    expect(de.json.data.find((c: any) => c.id === 'DE').name).toBe('Deutschland')
    // Only countries whose addresses name a region list regions: none for Germany.
    expect((await call(api.url('countries/DE/main-divisions'))).json.data).toEqual([])
    const pl = await call(api.url('countries/PL/main-divisions', ';loc=pl_PL;cur=PLN'))
    expect(pl.json.data.find((d: any) => d.id === '14').name).toBe('mazowieckie')
    const masovia = (await call(api.url('countries/PL/main-divisions'))).json.data
    expect(masovia.find((d: any) => d.id === '14').name).toBe('Masovia')
    expect((await call(api.url('countries/US/main-divisions'))).json.data.length).toBe(51)
    expect((await call(api.url('countries/FR/main-divisions'))).json.data).toEqual([])
    const unknown = await call(api.url('countries/XX/main-divisions'))
    expect(unknown.status).toBe(404)
    expect(unknown.json.errors[0].code).toBe('country.not_found.error')
  })
})

describe('customer address book', () => {
  it('lists a demo customer’s addresses as links that resolve to ICM addresses', async () => {
    const token = await userToken(api, 'patricia@ironbridge.test')
    const list = await call(api.url('privatecustomers/-/addresses'), { token })
    expect(list.status).toBe(200)
    expect(list.json.elements).toHaveLength(1)
    const link = list.json.elements[0]
    expect(link).toMatchObject({ type: 'Link', itemId: DEMO_ADDRESS_IDS.patriciaHome })
    const resolved = await call(
      api.url('').replace(/\/INTERSHOP\/rest\/WFS\/.*$/, `/INTERSHOP/rest/WFS/${link.uri}`),
      {
        token,
      },
    )
    expect(resolved.status).toBe(200)
    expect(resolved.json).toMatchObject({
      id: DEMO_ADDRESS_IDS.patriciaHome,
      urn: `urn:address:customer:PC-100001:${DEMO_ADDRESS_IDS.patriciaHome}`,
      firstName: 'Patricia',
      city: 'Berlin',
      countryCode: 'DE',
      // A link is resolved without matrix parameters: the channel's default locale (de_DE).
      country: 'Deutschland',
    })
    // A business user uses customers/, not privatecustomers/ (and the other way round).
    expect((await call(api.url('customers/-/addresses'), { token })).status).toBe(404)
    const jlink = await userToken(api, 'jlink')
    const business = await call(api.url('customers/BC-200001/addresses'), { token: jlink })
    expect(business.json.elements).toHaveLength(2)
    expect((await call(api.url('customers/PC-100001/addresses'), { token: jlink })).status).toBe(404)
    expect((await call(api.url('privatecustomers/-/addresses'))).status).toBe(401)
  })

  it('creates, edits and deletes addresses, refusing incomplete ones with a cause per field', async () => {
    const token = await userToken(api, 'pierre@ironbridge.test')
    const base = api.url('privatecustomers/-/addresses')
    const incomplete = await call(base, {
      method: 'POST',
      token,
      json: { firstName: 'Pierre', countryCode: 'DE', postalCode: '123' },
    })
    expect(incomplete.status).toBe(422)
    expect(incomplete.json.errors[0].code).toBe('address.invalid.error')
    const paths = incomplete.json.errors[0].causes.map((c: any) => c.paths[0]).sort()
    expect(paths).toEqual(['addressLine1', 'city', 'lastName', 'postalCode'])
    const badRegion = await call(base, {
      method: 'POST',
      token,
      json: {
        ...guestAddress(),
        countryCode: 'US',
        postalCode: '10001',
        mainDivision: 'XX',
        email: undefined,
      },
    })
    expect(badRegion.json.errors[0].causes[0].code).toBe('address.main_division.invalid.error')
    const unknownCountry = await call(base, {
      method: 'POST',
      token,
      json: { ...guestAddress(), countryCode: 'ZZ' },
    })
    expect(unknownCountry.json.errors[0].causes[0].code).toBe('address.country.invalid.error')
    expect((await call(base, { method: 'POST', token, json: { firstName: 5 } })).status).toBe(400)
    expect((await call(base, { method: 'POST', token, json: { city: 'x'.repeat(101) } })).status).toBe(400)

    const created = await call(base, {
      method: 'POST',
      token,
      json: { ...guestAddress({ firstName: 'Pierre', lastName: 'Durand' }), mainDivisionCode: 'by' },
    })
    expect(created.status).toBe(201)
    const id = created.json.itemId as string
    const [row] = await api.database.db.select().from(addresses).where(eq(addresses.id, id))
    // A German address names no region: one sent anyway is not kept.
    expect(row).toMatchObject({ customerNo: 'PC-100002', mainDivision: null, city: 'München' })

    const updated = await call(`${base}/${id}`, {
      method: 'PUT',
      token,
      json: {
        ...guestAddress({ firstName: 'Pierre', lastName: 'Durand' }),
        countryCode: 'PL',
        postalCode: '00-950',
        mainDivision: '14',
        city: 'Warszawa',
      },
    })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({
      id,
      countryCode: 'PL',
      mainDivisionName: 'Masovia',
      city: 'Warszawa',
    })
    const wrongPostal = await call(`${base}/${id}`, {
      method: 'PUT',
      token,
      json: { ...guestAddress(), countryCode: 'PL', postalCode: '00950', mainDivision: '14' },
    })
    expect(wrongPostal.status).toBe(422)
    expect(wrongPostal.json.errors[0].causes[0].code).toBe('address.postal_code.invalid.error')

    // Someone else's address is not found.
    const patricia = await userToken(api, 'patricia@ironbridge.test')
    expect((await call(api.url(`privatecustomers/-/addresses/${id}`), { token: patricia })).status).toBe(404)
    expect((await call(`${base}/${id}`, { method: 'DELETE', token })).status).toBe(204)
    expect((await call(`${base}/${id}`, { token })).status).toBe(404)
    expect((await call(`${base}/not-a-uuid`, { token })).status).toBe(404)
  })
})

describe('basket addresses', () => {
  it('takes a guest’s address with e-mail, uses it by URN or id, and keeps the e-mail on the basket', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }])
    const withoutEmail = await call(basket.url('/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({ email: '' }),
    })
    expect(withoutEmail.status).toBe(422)
    expect(withoutEmail.json.errors[0].causes[0].paths).toEqual(['email'])
    const badEmail = await call(basket.url('/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({ email: 'nope' }),
    })
    expect(badEmail.json.errors[0].causes[0].code).toBe('address.email.invalid.error')

    const created = await call(basket.url('/addresses'), { method: 'POST', token, json: guestAddress() })
    expect(created.status).toBe(201)
    const address = created.json.data
    expect(address.urn).toBe(`urn:address:basket:${basket.id}:${address.id}`)
    const set = await call(basket.url('?include=invoiceToAddress,commonShipToAddress'), {
      method: 'PATCH',
      token,
      json: { invoiceToAddress: address.urn, commonShipToAddress: address.id },
    })
    expect(set.status).toBe(200)
    expect(set.json.data).toMatchObject({
      invoiceToAddress: address.urn,
      commonShipToAddress: address.urn,
      email: 'gina@example.test',
    })
    expect(set.json.included.invoiceToAddress[address.urn]).toMatchObject({
      city: 'München',
      countryCode: 'DE',
    })

    const changed = await call(basket.url(`/addresses/${address.id}`), {
      method: 'PATCH',
      token,
      json: { email: 'gina.new@example.test', addressLine2: '3rd floor' },
    })
    expect(changed.status).toBe(200)
    expect(changed.json.data).toMatchObject({ addressLine2: '3rd floor', city: 'München' })
    const [row] = await api.database.db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row!.email).toBe('gina.new@example.test')

    // A separate ship-to address of the guest needs no e-mail of its own.
    const shipTo = await call(basket.url('/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({ email: undefined, firstName: 'Gustav', city: 'Augsburg', postalCode: '86150' }),
    })
    expect(shipTo.status).toBe(201)
    const eligible = await call(basket.url('/eligible-addresses'), { token })
    expect(eligible.json.data.map((a: any) => a.id)).toEqual([address.id, shipTo.json.data.id])

    // Another shopper's address, a customer's address for a guest, garbage: refused naming the field.
    const other = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }])
    for (const ref of [
      other.addressUrn,
      `urn:address:customer:PC-100001:${DEMO_ADDRESS_IDS.patriciaHome}`,
      'garbage',
    ]) {
      const refused = await call(basket.url(), { method: 'PATCH', token, json: { commonShipToAddress: ref } })
      expect(refused.status, ref).toBe(422)
      expect(refused.json.errors[0].causes[0].paths).toEqual(['commonShipToAddress'])
    }
    expect(
      (
        await call(basket.url(`/addresses/${other.addressId}`), {
          method: 'PATCH',
          token,
          json: { city: 'X' },
        })
      ).status,
    ).toBe(404)
  })

  it('lets a user choose from the address book and a one-time basket address', async () => {
    const token = await userToken(api, 'jlink')
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }])
    const oneTime = await call(basket.url('/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({
        email: undefined,
        countryCode: 'AT',
        postalCode: '1010',
        mainDivision: undefined,
        city: 'Wien',
      }),
    })
    expect(oneTime.status).toBe(201)
    const eligible = await call(basket.url('/eligible-addresses'), { token })
    expect(eligible.json.data.map((a: any) => a.id)).toEqual(
      expect.arrayContaining([
        DEMO_ADDRESS_IDS.brightlineHeadOffice,
        DEMO_ADDRESS_IDS.brightlineSite,
        oneTime.json.data.id,
      ]),
    )
    const set = await call(basket.url(), {
      method: 'PATCH',
      token,
      json: {
        invoiceToAddress: `urn:address:customer:BC-200001:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`,
        commonShipToAddress: oneTime.json.data.urn,
      },
    })
    expect(set.status).toBe(200)
    expect(set.json.data.email).toBe('jlink@brightline.test')
  })
})

describe('shipping and totals', () => {
  it('offers the shipping methods for the ship-to country with costs and delivery periods', async () => {
    const de = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], { matrix: ';loc=en_US;cur=EUR' })
    const methods = (await call(de.url('/eligible-shipping-methods'), { token: de.token })).json.data
    expect(methods.map((m: any) => m.id)).toEqual(['STD_GROUND', 'EXP_EXPRESS', 'PICKUP'])
    const express = methods.find((m: any) => m.id === 'EXP_EXPRESS')
    expect(express).toMatchObject({
      name: 'Express delivery',
      deliveryTimeMin: 'P1D',
      deliveryTimeMax: 'P2D',
    })
    expect(express.shippingCosts.net).toEqual({ type: 'Money', value: 12.9, currency: 'EUR' })
    expect(express.shippingCosts.gross.value).toBe(15.35) // 12.90 + 19 % (2.451 → 2.45)
    // Express never ships free; standard delivery does from a net item total of 100.00 (with tax: 119.00).
    expect(express.shippingCostsThreshold).toBeUndefined()
    const standard = methods.find((m: any) => m.id === 'STD_GROUND')
    expect(standard.shippingCostsThreshold.net).toEqual({ type: 'Money', value: 100, currency: 'EUR' })
    expect(standard.shippingCostsThreshold.gross.value).toBe(119)
    const bucket = await call(de.url(`/buckets/${de.id}/eligible-shipping-methods`), { token: de.token })
    expect(bucket.json.data).toEqual(methods)

    const fr = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], {
      address: guestAddress({
        countryCode: 'FR',
        postalCode: '75001',
        mainDivision: undefined,
        city: 'Paris',
      }),
    })
    const frMethods = (await call(fr.url('/eligible-shipping-methods'), { token: fr.token })).json.data
    expect(frMethods.map((m: any) => m.id)).toEqual(['STD_GROUND', 'EXP_EXPRESS'])
    const pickup = await call(fr.url(), {
      method: 'PATCH',
      token: fr.token,
      json: { commonShippingMethod: 'PICKUP' },
    })
    expect(pickup.status).toBe(422)
    expect(pickup.json.errors[0].code).toBe('basket.shipping_method.not_eligible.error')
    const unknown = await call(fr.url(), {
      method: 'PATCH',
      token: fr.token,
      json: { commonShippingMethod: 'DRONE' },
    })
    expect(unknown.status).toBe(422)
  })

  it('taxes by ship-to country, adds shipping in exact minor units, and is estimated until complete', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 3 }], ';loc=en_US;cur=EUR')
    const estimated = (await basket.get()).data.totals
    expect(estimated.isEstimated).toBe(true)
    expect(minor(estimated.shippingTotal.gross)).toBe(0)
    const net = minor(estimated.itemTotal.net)

    const address = await call(basket.url('/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({ countryCode: 'PL', postalCode: '00-950', mainDivision: '14', city: 'Warszawa' }),
    })
    await call(basket.url(), {
      method: 'PATCH',
      token,
      json: { invoiceToAddress: address.json.data.urn, commonShipToAddress: address.json.data.urn },
    })
    let json = await basket.get()
    expect(json.data.totals.isEstimated).toBe(true) // no shipping method yet
    await call(basket.url(), { method: 'PATCH', token, json: { commonShippingMethod: 'EXP_EXPRESS' } })
    json = await basket.get()
    const totals = json.data.totals
    expect(totals.isEstimated).toBe(false)
    const lineTax = Math.round((net * 23) / 100)
    expect(minor(totals.itemTotal.net)).toBe(net)
    expect(minor(totals.itemTotal.gross)).toBe(net + lineTax)
    expect(minor(totals.shippingTotal.net)).toBe(1290)
    expect(minor(totals.shippingTotal.gross)).toBe(1290 + Math.round(1290 * 0.23))
    const expectedTax = lineTax + Math.round(1290 * 0.23)
    expect(minor(totals.salesTaxTotal)).toBe(expectedTax)
    expect(minor(totals.grandTotal.net)).toBe(net + 1290)
    expect(minor(totals.grandTotal.gross)).toBe(net + 1290 + expectedTax)
    expect(json.data.commonShippingMethod).toBe('EXP_EXPRESS')
    expect(json.included.commonShippingMethod.EXP_EXPRESS.name).toBe('Express delivery')
    const line = Object.values(json.included.lineItems)[0] as any
    expect(minor(line.pricing.salesTaxTotal)).toBe(lineTax)

    // US: no sales tax collected.
    const us = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 3 }], {
      address: guestAddress({ countryCode: 'US', postalCode: '10001', mainDivision: 'NY', city: 'New York' }),
      matrix: ';loc=en_US;cur=EUR',
    })
    const usTotals = (await us.get()).data.totals
    expect(minor(usTotals.salesTaxTotal)).toBe(0)
    expect(minor(usTotals.grandTotal.gross)).toBe(minor(usTotals.grandTotal.net))
  })

  it('ships free from an item total of 100.00 and keeps order promotions with line taxes adding up', async () => {
    const sku = skus[1]!
    const probe = await basketFor(
      api,
      await anonymousToken(api),
      [{ sku, quantity: 1 }],
      ';loc=en_US;cur=EUR',
    )
    const unitNet = minor((await probe.get()).data.totals.itemTotal.net)
    const quantity = Math.min(Math.max(Math.ceil(10000 / unitNet), 1), 100)
    const basket = await readyGuestBasket(
      api,
      [
        { sku, quantity },
        { sku: skus[2]!, quantity: 1 },
      ],
      {
        matrix: ';loc=en_US;cur=EUR',
      },
    )
    const code = await call(basket.url('/promotioncodes'), {
      method: 'POST',
      token: basket.token,
      json: { code: 'WELCOME10' },
    })
    expect(code.status).toBe(200)
    const json = await basket.get()
    const totals = json.data.totals
    expect(minor(totals.itemTotal.net)).toBeGreaterThanOrEqual(10000)
    expect(minor(totals.shippingTotal.gross)).toBe(0)
    expect(minor(totals.valueRebatesTotal.gross)).toBeGreaterThan(0)
    const lines = Object.values(json.included.lineItems) as any[]
    const lineTaxes = lines.reduce((sum, l) => sum + minor(l.pricing.salesTaxTotal), 0)
    expect(lineTaxes + minor(totals.shippingTotal.gross) - minor(totals.shippingTotal.net)).toBe(
      minor(totals.salesTaxTotal),
    )
    expect(minor(totals.grandTotal.gross) - minor(totals.grandTotal.net)).toBe(minor(totals.salesTaxTotal))
    expect(minor(totals.grandTotal.gross)).toBe(
      minor(totals.itemTotal.gross) -
        minor(totals.valueRebatesTotal.gross) +
        minor(totals.shippingTotal.gross),
    )
  })
})
