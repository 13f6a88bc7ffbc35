// @vitest-environment jsdom
/**
 * The way back (issue 34, spec shell §4.7, §5, §8) against the real commerce API: Brightline's punchout users
 * come in over cXML, OCI and IDS as the procurement system sends them, fill the punchout's basket through the
 * shop's add-to-basket form, and open `/{lang}/basket/transfer`; its form carries what the API wrote for that
 * basket (read back with the API's own format readers, as the procurement system reads it) to the return or
 * hook URL. A line the format cannot carry (the company's OCI mapping made too long for SAP) is named in words
 * and the page does not send itself. OCI's VALIDATE and BACKGROUND_SEARCH answer with the API's fields.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { punchoutSessions } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { readPunchOutOrderMessage } from '../../commerce-api/punchout/cxml-order-message'
import { readIdsReturnCart } from '../../commerce-api/punchout/ids'
import { readOciFields, shortened } from '../../commerce-api/punchout/oci'
import { openCxmlSession } from '../../commerce-api/domain/punchout-sessions'
import { sellableSkus } from '../commerce-api/checkout-fixtures'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import TransferPage, { loader as transferLoader } from '~/routes/$lang._shop.basket_.transfer'
import {
  action as ociAction,
  loader as ociLoader,
} from '~/routes/$lang._shop.account.punchout.oci.configuration'
import { loader as entryLoader } from '~/routes/$lang.punchout'
import { sessionFrom } from '../storefront/loader-args'
import { Browser, minor, recordApiCalls, seeded } from './shop'
import { api } from './setup'
import { ociConfigurationForm, type OciConfigurationItem } from './punchout-forms'

afterEach(cleanup)

const BRIGHTLINE = 'BC-200001'
const HOOK = 'https://srm.example.com:8443/sap/bc/gui/sap/its/bbpsc02?sap-client=100'
const IDS_HOOK = 'https://handwerk.example/ids/return?sid=42'
const RETURN_URL = 'https://ariba.example/punchout/return?cookie=9'

type Field = { name: string; value: string }
type Form = { action: string; target?: string; fields: Field[]; autoSubmit: boolean; problems: unknown[] }

/** A procurement system's browser opening the entry with `query` (GET), answering where it is sent. */
const enter = async (browser: Browser, query: Record<string, string>) => {
  const sent = await browser.call(entryLoader, `/${browser.lang}/punchout?${new URLSearchParams(query)}`)
  return { ...sent, location: sent.response.headers.get('Location') }
}
const oci = (extra: Record<string, string> = {}) => ({
  HOOK_URL: HOOK,
  USERNAME: 'brightline-oci',
  PASSWORD: DEMO_PASSWORD,
  ...extra,
})
const ids = { name_kunde: 'brightline-ids', pw_kunde: DEMO_PASSWORD, kndnr: BRIGHTLINE, hookurl: IDS_HOOK }

/** A cXML setup request's session for Brightline's cXML user, opened as the setup endpoint opens it. */
const cxmlSession = () =>
  openCxmlSession(
    api.database.db,
    {
      senderIdentity: 'brightline-cxml',
      sharedSecret: DEMO_PASSWORD,
      operation: 'create',
      buyerCookie: 'cookie-9',
      browserFormPostUrl: RETURN_URL,
      from: { domain: 'NetworkID', identity: 'AN01000000001' },
      items: [],
    },
    { customerNo: BRIGHTLINE, currency: 'USD', locale: 'en_US' },
  )

/** The transfer page's loader as the browser opens it. */
const transfer = (browser: Browser) => browser.call(transferLoader, `/${browser.lang}/basket/transfer`)
const formOf = async (browser: Browser) => {
  const { response, data } = await transfer(browser)
  if (response.status !== 200) throw new Error(`transfer answered ${response.status}`)
  return { response, form: data.form as Form }
}
const fieldValue = (form: Form, name: string) => form.fields.find((field) => field.name === name)?.value
/** The API basket's lines as the basket page has them, in position order. */
const basketOf = async (browser: Browser) =>
  (await browser.load(basketLoader, `/${browser.lang}/basket`)).basket

/**
 * Sellable products whose names fit every format's description (OCI's 40 characters) in English and German,
 * so that the only problems a transfer here has are the ones a test makes.
 */
