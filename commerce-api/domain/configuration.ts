import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_LOCALE, LOCALES, MAX_ITEM_QUANTITY } from './channel'

/** `GET configurations`: the channel's settings in ICM's shape. */
export function channelConfiguration() {
  return {
    data: {
      general: {
        locales: [...LOCALES],
        defaultLocale: DEFAULT_LOCALE,
        currencies: [...CURRENCIES],
        defaultCurrency: DEFAULT_CURRENCY,
      },
      basket: { termsAndConditions: true, acceleration: false, maxItemQuantity: MAX_ITEM_QUANTITY },
      shipping: {
        multipleShipmentsSupported: false,
        desiredDeliveryDate: true,
        desiredDeliveryDaysMin: 2,
        desiredDeliveryDaysMax: 60,
        deliveryExcludeSaturday: true,
        deliveryExcludeSunday: true,
      },
      pricing: {
        priceType: 'net',
        privateCustomerPriceDisplayType: 'gross',
        smbCustomerPriceDisplayType: 'net',
      },
      preferences: { ChannelPreferences: { EnableAdvancedVariationHandling: false } },
      services: { OrderApprovalServiceDefinition: { runnable: true } },
      captcha: {},
      recurringOrder: { enabled: true },
      customFieldDefinitions: [],
    },
  }
}
