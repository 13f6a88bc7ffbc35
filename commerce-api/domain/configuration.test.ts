import { describe, expect, it } from 'vitest'
import { configurationJson } from '../icm/configuration'
import { CURRENCIES, LOCALES } from './channel'
import { channelSettings, DEFAULT_ACCOUNT_SETTINGS } from './configuration'

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
  const json = configurationJson(channelSettings(), DEFAULT_ACCOUNT_SETTINGS).data

  it('reports the approval service as runnable and recurring orders as enabled', () => {
    expect(json.services.OrderApprovalServiceDefinition.runnable).toBe(true)
    expect(json.recurringOrder.enabled).toBe(true)
  })

  it('follows the settings, so that a feature shows only while it exists', () => {
    const withoutFeatures = configurationJson(
      {
        ...channelSettings(),
        features: { orderApproval: false, recurringOrders: false },
      },
      DEFAULT_ACCOUNT_SETTINGS,
    ).data
    expect(withoutFeatures.services.OrderApprovalServiceDefinition.runnable).toBe(false)
    expect(withoutFeatures.recurringOrder.enabled).toBe(false)
  })

  it('keeps ICM’s shape for locales, basket, shipping and pricing', () => {
    expect(json.general).toEqual({
      locales: ['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO'],
      defaultLocale: 'de_DE',
      currencies: ['EUR', 'USD', 'PLN', 'RON'],
      defaultCurrency: 'EUR',
      customerTypeForLoginApproval: ['SMB'],
    })
    expect(json.basket).toEqual({ termsAndConditions: true, acceleration: false, maxItemQuantity: 100 })
    expect(json.pricing).toEqual({
      priceType: 'net',
      privateCustomerPriceDisplayType: 'gross',
      smbCustomerPriceDisplayType: 'net',
      // Spec §9 "preferred price display type": the header's B2B/B2C switch.
      preferredPriceDisplayTypeEnabled: true,
    })
    expect(json.preferences.ChannelPreferences.EnableAdvancedVariationHandling).toBe(false)
  })
})

describe('GET configurations: registration, approval, newsletter and captcha', () => {
  it('says which customers register, which wait for approval, whether there is a newsletter', () => {
    const open = configurationJson(channelSettings(), {
      registration: { private: true, business: false },
      approval: { private: true, business: true },
      newsletter: false,
    }).data
    expect(open.general.customerTypeForLoginApproval).toEqual(['PRIVATE', 'SMB'])
    expect(open.registration).toEqual({ privateCustomerEnabled: true, businessCustomerEnabled: false })
    expect(open.marketing).toEqual({ newsletterSubscriptionEnabled: false })
    const defaults = configurationJson(channelSettings(), DEFAULT_ACCOUNT_SETTINGS).data
    expect(defaults.marketing).toEqual({ newsletterSubscriptionEnabled: true })
  })

  it('announces the shop’s own captcha and how its answer is sent', () => {
    const { captcha } = configurationJson(channelSettings(), DEFAULT_ACCOUNT_SETTINGS).data
    expect(captcha).toEqual({
      service: 'challenge',
      challenges: 'challenges',
      header: 'CAPTCHA challenge={id} answer={answer}',
    })
  })
})