let skus: string[]
beforeAll(async () => {
  const fitting: string[] = []
  for (const sku of await sellableSkus(api, 20)) {
    const names = await Promise.all([seeded(sku, 'USD', 'en_US'), seeded(sku, 'EUR', 'de_DE')])
    if (names.every(({ name }) => [...name].length <= 40)) fitting.push(sku)
  }
  skus = fitting.slice(0, 3)
  if (skus.length < 3) throw new Error(`too few products with short names: ${fitting}`)
})

describe('the transfer page', () => {
  it('cXML: the API’s PunchOutOrderMessage with the BuyerCookie and the basket’s total, to the return URL, sending itself', async () => {
    const opened = await cxmlSession()
    const browser = new Browser('en')
    await enter(browser, { sid: opened.session.id, 'access-token': opened.accessToken })
    await browser.add(skus[0]!, 2)
    await browser.add(skus[1]!, 1)
    const basket = await basketOf(browser)
    const { response, form } = await formOf(browser)
    expect(form).toMatchObject({ action: RETURN_URL, autoSubmit: true, problems: [] })
    expect(form.fields.map((field) => field.name)).toEqual(['cXML-urlencoded'])
    expect(response.headers.get('x-shop-form-target')).toBe('https://ariba.example')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')

    const message = readPunchOutOrderMessage(form.fields[0]!.value)
    expect(message.problems).toEqual([])
    expect(message.buyerCookie).toBe('cookie-9')
    expect(message.basket.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [skus[0], 2],
      [skus[1], 1],
    ])
    for (const line of message.basket.lines)
      expect(line.unitPrice).toEqual({
        amount: (await seeded(line.sku, 'USD', 'en_US')).net,
        currency: 'USD',
      })
    // The message's amounts are the API basket's: its items, its tax and its total with tax.
    const { totals } = basket
    expect(message.basket.subtotal).toEqual({ amount: minor(totals.items.net), currency: 'USD' })
    expect(message.basket.tax).toEqual({ amount: minor(totals.tax), currency: 'USD' })
    expect(message.basket.total).toEqual({ amount: minor(totals.total.gross), currency: 'USD' })
  })

  it('OCI: NEW_ITEM fields of the lines, the ~ fields echoed, to HOOK_URL in the return target, sending itself', async () => {
    const browser = new Browser('en')
    await enter(browser, oci({ '~OkCode': 'ADDI', '~TARGET': '_top', returntarget: '_top' }))
    await browser.add(skus[0]!, 3)
    await browser.add(skus[2]!, 1)
    const { response, form } = await formOf(browser)
    expect(form).toMatchObject({ action: HOOK, target: '_top', autoSubmit: true, problems: [] })
    expect(response.headers.get('x-shop-form-target')).toBe('https://srm.example.com:8443')
    expect(form.fields.slice(-2)).toEqual([
      { name: '~OkCode', value: 'ADDI' },
      { name: '~TARGET', value: '_top' },
    ])
    const read = readOciFields(form.fields.map((field): [string, string] => [field.name, field.value]))
    expect(read.problems).toEqual([])
    expect(read.passThrough).toEqual({ '~OkCode': 'ADDI', '~TARGET': '_top' })
    const expected = await Promise.all(
      [
        [skus[0]!, 3],
        [skus[2]!, 1],
      ].map(async ([sku, quantity]) => ({
        sku,
        quantity,
        unit: 'PCE',
        unitPrice: { amount: (await seeded(sku as string, 'USD', 'en_US')).net, currency: 'USD' },
      })),
    )
    const apiLines = (await basketOf(browser)).lines
    expect(
      read.basket.lines.map(({ sku, quantity, unit, unitPrice }) => ({ sku, quantity, unit, unitPrice })),
    ).toEqual(expected)
    expect(read.basket.lines.map((line) => line.lineTotal?.amount)).toEqual(
      apiLines.map((line: any) => minor(line.total.net)),
    )
    expect(fieldValue(form, 'NEW_ITEM-CURRENCY[1]')).toBe('USD')
  })

  it('IDS: the API’s WKE warenkorb, its line numbers kept, to the hook URL', async () => {
    const browser = new Browser('de')
    await enter(browser, { ...ids, action: 'WKE', target: 'ids_frame' })
    await browser.add(skus[1]!, 2)
    await browser.add(skus[2]!, 4)
    const { form } = await formOf(browser)
    expect(form).toMatchObject({ action: IDS_HOOK, target: 'ids_frame', autoSubmit: true, problems: [] })
    expect(form.fields.map((field) => field.name)).toEqual(['warenkorb'])
    const cart = readIdsReturnCart(form.fields[0]!.value)
    expect(cart.problems).toEqual([])
    const apiLines = (await basketOf(browser)).lines
    expect(cart.basket.lines.map((line) => [line.position, line.sku, line.quantity])).toEqual(
      apiLines.map((line: any) => [line.position, line.sku, line.quantity]),
    )
    expect(cart.basket.lines.map((line) => line.sku)).toEqual([skus[1], skus[2]])

    // As the buyer sees it: nothing to warn about, the form sends itself, "Weiter" still there.
    browser.render('/de/basket/transfer', ':lang/basket/transfer', TransferPage, transferLoader)
    await screen.findByRole('heading', { level: 1, name: 'Warenkorb übertragen' })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.getElementById('punchout-hook-form')?.getAttribute('action')).toBe(IDS_HOOK)
    // The page sends itself (tests/storefront/punchout-pages.test.tsx runs the script).
    expect(document.querySelector('script')?.textContent).toMatch(
      /document\.getElementById\('punchout-hook-form'\)\.submit\(\)$/,
    )
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeTruthy()
  })

  it('goes back to the basket when it is empty, and with the API’s reason when the cXML session has ended', async () => {
    const opened = await cxmlSession()
    const browser = new Browser('en')
    await enter(browser, { sid: opened.session.id, 'access-token': opened.accessToken })
    const empty = await transfer(browser)
    expect(empty.response.headers.get('Location')).toBe('/en/basket')
    await browser.add(skus[0]!, 1)
    await api.database.db
      .update(punchoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(punchoutSessions.id, opened.session.id))
    const refused = await transfer(browser)
    expect(refused.response.headers.get('Location')).toBe('/en/basket')
    const toast = (await sessionFrom(refused.setCookie)).get('toast')!
    expect(toast).toMatchObject({ key: 'punchout.transfer.refused', type: 'error' })
    expect(toast.values?.reason).toMatch(/session/i)
  })
})

