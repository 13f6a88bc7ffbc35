import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RequisitionListPage } from '~/components/requisition/RequisitionPages'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { bulkDecision, requisitionList } from '~/services/requisition-pages.server'

export const headers = pageHeaders

/**
 * The approver's requisitions (spec org §2 `approver`, crumb "Approvals"; APP_B2B_ORDER_APPROVAL or
 * EDE_APP_B2B_COSTCENTER_APPROVAL): those they approve, per status (`?status=`, pending by default; another
 * value is a 400 page), 25 a page (`?page=`).
 */
export async function loader(args: LoaderFunctionArgs) {
  return requisitionList(args, 'approver')
}

/** Approves or rejects the chosen pending requisitions, each on its own, and answers what happened to each. */
export async function action(args: ActionFunctionArgs) {
  return bulkDecision(args)
}

export default function ApproverRequisitionsPage() {
  return <RequisitionListPage {...useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = noindexMeta
