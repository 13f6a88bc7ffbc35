import type { ChannelSettings } from '../domain/configuration'

/** `GET configurations` (`…configuration.v1+json`): the channel's settings in ICM's shape. */
export function configurationJson(settings: ChannelSettings) {
  return {
    data: {
      general: {
        locales: [...settings.locales],
        defaultLocale: settings.defaultLocale,
        currencies: [...settings.currencies],
        defaultCurrency: settings.defaultCurrency,
      },
      basket: { ...settings.basket },
      shipping: { ...settings.shipping },
      pricing: { ...settings.pricing },
      preferences: {
        ChannelPreferences: { EnableAdvancedVariationHandling: settings.advancedVariationHandling },
      },
      services: { OrderApprovalServiceDefinition: { runnable: settings.features.orderApproval } },
      captcha: {},
      recurringOrder: { enabled: settings.features.recurringOrders },
      customFieldDefinitions: [],
    },
  }
}
