/**
 * The design review's table, for any checkout: `node scripts/design-metrics.mjs [folder]`.
 * Production code only (no tests, seed data, CSS, benchmarks). Function lengths come from a brace count
 * from each function's first line, as the review measured them (approximate; inner closures included).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(process.argv[2] ?? '.')
const files = execFileSync('git', ['ls-files', 'app', 'commerce-api', 'server'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f))
  .filter((f) => !/\.test\.|\/seed\/|test-database/.test(f))
const text = Object.fromEntries(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]))
const lines = (f) => text[f].split('\n').length

const count = (pattern, where = () => true) =>
  Object.entries(text)
    .filter(([f]) => where(f))
    .reduce((n, [, t]) => n + (t.match(pattern)?.length ?? 0), 0)
const filesWith = (pattern, where = () => true) =>
  Object.entries(text)
    .filter(([f, t]) => where(f) && pattern.test(t))
    .map(([f]) => f)

function functionLengths(file) {
  const out = []
  const source = text[file].split('\n')
  const start = /^(export )?(default )?(async )?function (\w+)|^(export )?const (\w+) = (async )?\(.*=> \{$/
  source.forEach((line, i) => {
    const m = start.exec(line)
    if (!m) return
    let depth = 0
    let opened = false
    for (let j = i; j < source.length; j++) {
      for (const c of source[j]) {
        if (c === '{') {
          depth++
          opened = true
        } else if (c === '}') depth--
      }
      if (opened && depth <= 0) {
        out.push({ name: m[4] ?? m[6], file, from: i + 1, length: j - i + 1 })
        return
      }
    }
  })
  return out
}

const isApp = (f) => f.startsWith('app/')
const isRoute = (f) => f.startsWith('app/routes/')
const big = files.filter((f) => lines(f) > 250).sort((a, b) => lines(b) - lines(a))
const longest = files
  .flatMap(functionLengths)
  .sort((a, b) => b.length - a.length)
  .slice(0, 10)

console.log(`files over 250 lines: ${big.length}`)
for (const f of big) console.log(`  ${lines(f)} ${f}`)
console.log('longest functions:')
for (const fn of longest) console.log(`  ${fn.length} ${fn.file}:${fn.from} ${fn.name}`)
console.log('form patterns in use (app/):')
console.log(`  useForm/useShopForm call sites: ${count(/\buse(Shop)?Form\(/g, isApp)}`)
console.log(
  `  parseWithZod on the server (routes, services): ${count(/parseWithZod\(/g, (f) => isApp(f) && /routes|services/.test(f))}`,
)
console.log(`  formData.get / form.get by hand in routes: ${count(/\b(formData|form)\.get\(/g, isRoute)}`)
console.log(`  safeParse(Object.fromEntries(...)): ${count(/safeParse\(Object\.fromEntries/g, isApp)}`)
console.log(
  `commitSession( call sites: ${count(/commitSession\(/g, (f) => isApp(f) && !f.endsWith('session.server.ts'))}`,
)
console.log(
  `casts between loaders and components (as unknown as / as never): ${count(/as unknown as|as never\b/g, isApp)}`,
)
const fromRoutes = filesWith(/from '~\/(routes\/|root')/, isApp)
console.log(`files importing a type or value from a route or root.tsx: ${fromRoutes.length}`)
for (const f of fromRoutes) console.log(`  ${f}`)
console.log(
  `API domain files importing http.ts: ${filesWith(/from '\.\.\/http'/, (f) => f.startsWith('commerce-api/domain/')).length}`,
)
