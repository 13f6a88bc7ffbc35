import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_TEXTS, textPartOf } from '~/i18n'
import en_US from '../../locales/en_US.json'

const APP = path.resolve(__dirname, '..')
const IMPORT = "import '~/browser/account-texts'"

/** The modules the browser may load: the app's sources without tests and server modules. */
const browserModules = readdirSync(APP, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.tsx?$/.test(file) && !/\.(test|server)\.tsx?$/.test(file) && !file.includes('.server/'),
)

/** Key literals of the account part in a source: `'account.orders.…'` or a template starting so. */
const accountKeys = (source: string) =>
  [...source.matchAll(/['"`](account\.[\w.]*)/g)].map((m) => m[1]!).filter((key) => ACCOUNT_TEXTS.test(key))

describe('the account part of the texts', () => {
  it('is the account screens’ keys, a real share of the dictionary, and the rest is the shop’s', () => {
    const keys = Object.keys(en_US)
    const account = keys.filter((key) => textPartOf(key) === 'account')
    expect(account.length).toBeGreaterThan(keys.length / 5)
    expect(account.every((key) => key.startsWith('account.'))).toBe(true)
    expect(textPartOf('account.login.email_password.error.invalid')).toBe('shop')
    expect(textPartOf('product.add_to_basket')).toBe('shop')
  })

  it('is loaded by every browser module that names one of its keys', () => {
    const missing = browserModules.filter((file) => {
      const source = readFileSync(path.join(APP, file), 'utf8')
      return accountKeys(source).length > 0 && !source.includes(IMPORT)
    })
    expect(missing).toEqual([])
  })

  it('is not loaded by modules that name none of its keys', () => {
    const needless = browserModules.filter((file) => {
      const source = readFileSync(path.join(APP, file), 'utf8')
      return source.includes(IMPORT) && accountKeys(source).length === 0
    })
    expect(needless).toEqual([])
  })
})
