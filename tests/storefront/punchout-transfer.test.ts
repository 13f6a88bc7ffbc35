/**
 * The way back (issue 34, spec shell §2.6, §4.7, §5, §8): the basket page offers "Transfer basket" to users
 * whose permissions select a transfer, the punchout's own basket is the one shown, the transfer page holds
 * the form to the hook or return URL (and names its origin for the CSP), problems come first, every missing
 * piece of the session goes to `/error` with spec §8's message, and punchout users see no footer.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { headers as transferHeaders, loader as transferLoader } from '~/routes/$lang._shop.basket_.transfer'
import type { PunchoutState } from '~/models/punchout'
import { configurationData, get, icm, icmError, icmPath, shellHandlers } from './icm-mock'
import { answer, args, sessionFrom, signedInCookie } from './loader-args'
import {
  basketAnswer,
  BUYER,
  CXML_USER,
  IDS_USER,
  OCI_USER,
  PUNCHOUTS,
  recordCalls,
  sessionUserOf,
  type PunchoutPerson,
} from './punchout-fixtures'
import './setup'

const cookieOf = (person: PunchoutPerson, punchout?: Omit<PunchoutState, 'login'>) =>
  signedInCookie(sessionUserOf(person), punchout ? { punchout: { ...punchout, login: person.login } } : {})

const LINES = [
  { id: 'l-1', sku: '1000042', quantity: 2 },
  { id: 'l-2', sku: '1000043', quantity: 1 },
]
const withLines = (id: string) => get(`baskets/${id}`, basketAnswer(id, LINES))

const transfer = async (person: PunchoutPerson, punchout?: Omit<PunchoutState, 'login'>) =>
  answer(transferLoader, args('/en/basket/transfer', { cookie: await cookieOf(person, punchout) }))

const location = (response: Response) => response.headers.get('Location')

const CXML_STATE = {
  type: 'cxml',
  sid: 'S-1',
  returnUrl: 'https://ariba.example/punchout/return?cookie=9',
  basketId: 'b-cx',
} as const
const OCI_STATE = {
  type: 'oci',
  hookUrl: 'http://srm.example.com:8000/sap/bc/gui/sap/its/bbpsc02?sap-client=100',
  tildeFields: [
    ['~OkCode', 'ADDI'],
    ['~TARGET', '_top'],
  ],
  target: '_top',
  basketId: 'b-oci',
} satisfies Omit<PunchoutState, 'login'>
const IDS_STATE = {
  type: 'ids',
  hookUrl: 'https://handwerk.example/ids/return?sid=42',
  target: 'ids_frame',
  basketId: 'b-ids',
} as const

describe('the basket page', () => {
  it('offers the transfer to a punchout user and shows the punchout’s own basket', async () => {
    const calls = recordCalls()
    icm.use(get('configurations', configurationData), get('baskets/b-oci', basketAnswer('b-oci')))
    const { data } = await answer(
      basketLoader,
      args('/en/basket', { cookie: await cookieOf(OCI_USER, OCI_STATE) }),
    )
    expect(data.transfer).toBe(true)
    expect(data.basket.id).toBe('b-oci')
    expect(calls.some((call) => call.path === 'baskets/current')).toBe(false)
  })

  it('offers none to a buyer, whose basket is the current one', async () => {
    icm.use(get('configurations', configurationData), get('baskets/current', basketAnswer('b-1')))
    const { data } = await answer(basketLoader, args('/en/basket', { cookie: await cookieOf(BUYER) }))
    expect(data.transfer).toBe(false)
    expect(data.basket.id).toBe('b-1')
  })
})

describe('the transfer page', () => {
  it('cXML: posts the order message as cXML-urlencoded to the session’s return URL, sending itself', async () => {
    const calls = recordCalls()
    icm.use(
      withLines('b-cx'),
      http.post(icmPath(`${PUNCHOUTS}/cxml1\\.2/transfer`), () =>
        HttpResponse.json({ data: '<cXML payloadID="1"><Message/></cXML>' }),
      ),
    )
    const { response, data } = await transfer(CXML_USER, CXML_STATE)
    expect(response.status).toBe(200)
    expect(data.form).toEqual({
      action: 'https://ariba.example/punchout/return?cookie=9',
      fields: [{ name: 'cXML-urlencoded', value: '<cXML payloadID="1"><Message/></cXML>' }],
      autoSubmit: true,
      problems: [],
    })
    expect(response.headers.get('x-shop-form-target')).toBe('https://ariba.example')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const call = calls.find((c) => c.path.endsWith('cxml1.2/transfer'))!
    expect([call.method, call.query.get('sid'), call.token]).toEqual(['POST', 'S-1', 'user-token'])
  })

  it('OCI: ICM’s NEW_ITEM fields and the ~ fields to the hook URL, in the return target; problems first, not sent by itself', async () => {
    const calls = recordCalls()
    const problem = {
      position: 2,
      sku: '1000043',
      field: 'NEW_ITEM-DESCRIPTION',
      reason: 'too-long',
    }
    icm.use(
      withLines('b-oci'),
      http.post(icmPath(`${PUNCHOUTS}/oci5/transfer`), () =>
        HttpResponse.json({
          data: [
            { name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Drill' },
            { name: 'NEW_ITEM-QUANTITY[1]', value: '2.000' },
          ],
          problems: [problem],
        }),
      ),
    )
    const { response, data } = await transfer(OCI_USER, OCI_STATE)
    expect(data.form).toEqual({
      action: OCI_STATE.hookUrl,
      target: '_top',
      fields: [
        { name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Drill' },
        { name: 'NEW_ITEM-QUANTITY[1]', value: '2.000' },
        { name: '~OkCode', value: 'ADDI' },
        { name: '~TARGET', value: '_top' },
      ],
      autoSubmit: false,
      problems: [problem],
    })
    expect(response.headers.get('x-shop-form-target')).toBe('http://srm.example.com:8000')
    expect(calls.find((c) => c.path.endsWith('oci5/transfer'))!.query.get('basketId')).toBe('b-oci')
  })

  it('IDS: the cart as warenkorb to the hook URL, in the target the trade software named', async () => {
    const calls = recordCalls()
    icm.use(
      withLines('b-ids'),
      http.post(icmPath(`${PUNCHOUTS}/ids/transfer`), () =>
        HttpResponse.json({ data: '<Warenkorb xmlns="http://www.itek.de/Shop-Anbindung/Warenkorb/"/>' }),
      ),
    )
    const { data } = await transfer(IDS_USER, IDS_STATE)
    expect(data.form).toMatchObject({
      action: IDS_STATE.hookUrl,
      target: 'ids_frame',
      fields: [
        { name: 'warenkorb', value: '<Warenkorb xmlns="http://www.itek.de/Shop-Anbindung/Warenkorb/"/>' },
      ],
      autoSubmit: true,
    })
    expect(calls.find((c) => c.path.endsWith('ids/transfer'))!.query.get('basketId')).toBe('b-ids')
  })

  it('goes to the error page with spec §8’s message when the session lacks what the transfer needs', async () => {
    const error = (key: string) => `/en/error?error=${key}`
    expect(location((await transfer(CXML_USER)).response)).toBe(error('punchout.error.transfer.no_sid'))
    const { returnUrl: _, ...noReturn } = CXML_STATE
    expect(location((await transfer(CXML_USER, noReturn)).response)).toBe(
      error('punchout.error.transfer.no_return_url'),
    )
    expect(location((await transfer(OCI_USER)).response)).toBe(error('punchout.error.transfer.no_hook_url'))
    // A hook URL of another protocol's punchout is not this one's.
    expect(location((await transfer(OCI_USER, IDS_STATE)).response)).toBe(
      error('punchout.error.transfer.no_hook_url'),
    )
    expect(location((await transfer(IDS_USER, { type: 'ids' })).response)).toBe(
      error('punchout.error.transfer.ids.no_hook_url'),
    )
  })

  it('is for users whose permissions select a transfer, logged in', async () => {
    expect(location((await transfer(BUYER)).response)).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_SEND_CXML_BASKET%2CAPP_B2B_SEND_OCI_BASKET%2CAPP_B2B_SEND_IDS_BASKET',
    )
    const anonymous = await answer(transferLoader, args('/en/basket/transfer'))
    expect(location(anonymous.response)).toBe('/en/login?returnUrl=%2Fen%2Fbasket%2Ftransfer')
  })

  it('goes back to the basket when it is empty, and with ICM’s reason when ICM refuses', async () => {
    icm.use(get('baskets/b-oci', basketAnswer('b-oci')))
    expect(location((await transfer(OCI_USER, OCI_STATE)).response)).toBe('/en/basket')
    icm.use(
      withLines('b-oci'),
      http.post(icmPath(`${PUNCHOUTS}/oci5/transfer`), () =>
        icmError(422, 'basket.not_found.error', 'The basket is gone.'),
      ),
    )
    const refused = await transfer(OCI_USER, OCI_STATE)
    expect(location(refused.response)).toBe('/en/basket')
    const toast = (await sessionFrom(refused.setCookie)).get('toast')!
    expect(toast).toMatchObject({ key: 'punchout.transfer.refused', type: 'error' })
    expect(toast.values?.reason).toMatch(/\S/)
  })

  it('names the form’s target origin in the document’s headers, for the CSP', () => {
    const headers = new Headers(
      transferHeaders({
        loaderHeaders: new Headers({
          'x-shop-form-target': 'https://ariba.example',
          'Cache-Control': 'private, no-store',
        }),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    )
    expect(headers.get('x-shop-form-target')).toBe('https://ariba.example')
    expect(headers.get('Cache-Control')).toBe('private, no-store')
  })
})

describe('the footer (spec §2.6, §6)', () => {
  it('is not there for punchout users, nor read for them; a buyer has it', async () => {
    const calls = recordCalls()
    icm.use(...shellHandlers())
    const punchout = await answer(
      rootLoader,
      args('/en/home', { cookie: await cookieOf(IDS_USER, IDS_STATE) }),
    )
    expect(punchout.data.shell.footer).toBeNull()
    expect(calls.some((call) => call.path.startsWith('cms/includes'))).toBe(false)
    const buyer = await answer(rootLoader, args('/en/home', { cookie: await cookieOf(BUYER) }))
    expect(buyer.data.shell.footer).toEqual([])
    expect(calls.some((call) => call.path.startsWith('cms/includes'))).toBe(true)
  })
})
