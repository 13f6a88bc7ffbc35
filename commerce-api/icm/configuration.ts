import { CAPTCHA_HEADER_FORM } from '../captcha'
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
      // The shop's own server-side captcha (captcha.ts): a question from `POST challenges`, answered in the
      // Authorization header. No third-party service: no site key.
      captcha: { service: 'challenge', challenges: 'challenges', header: CAPTCHA_HEADER_FORM },
      recurringOrder: { enabled: settings.features.recurringOrders },
      customFieldDefinitions: [],
    },
  }
}
