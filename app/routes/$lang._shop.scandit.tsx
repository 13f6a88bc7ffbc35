import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ScannerPage } from '~/components/scanner/ScannerPage'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { scannerPage } from '~/services/scanner.server'

export const headers = pageHeaders

/**
 * `/scandit` (spec shell §2.1, the scanner variant): the same scanner as `/scanner`. It would run Scandit's SDK
 * with a licence (SCANDIT_LICENSE_KEY), which this build does not have: such a licence stops the start
 * (app/services/feature-check.server.ts), so this page never pretends to use it.
 */
export const loader = (args: LoaderFunctionArgs) => scannerPage(args)

export default ScannerPage

export const meta: MetaFunction<typeof loader> = noindexMeta
