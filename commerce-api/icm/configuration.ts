import { CAPTCHA_HEADER_FORM } from '../captcha'
import type { AccountSettings, ChannelSettings } from '../domain/configuration'

/** `GET configurations` (`…configuration.v1+json`): the channel's settings in ICM's shape. */
export function configurationJson(settings: ChannelSettings, accounts: AccountSettings) {
  return {
    data: {
      general: {
        locales: [...settings.locales],
        defaultLocale: settings.defaultLocale,
        currencies: [...settings.currencies],
        defaultCurrency: settings.defaultCurrency,
        // The kinds of customer whose login waits for the shop's approval, as the Intershop PWA reads them
        // after a registration (`PRIVATE`, `SMB`): those go to /register/approval instead of logging in.
        customerTypeForLoginApproval: [
          ...(accounts.approval.private ? ['PRIVATE'] : []),
          ...(accounts.approval.business ? ['SMB'] : []),
        ],
      },
      // Spec §9 "B2B/B2C registration enabled" and "newsletter enabled".
      registration: {
        privateCustomerEnabled: accounts.registration.private,
        businessCustomerEnabled: accounts.registration.business,
      },
      marketing: { newsletterSubscriptionEnabled: accounts.newsletter },
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
