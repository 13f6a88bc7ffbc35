/**
 * The punchout calls of a shopping session (spec shell §7, the Intershop PWA's `punchout.service.ts`): the
 * cXML session behind a start link, OCI's product validation and background search, and the basket
 * transfer in the format the user's permissions select. Personal, never cached; all below the customer's
 * `customers/{no}/punchouts`.
 */
import { z } from 'zod'
import {
  CxmlSessionWireSchema,
  OciDataWireSchema,
  PUNCHOUT_RESOURCE,
  TransferTextWireSchema,
  type PunchoutType,
  type TransferProblem,
} from '~/models/punchout'
import { icmCall, type IcmScope } from './icm.server'

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
