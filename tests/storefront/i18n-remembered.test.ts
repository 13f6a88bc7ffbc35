import { createInstance } from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { i18nOptions } from '~/i18n'
import { SHOP_LOCALES } from '~/models/locale'
import { i18nFor, REMEMBERED_TEXTS } from '~/services/i18n.server'
import de_DE from '../../locales/de_DE.json'
import en_US from '../../locales/en_US.json'

/** i18next as it answers without remembering anything. */
function plainGerman() {
  const instance = createInstance()
  void instance.init({
    ...i18nOptions,
    lng: 'de_DE',
    fallbackLng: 'en_US',
    resources: { de_DE: { translation: de_DE }, en_US: { translation: en_US } },
  })
  return instance
}

/** i18next's translator of an instance (not in its public types). */
const translatorOf = (instance: object) =>
  (instance as { translator: { translate: () => unknown } }).translator

describe('texts remembered per language', () => {
  it('answers every text, option and plural form as i18next does, twice over', () => {
    const plain = plainGerman()
    const shop = i18nFor('de_DE')
    const keys = Object.keys(de_DE).slice(0, 400)
    const options = [
      undefined,
      {},
      { count: 1 },
      { count: 7 },
      { count: '7' },
      { 0: 'Eins', 1: 'Zwei', name: 'Bohrer' },
      // Absent, undefined and null differ to i18next (a placeholder stays, or is emptied).
      { 0: undefined, 1: undefined, name: undefined, count: undefined },
      { 0: null, 1: null, name: null, count: null },
    ]
    for (let round = 0; round < 2; round++) {
      for (const key of keys)
        for (const option of options as never[]) expect(shop.t(key, option)).toBe(plain.t(key, option))
    }
    // Through useTranslation's path (getFixedT) too, and for a key only English has.
    const fixed = shop.getFixedT('de_DE')
    for (const key of keys.slice(0, 50)) expect(fixed(key)).toBe(plain.t(key))
    expect(shop.t('not.a.text.at.all')).toBe(plain.t('not.a.text.at.all'))
  })

  it('resolves a text once, and again for other options', () => {
    const shop = i18nFor('fr_FR')
    const translate = vi.spyOn(translatorOf(shop), 'translate')
    const key = Object.keys(en_US)[10]!
    shop.t(key, { count: 3 })
    shop.t(key, { count: 3 })
    shop.getFixedT('fr_FR')(key, { count: 3 })
    // As react-i18next's useTranslation asks: no language (null), the namespaces as a list.
    const asTheHookAsks = shop.getFixedT(null, ['translation'])
    asTheHookAsks(key, { count: 3 })
    asTheHookAsks(key, { count: 3 })
    // Once per distinct options: plain (the hook's is the same `t`), and fixed with its language.
    expect(translate).toHaveBeenCalledTimes(2)
    expect(asTheHookAsks).toBe(shop.getFixedT(null, 'translation'))
    expect(asTheHookAsks(key, { count: 3 })).toBe(shop.t(key, { count: 3 }))
    shop.t(key, { count: 4 })
    expect(translate).toHaveBeenCalledTimes(3)
    // Options with an object in them are not remembered, and still answered.
    const withObject = { count: 2, context: undefined, formatParams: { val: { style: 'percent' } } }
    shop.t(key, withObject)
    shop.t(key, withObject)
    expect(translate).toHaveBeenCalledTimes(5)
    translate.mockRestore()
  })

  it('keeps at most a bounded number of texts', () => {
    const shop = i18nFor('pl_PL')
    const translate = vi.spyOn(translatorOf(shop), 'translate')
    const key = Object.keys(en_US)[0]!
    for (let n = 0; n <= REMEMBERED_TEXTS; n++) shop.t(key, { n })
    expect(translate).toHaveBeenCalledTimes(REMEMBERED_TEXTS + 1)
    // The first was forgotten when the store was full, the last is still known.
    shop.t(key, { n: 0 })
    shop.t(key, { n: REMEMBERED_TEXTS })
    expect(translate).toHaveBeenCalledTimes(REMEMBERED_TEXTS + 2)
    translate.mockRestore()
  })

  it('one instance per language', () => {
    expect(new Set(SHOP_LOCALES.map((locale) => i18nFor(locale.id))).size).toBe(SHOP_LOCALES.length)
  })
})
