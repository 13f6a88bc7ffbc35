/**
 * The punchout calls of a shopping session (spec shell §7, the Intershop PWA's `punchout.service.ts`): the
 * cXML session behind a start link, OCI's product validation and background search, and the basket
 * transfer in the format the user's permissions select. Personal, never cached; all below the customer's
 * `customers/{no}/punchouts`.
 */
import { redirect } from '@remix-run/node'
import type { z } from 'zod'
import { messageText } from '~/models/messages'
import {
  CxmlSessionWireSchema,
  OciDataWireSchema,
  PUNCHOUT_RESOURCE,
  TransferTextWireSchema,
  type HookForm,
  type PunchoutType,
  type TransferProblem,
} from '~/models/punchout'
import { PUNCHOUT_ERRORS, type PunchoutErrorKey } from '~/models/punchout-entry'
import { currentBasket } from './basket.server'
import type { LoggedIn } from './guards.server'
import { fixedT } from './i18n.server'
import { icmCall, refusalOf, type IcmScope } from './icm.server'
import { redirectWithToast } from './toast.server'

/** ICM's punchout API v2 (the PWA's `punchoutHeaderV2`). */
export const PUNCHOUT_V2 = 'application/vnd.intershop.punchout.v2+json'
/** ICM's cXML punchout API v3: the cXML configurations. */
export const PUNCHOUT_CXML_V3 = 'application/vnd.intershop.punchout.cxml.v3+json'

/** `customers/{no}/punchouts[/{resource}]`. */
export function punchoutPath(customerNo: string, type?: PunchoutType) {
  const base = `customers/${encodeURIComponent(customerNo)}/punchouts`
  return type ? `${base}/${PUNCHOUT_RESOURCE[type]}` : base
}

/** `GET …/cxml1.2/sessions/{sid}`: the basket the setup request made and the URL the order message goes to. */
export async function cxmlSession(scope: IcmScope, customerNo: string, sid: string) {
  const session = await icmCall(scope, {
    path: `${punchoutPath(customerNo, 'cxml')}/sessions/${encodeURIComponent(sid)}`,
    schema: CxmlSessionWireSchema,
    cache: 'none',
    accept: PUNCHOUT_V2,
  })
  return { basketId: session.basketId, returnUrl: session.returnURL }
}

export type OciData = { fields: { name: string; value: string }[]; problems: TransferProblem[] }

const ociData = (answer: z.infer<typeof OciDataWireSchema>): OciData => ({
  fields: answer.data,
  problems: answer.problems ?? [],
})

/** `GET …/oci5/validate?productId&quantity`: the OCI fields of one product (FUNCTION=VALIDATE). */
export async function ociValidation(
  scope: IcmScope,
  customerNo: string,
  productId: string,
  quantity: string,
): Promise<OciData> {
  return ociData(
    await icmCall(scope, {
      path: `${punchoutPath(customerNo, 'oci')}/validate`,
      query: { productId, quantity },
      schema: OciDataWireSchema,
      cache: 'none',
      accept: PUNCHOUT_V2,
    }),
  )
}

/** `GET …/oci5/background-search?searchString`: the OCI fields of the products found (BACKGROUND_SEARCH). */
export async function ociBackgroundSearch(
  scope: IcmScope,
  customerNo: string,
  searchString: string,
): Promise<OciData> {
  return ociData(
    await icmCall(scope, {
      path: `${punchoutPath(customerNo, 'oci')}/background-search`,
      query: { searchString },
      schema: OciDataWireSchema,
      cache: 'none',
      accept: PUNCHOUT_V2,
    }),
  )
}

/**
 * The transfer of a basket: the form fields that carry it back, and the lines the format cannot carry as
 * they are. cXML names its session (`?sid=`) and posts the order message as `cXML-urlencoded`; OCI names the
 * basket and posts ICM's `NEW_ITEM-…` fields; IDS names the basket and posts the cart as `warenkorb`. The
 * answer is asked for as JSON, so that the problems come along with the XML (ICM clients asking `text/xml`
 * get the XML alone).
 */
export async function transferData(
  scope: IcmScope,
  customerNo: string,
  transfer: { type: 'cxml'; sid: string } | { type: 'oci' | 'ids'; basketId: string },
): Promise<OciData> {
  const path = `${punchoutPath(customerNo, transfer.type)}/transfer`
  const base = { method: 'POST' as const, path, cache: 'none' as const, accept: PUNCHOUT_V2 }
  if (transfer.type === 'oci')
    return ociData(
      await icmCall(scope, {
        ...base,
        query: { basketId: transfer.basketId },
        schema: OciDataWireSchema,
      }),
    )
  const answer = await icmCall(scope, {
    ...base,
    query: transfer.type === 'cxml' ? { sid: transfer.sid } : { basketId: transfer.basketId },
    schema: TransferTextWireSchema,
  })
  return {
    fields: [{ name: transfer.type === 'cxml' ? 'cXML-urlencoded' : 'warenkorb', value: answer.data }],
    problems: answer.problems ?? [],
  }
}

/** The error page of a punchout error key (spec §8: punchout errors go to `/error`). */
export const punchoutErrorUrl = (lang: string, key: PunchoutErrorKey) =>
  `/${lang}/error?${new URLSearchParams({ error: key })}`

/**
 * The form that transfers the shopper's basket in the format their permissions select (spec §4.7, §5, §8):
 * cXML to the session's return URL, OCI and IDS to the hook URL their entry gave, into the frame it named,
 * OCI's `~` fields echoed. Without the session's SID, return URL or hook URL the shopper goes to the error
 * page with spec §8's message; an empty basket goes back to the basket page, and so does an ICM refusal, with
 * ICM's reason.
 */
export async function transferForm(shopper: LoggedIn, type: PunchoutType): Promise<HookForm> {
  const { scope, session, locale, user } = shopper
  const state = session.get('punchout')
  const own = state?.type === type ? state : undefined
  const fail = (key: PunchoutErrorKey) => redirect(punchoutErrorUrl(locale.lang, key))
  if (type === 'cxml') {
    if (!own?.sid) throw fail(PUNCHOUT_ERRORS.noSid)
    if (!own.returnUrl) throw fail(PUNCHOUT_ERRORS.noReturnUrl)
  } else if (!own?.hookUrl)
    throw fail(type === 'oci' ? PUNCHOUT_ERRORS.noHookUrl : PUNCHOUT_ERRORS.noIdsHookUrl)
  const basketUrl = `/${locale.lang}/basket`
  const basket = await currentBasket(scope)
  if (!basket || basket.lines.length === 0) throw redirect(basketUrl)
  let data: OciData
  try {
    data = await transferData(
      scope,
      user.customerNo,
      type === 'cxml' ? { type, sid: own.sid! } : { type, basketId: basket.id },
    )
  } catch (error) {
    const [problem] = refusalOf(error)
    throw await redirectWithToast(session, basketUrl, {
      key: 'punchout.transfer.refused',
      values: { reason: problem ? messageText(fixedT(locale.id), problem) : '' },
      type: 'error',
    })
  }
  const echoed = type === 'oci' ? (own.tildeFields ?? []).map(([name, value]) => ({ name, value })) : []
  return {
    action: type === 'cxml' ? own.returnUrl! : own.hookUrl!,
    ...(own.target ? { target: own.target } : {}),
    fields: [...data.fields, ...echoed],
    autoSubmit: data.problems.length === 0,
    problems: data.problems,
  }
}
