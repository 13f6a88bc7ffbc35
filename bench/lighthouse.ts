/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default) on home, a leaf category, a product page and
 * the basket with one product in it. Expects `npm run build` (builds nothing).
 *
 * Starts the commerce API (demo catalog seeded once into $TMPDIR/storefront-bench-lighthouse; `--fresh` seeds
 * again) and the production storefront on loopback, finds the pages by following links, puts one piece of
 * the product into a guest basket through the product page's own form (a plain form post) and hands that
 * session's cookie to Lighthouse for the basket page only. Debian's Chromium runs headless through
 * chrome-launcher, whose default flags switch off Chrome's own background traffic (updates, sync, field
 * trials); every request a page makes is listed when it leaves loopback, so nothing reaches the internet
 * unnoticed.
 *
 * Reported per page: the scores of accessibility, best practices, SEO and performance (performance is
 * simulated mobile throttling on a busy two-core machine: a figure, not a gate), and every failing audit with
 * its id, title and the elements or items it names (selector, snippet, explanation). Exit code 1 when
 * accessibility, best practices or SEO is below 100 on any page. `--html` also keeps Lighthouse's own HTML
 * report per page in bench/results/.
 *
 * Ports: BENCH_LIGHTHOUSE_PORT (3710) for the storefront, +1000 (4710) for the commerce API. CHROMIUM_PATH
 * (/usr/bin/chromium). The report is also written to bench/results/lighthouse-<time>.md.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import {
  benchDataDir,
  findCatalogPages,
  guestBasketWithOneItem,
  requireBuild,
  startDemoShop,
} from './lib/demo-shop'
import { failAndExit, root, stopAll, writeReport } from './lib/servers'

const USAGE = 'usage: tsx bench/lighthouse.ts [--fresh] [--html]'
const shopPort = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3710)
const apiPort = shopPort + 1000
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Categories that must score 100; performance is reported only. */
const GATED = ['accessibility', 'best-practices', 'seo'] as const
const CATEGORIES = [...GATED, 'performance'] as const
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]
/** How many items of one failing audit the report lists. */
const ITEMS_PER_AUDIT = 25

type Audit = Result['audits'][string]
type PageResult = { name: string; path: string; lhr: Result; html?: string }

const oneLine = (text: unknown, max = 300) => {
  const s = String(text).replace(/\s+/g, ' ').trim()
  return s.length > max ? `${s.slice(0, max)}…` : s
}
/** Markdown table cells must not contain pipes or raw newlines. */
const cell = (text: unknown, max?: number) => oneLine(text, max).replace(/\|/g, '\\|')

type Node = { type: 'node'; selector?: string; snippet?: string; nodeLabel?: string; explanation?: string }
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && (value as { type?: string }).type === 'node'

/** One line per item of a failing audit: the element (selector, snippet, explanation) or the item's fields. */
function describeItem(item: Record<string, unknown>): string {
  const node = Object.values(item).find(isNode)
  if (node) {
    const parts = [`\`${cell(node.selector ?? '', 200)}\``, `\`${cell(node.snippet ?? '', 300)}\``]
    if (node.nodeLabel) parts.push(`label “${cell(node.nodeLabel, 120)}”`)
    if (node.explanation) parts.push(cell(node.explanation, 600))
    return parts.join(' · ')
  }
  return Object.entries(item)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => {
      if (typeof value === 'object') {
        const v = value as Record<string, unknown>
        // A source location's line is 0-based in Lighthouse's details.
        const line = v.type === 'source-location' && typeof v.line === 'number' ? ` line ${v.line + 1}` : ''
        return `${key}: ${cell(v.url ?? v.value ?? v.text ?? JSON.stringify(value), 300)}${line}`
      }
      return `${key}: ${cell(value, 300)}`
    })
    .join(' · ')
}

/** The failing audits of a category, also those of weight 0 (they do not lower the score, axe still flags them). */
function failingAudits(lhr: Result, category: string): { audit: Audit; weight: number }[] {
  const refs = lhr.categories[category]?.auditRefs ?? []
  return refs
    .map((ref) => ({ audit: lhr.audits[ref.id]!, weight: ref.weight }))
    .filter(
      ({ audit }) =>
        audit.score !== null &&
        audit.score < 1 &&
        !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode),
    )
}

function auditItems(audit: Audit): string[] {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined
  const items = details?.items ?? []
  const lines = items.slice(0, ITEMS_PER_AUDIT).map(describeItem)
  if (items.length > ITEMS_PER_AUDIT) lines.push(`… and ${items.length - ITEMS_PER_AUDIT} more`)
  return lines
}

const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score
  return value === null || value === undefined ? '–' : String(Math.round(value * 100))
}

