import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requisitionListPath } from '~/models/requisition'
import { requireRequisitionAccess } from '~/services/requisitions.server'

/**
 * The requisition area's own path goes to the buyer's list (spec org §2), keeping its query; the approver list
 * is reached by its own link. The guards come first: a visitor logs in and comes back here.
 */
export async function loader(args: LoaderFunctionArgs) {
  const shopper = await requireRequisitionAccess(args, 'buyer')
  const { search } = new URL(args.request.url)
  return redirect(`${requisitionListPath(shopper.locale.lang, 'buyer')}${search}`)
}
