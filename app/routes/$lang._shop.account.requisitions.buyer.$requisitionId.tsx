import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RequisitionPage } from '~/components/requisition/RequisitionPages'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { requisitionDetail, requisitionWithdrawal } from '~/services/requisition-pages.server'

export const headers = pageHeaders

/** One of the buyer's requisitions (spec org §2 `buyer/{requisitionId}`); unknown or someone else's: 404. */
export async function loader(args: LoaderFunctionArgs) {
  return requisitionDetail(args, 'buyer')
}

/** The buyer withdraws it while it waits (`intent` withdraw); done: back here (303) with a toast. */
export async function action(args: ActionFunctionArgs) {
  return requisitionWithdrawal(args)
}

export default function BuyerRequisitionPage() {
  return <RequisitionPage {...useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = noindexMeta