describe('a line the format cannot carry', () => {
  type Item = OciConfigurationItem
  const CONFIGURATION = '/en/account/punchout/oci/configuration'
  const configurationForm = ociConfigurationForm

  it('is named in words before the form, which waits for "Continue" (the company’s OCI mapping overlong)', async () => {
    const jack = new Browser('en')
    await jack.login('jlink')
    const { items } = (await jack.load(ociLoader, CONFIGURATION)) as { items: Item[] }
    // SAP keeps 10 characters of CUST_FIELD1: two SKUs do not fit.
    const overlong = items.map((item) =>
      item.field === 'NEW_ITEM-CUST_FIELD1' ? { ...item, transform: '{ProductSKU}/{ProductSKU}' } : item,
    )
    await jack.post(ociAction, CONFIGURATION, configurationForm(overlong))
    try {
      const browser = new Browser('en')
      await enter(browser, oci({ '~OkCode': 'ADDI' }))
      await browser.add(skus[0]!, 1)
      await browser.add(skus[1]!, 1)
      const { form } = await formOf(browser)
      expect(form.autoSubmit).toBe(false)
      // Written whole, never cut.
      expect(fieldValue(form, 'NEW_ITEM-CUST_FIELD1[2]')).toBe(`${skus[1]}/${skus[1]}`)

      browser.render('/en/basket/transfer', ':lang/basket/transfer', TransferPage, transferLoader)
      await screen.findByRole('heading', { level: 1, name: 'Transfer basket' })
      const alert = screen.getByRole('alert')
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        `Line 1 (${skus[0]}), field NEW_ITEM-CUST_FIELD1: longer than the format allows`,
        `Line 2 (${skus[1]}), field NEW_ITEM-CUST_FIELD1: longer than the format allows`,
      ])
      const hookForm = document.getElementById('punchout-hook-form') as HTMLFormElement
      expect(hookForm.getAttribute('action')).toBe(HOOK)
      expect(alert.compareDocumentPosition(hookForm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
      expect(document.querySelector('script')).toBeNull()
    } finally {
      await jack.post(ociAction, CONFIGURATION, configurationForm(items))
    }
  })
})

