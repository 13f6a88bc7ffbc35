import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RequisitionListPage } from '~/components/requisition/RequisitionPages'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { requisitionList } from '~/services/requisition-pages.server'

export const headers = pageHeaders

/**
 * The buyer's requisitions (spec org §2 `buyer`, crumb "Requisitions"): their own, per status (`?status=`,
 * pending by default; another value is a 400 page), 25 a page (`?page=`). Business customers only.
 */
export async function loader(args: LoaderFunctionArgs) {
  return requisitionList(args, 'buyer')
}

export default function BuyerRequisitionsPage() {
  return <RequisitionListPage {...useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = noindexMeta
