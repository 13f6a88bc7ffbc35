import { data, redirect } from '@remix-run/node'
import { codeOutcome, SCANNER_MAX_CODE, scannedCode } from '~/models/scanner'
import { searchUrl } from '~/models/url'
import { productLinker } from './categories.server'
import { requireFeature } from './guards.server'
import { cacheHeaders } from './http.server'
import { fixedT } from './i18n.server'
import type { IcmScope } from './icm.server'
import { searchProducts } from './products.server'
import { shopperOf, type PageArgs } from './shopper.server'

/**
 * Where a scanned or typed code leads (spec shell §2.1 scanner): the shop's search finds products by their
 * EAN, SKU and manufacturer part number (ADR 0021), so the code is searched as it is, without spelling
 * correction (a code is exact). One product: its page; several, or a search redirect: the search results;
 * none: null, and the page says the product was not found. Two hits are enough to tell one from several.
 */
export async function scannedCodeTarget(scope: IcmScope, code: string): Promise<string | null> {
  const found = await searchProducts(scope, code, { page: 1, pageSize: 2 }, { correctSpelling: false })
  const outcome = codeOutcome(found)
  if (outcome.kind === 'not-found') return null
  if (outcome.kind === 'results') return searchUrl(scope.locale, code)
  return (await productLinker(scope))(outcome.product)
}

/** What the scanner page shows: the code looked up (kept in the form), and what became of it. */
export type ScannerPageData = {
  title: string
  code: string
  /** The code found no product (spec message `ede.code_scanner.error_message.product_not_found`). */
  notFound: boolean
  /** What is wrong with the code as sent (empty, too long), in the page's language. */
  problem: string | null
}

/**
 * The loader of `/scanner` and `/scandit` (feature scanner): the page, or with `?code=…` (the form's GET, or a
 * code the camera read) the lookup: a redirect to where the code leads, else the page saying it found
 * nothing (200, as a search without hits) or what is wrong with the code (400).
 */
export async function scannerPage(args: PageArgs) {
  requireFeature(args, 'scanner')
  const { locale, scope } = await shopperOf(args)
  const t = fixedT(locale.id)
  const query = new URL(args.request.url).searchParams
  const page: ScannerPageData = { title: t('scanner.title'), code: '', notFound: false, problem: null }
  const headers = cacheHeaders(args.request, 'private')
  const sent = query.get('code')
  if (sent === null) return data(page, { headers })
  const scanned = scannedCode(sent)
  if ('problem' in scanned)
    return data(
      {
        ...page,
        code: sent.slice(0, SCANNER_MAX_CODE),
        problem:
          scanned.problem === 'empty'
            ? t('scanner.code.empty')
            : t('scanner.code.too_long', { max: SCANNER_MAX_CODE }),
      },
      { status: 400, headers },
    )
  const target = await scannedCodeTarget(scope, scanned.code)
  if (target) throw redirect(target, { headers })
  return data({ ...page, code: scanned.code, notFound: true }, { headers })
}