describe('spec §8’s errors: a punchout user without the entry’s session goes to /error with the key', () => {
  const cases: [string, string][] = [
    ['brightline-cxml', 'punchout.error.transfer.no_sid'],
    ['brightline-oci', 'punchout.error.transfer.no_hook_url'],
    ['brightline-ids', 'punchout.error.transfer.ids.no_hook_url'],
  ]
  it.each(cases)('%s logged in at the login page → %s', async (login, key) => {
    const browser = new Browser('en')
    await browser.login(login)
    const { response } = await transfer(browser)
    expect(response.headers.get('Location')).toBe(`/en/error?error=${key}`)
  })

  it('is for users whose permissions select a transfer, logged in', async () => {
    const buyer = new Browser('en')
    await buyer.login('bbuyer')
    expect((await transfer(buyer)).response.headers.get('Location')).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_SEND_CXML_BASKET%2CAPP_B2B_SEND_OCI_BASKET%2CAPP_B2B_SEND_IDS_BASKET',
    )
    expect((await transfer(new Browser('en'))).response.headers.get('Location')).toBe(
      '/en/login?returnUrl=%2Fen%2Fbasket%2Ftransfer',
    )
  })
})

describe('the OCI entry’s product functions', () => {
  /** The hidden fields of the entry's HTML answer, and its form. */
  const hookFormOf = async (response: Response) => {
    const page = new DOMParser().parseFromString(await response.text(), 'text/html')
    const form = page.getElementById('punchout-hook-form') as HTMLFormElement
    const fields = [...form.querySelectorAll('input')].map((input): [string, string] => [
      input.name,
      input.value,
    ])
    return { page, form, fields }
  }

  // SAP writes quantities with three decimals (as the API's own NEW_ITEM-QUANTITY), a comma in some locales.
  it.each(['2', '2.000', '2,000'])(
    'VALIDATE of QUANTITY %s: the API’s fields of that product, in a form to the hook URL that sends itself',
    async (quantity) => {
      const sku = skus[1]!
      const calls = recordApiCalls()
      const { response } = await enter(
        new Browser('en'),
        oci({ FUNCTION: 'VALIDATE', PRODUCTID: sku, QUANTITY: quantity, '~OkCode': 'ADDI' }),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('x-shop-form-target')).toBe('https://srm.example.com:8443')
      const { page, form, fields } = await hookFormOf(response)
      expect(form.getAttribute('action')).toBe(HOOK)
      expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
      expect(page.querySelector('script')?.textContent).toMatch(
        /document\.getElementById\('punchout-hook-form'\)\.submit\(\)$/,
      )
      expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Continue')
      const read = readOciFields(fields)
      expect(read.problems).toEqual([])
      expect(read.passThrough).toEqual({ '~OkCode': 'ADDI' })
      const product = await seeded(sku, 'USD', 'en_US')
      expect(read.basket.lines).toMatchObject([
        { sku, quantity: 2, unitPrice: { amount: product.net, currency: 'USD' } },
      ])
      // SAP's short text: the name in at most 40 characters.
      expect(fields).toContainEqual(['NEW_ITEM-DESCRIPTION[1]', shortened(product.name, 40)])
      // Validation makes no basket.
      expect(calls.some((call) => call.method === 'POST' && call.path === 'baskets')).toBe(false)
    },
  )

  it('BACKGROUND_SEARCH: the API’s fields of the products the search finds, for the system to read, not sent', async () => {
    const sku = skus[2]!
    const { response } = await enter(
      new Browser('en'),
      oci({ FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: sku }),
    )
    const { page, fields } = await hookFormOf(response)
    expect(page.querySelector('script')).toBeNull()
    const read = readOciFields(fields)
    expect(read.basket.lines.map((line) => line.sku)).toContain(sku)
    const found = read.basket.lines.find((line) => line.sku === sku)!
    expect(found.unitPrice).toEqual({ amount: (await seeded(sku, 'USD', 'en_US')).net, currency: 'USD' })
  })
})
