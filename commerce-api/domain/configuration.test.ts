import { describe, expect, it } from 'vitest'
import { configurationJson } from '../icm/configuration'
import { CURRENCIES, LOCALES } from './channel'
import { channelSettings } from './configuration'

describe('channel settings', () => {
  const settings = channelSettings()

  it('default to a locale and a currency of the channel', () => {
    expect(LOCALES).toContain(settings.defaultLocale)
    expect(CURRENCIES).toContain(settings.defaultCurrency)
  })

  it('offer a delivery window that has days in it', () => {
    const { desiredDeliveryDaysMin, desiredDeliveryDaysMax } = settings.shipping
    expect(desiredDeliveryDaysMin).toBeGreaterThanOrEqual(0)
    expect(desiredDeliveryDaysMax).toBeGreaterThan(desiredDeliveryDaysMin)
  })

  it('announce order approval and recurring orders, which the API implements (requisitions, ADR 0020)', () => {
    expect(settings.features).toEqual({ orderApproval: true, recurringOrders: true })
  })
})

describe('GET configurations', () => {
  const json = configurationJson(channelSettings()).data

  it('reports the approval service as runnable and recurring orders as enabled', () => {
    expect(json.services.OrderApprovalServiceDefinition.runnable).toBe(true)
    expect(json.recurringOrder.enabled).toBe(true)
  })

  it('follows the settings, so that a feature shows only while it exists', () => {
    const withoutFeatures = configurationJson({
      ...channelSettings(),
      features: { orderApproval: false, recurringOrders: false },
    }).data
    expect(withoutFeatures.services.OrderApprovalServiceDefinition.runnable).toBe(false)
    expect(withoutFeatures.recurringOrder.enabled).toBe(false)
  })

  it('keeps ICM’s shape for locales, basket, shipping and pricing', () => {
    expect(json.general).toEqual({
      locales: ['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO'],
      defaultLocale: 'de_DE',
      currencies: ['EUR', 'USD', 'PLN', 'RON'],
      defaultCurrency: 'EUR',
    })
    expect(json.basket).toEqual({ termsAndConditions: true, acceleration: false, maxItemQuantity: 100 })
    expect(json.pricing).toEqual({
      priceType: 'net',
      privateCustomerPriceDisplayType: 'gross',
      smbCustomerPriceDisplayType: 'net',
    })
    expect(json.preferences.ChannelPreferences.EnableAdvancedVariationHandling).toBe(false)
  })
})
