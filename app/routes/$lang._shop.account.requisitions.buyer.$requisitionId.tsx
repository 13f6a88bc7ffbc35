import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RequisitionPage } from '~/components/requisition/RequisitionPages'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { requisitionDetail } from '~/services/requisition-pages.server'

export const headers = pageHeaders

/** One of the buyer's requisitions (spec org §2 `buyer/{requisitionId}`); unknown or someone else's: 404. */
export async function loader(args: LoaderFunctionArgs) {
  return requisitionDetail(args, 'buyer')
}

export default function BuyerRequisitionPage() {
  return <RequisitionPage {...useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = noindexMeta
