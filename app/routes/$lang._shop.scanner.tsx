import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ScannerPage } from '~/components/scanner/ScannerPage'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { scannerPage } from '~/services/scanner.server'

export const headers = pageHeaders

/** `/scanner` (feature scanner, spec shell §2.1): the code scanner; `?code=…` looks a code up. */
export const loader = (args: LoaderFunctionArgs) => scannerPage(args)

export default ScannerPage

export const meta: MetaFunction<typeof loader> = noindexMeta
