import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RequisitionPage } from '~/components/requisition/RequisitionPages'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { requisitionDecision, requisitionDetail } from '~/services/requisition-pages.server'

export const headers = pageHeaders

/**
 * A requisition the approver approves (spec org §2 `approver/{requisitionId}`), with their decision while a
 * stage of theirs is pending; unknown or foreign: 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  return requisitionDetail(args, 'approver')
}

/** Approve, or reject with a comment (`intent`); done: back here (303) with a toast saying what happened. */
export async function action(args: ActionFunctionArgs) {
  return requisitionDecision(args)
}

export default function ApproverRequisitionPage() {
  return <RequisitionPage {...useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = noindexMeta