/** Requests of the page that left loopback (there must be none: the machine is offline). */
function offLoopback(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined
  return (details?.items ?? [])
    .map((item) => item.url ?? '')
    .filter((url) => /^https?:/.test(url) && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url))
}

async function main() {
  const args = process.argv.slice(2)
  if (args.some((a) => a !== '--fresh' && a !== '--html')) throw new Error(USAGE)
  requireBuild()
  const { origin } = await startDemoShop({
    shopPort,
    apiPort,
    dataDir: benchDataDir('lighthouse'),
    fresh: args.includes('--fresh'),
  })
  const paths = await findCatalogPages(origin)
  const basketCookie = await guestBasketWithOneItem(origin, paths.product)
  const pages = [
    { name: 'home', path: paths.home, cookie: null },
    { name: 'category', path: paths.category, cookie: null },
    { name: 'product', path: paths.product, cookie: null },
    { name: 'basket (1 item)', path: '/en/basket', cookie: basketCookie },
  ]

  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  })
  const results: PageResult[] = []
  let version = ''
  try {
    for (const page of pages) {
      console.error(`lighthouse: ${page.name} (${page.path})`)
      const run = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        logLevel: 'error',
        output: args.includes('--html') ? 'html' : 'json',
        onlyCategories: [...CATEGORIES],
        // The basket's session; the other pages are seen as an anonymous visitor sees them.
        extraHeaders: page.cookie ? { Cookie: page.cookie } : null,
      })
      if (!run) throw new Error(`lighthouse returned nothing for ${page.path}`)
      if (run.lhr.runtimeError) throw new Error(`${page.path}: ${run.lhr.runtimeError.message}`)
      version = `Lighthouse ${run.lhr.lighthouseVersion}, ${run.lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? ''}`
      results.push({
        name: page.name,
        path: page.path,
        lhr: run.lhr,
        html: typeof run.report === 'string' && args.includes('--html') ? run.report : undefined,
      })
    }
  } finally {
    chrome.kill()
  }
  await stopAll()

  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  for (const result of results)
    if (result.html) {
      const file = path.join(
        root,
        'bench/results',
        `lighthouse-${stamp}-${result.name.replace(/\W+/g, '-')}.html`,
      )
      writeFileSync(file, result.html)
      console.error(`written to ${path.relative(root, file)}`)
    }

  const below = results.flatMap((r) =>
    GATED.filter((c) => (r.lhr.categories[c]?.score ?? 0) < 1).map(
      (c) => `${r.name} ${c} ${score(r.lhr, c)}`,
    ),
  )
  const leaks = results.flatMap((r) => offLoopback(r.lhr).map((url) => `${r.name}: ${url}`))
  const runWarnings = results.flatMap((r) => r.lhr.runWarnings.map((w) => `${r.name}: ${oneLine(w)}`))
  const report = [
    '# Lighthouse (mobile)',
    '',
    `${version}; simulated mobile (Moto G Power, slow 4G), headless, the shop on loopback. ` +
      'Accessibility, best practices and SEO must be 100; performance is reported only.',
    '',
    '| page | path | accessibility | best practices | SEO | performance | FCP | LCP | TBT | CLS | SI |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | \`${r.path}\` | ${CATEGORIES.map((c) => score(r.lhr, c)).join(' | ')} | ` +
        METRICS.map((m) => r.lhr.audits[m]?.displayValue ?? '–').join(' | ') +
        ' |',
    ),
    '',
    below.length
      ? `**Below 100:** ${below.join('; ')}.`
      : 'Accessibility, best practices and SEO are 100 on every page.',
    '',
    `Requests that left loopback: ${leaks.length ? leaks.join('; ') : 'none'}.`,
    ...(runWarnings.length ? ['', `Lighthouse warnings: ${runWarnings.join('; ')}`] : []),
    '',
    '## Failing audits',
    '',
  ]
  for (const category of CATEGORIES) {
    const failing = results.flatMap((r) => failingAudits(r.lhr, category).map((f) => ({ page: r, ...f })))
    report.push(`### ${category}${category === 'performance' ? ' (report only)' : ''}`, '')
    if (!failing.length) report.push('None.', '')
    for (const { page, audit, weight } of failing) {
      const value = audit.displayValue ? ` (${oneLine(audit.displayValue)})` : ''
      const scored = weight === 0 ? ' (weight 0: does not lower the score)' : ''
      report.push(
        `- **${audit.id}** on ${page.name}: ${oneLine(audit.title)}${value}, score ${audit.score}${scored}`,
      )
      // Performance is not a gate here: its opportunities are named without their items.
      if (category !== 'performance') for (const line of auditItems(audit)) report.push(`  - ${line}`)
    }
    if (failing.length) report.push('')
  }
  writeReport('lighthouse', report.join('\n').trimEnd())
  process.exit(below.length ? 1 : 0)
}

main().catch(failAndExit)
