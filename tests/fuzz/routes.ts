/**
 * What there is to fuzz, read from the code so that a new route or form field is fuzzed without touching
 * the suite: the storefront's routes from the file names in app/routes (Remix flat routes), their forms'
 * field names and literal values from the route modules (and the models, components and services they
 * import, transitively), and the commerce API's routes from Fastify's own route table.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import type { Db } from '../../commerce-api/db/client'
import { buildServer } from '../../commerce-api/server'
import { root, SITE } from './servers'

export type ShopRoute = {
  /** The route module, relative to app/routes. */
  file: string
  /** URL segments: literals, `:param` for a dynamic segment, `*` for a splat. */
  segments: string[]
  hasLoader: boolean
  hasAction: boolean
  /** Field names the module (or what it imports from ~/models, ~/components, ~/services) reads or renders. */
  fields: string[]
  /** Literal values it compares fields with (intents, enum members). */
  values: string[]
}

/** Splits a flat-routes name at dots that are not escaped in brackets (`robots[.]txt`). */
function routeNameParts(name: string): string[] {
  const parts: string[] = []
  let current = ''
  let escaped = false
  for (const char of name) {
    if (char === '[') escaped = true
    else if (char === ']') escaped = false
    else if (char === '.' && !escaped) {
      parts.push(current)
      current = ''
    } else current += char
  }
  parts.push(current)
  return parts
}

/** URL segments of a flat route name, as Remix's flatRoutes reads it. */
export function routeSegments(name: string): string[] {
  const segments: string[] = []
  for (const raw of routeNameParts(name)) {
    if (raw === '_index' || raw === 'route') continue
    if (raw.startsWith('_')) continue // pathless layout
    const part = raw.endsWith('_') ? raw.slice(0, -1) : raw // `basket_` opts out of nesting only
    if (part === '$') segments.push('*')
    else if (part.startsWith('$')) segments.push(`:${part.slice(1)}`)
    else segments.push(part.replace(/[()]/g, ''))
  }
  return segments
}

const MODULE = /\.(tsx?|jsx?)$/

/**
 * What a module imports from `~/models`, `~/components` and `~/services`, and what those import in turn:
 * where its form schemas, fields and form reads live once a route hands its form to a component or its
 * action to a service.
 */
function importedSources(source: string, seen = new Set<string>()): Source[] {
  const sources: Source[] = []
  for (const match of source.matchAll(/from '~\/((?:models|components|services)\/[\w/.-]+)'/g)) {
    for (const ext of ['.ts', '.tsx']) {
      const file = path.join(root, 'app', `${match[1]}${ext}`)
      if (seen.has(file) || !existsSync(file)) continue
      seen.add(file)
      const text = readFileSync(file, 'utf8')
      sources.push({ text, form: /form/i.test(match[1]!) }, ...importedSources(text, seen))
    }
  }
  return sources
}

/** Where a form's field names show: inputs, Conform prefixes, reads of the posted form. */
const FIELD_PATTERNS = [
  /\bname="([^"{}]+)"/g,
  /\bname=\{'([^']+)'\}/g,
  /\bprefix="([^"]+)"/g,
  /(?<!session|headers|Headers|cookies)\.get(?:All)?\('([^']+)'\)/g,
  /\bformText\(\s*\w+,\s*'([^']+)'\)/g,
  /\b(intent)="[^"{}]+"/g, // <SubmitButton intent="…"> posts `intent`
]
/**
 * Keys of the zod objects in a source: `intent: z.literal(…)`, and keys whose value is one of the file's
 * own schema helpers (`firstName: required(60)` after `const required = (max) => z.string()…`, or a
 * shorthand `lineId,` after `const lineId = z.string()`).
 */
export function schemaKeys(text: string): string[] {
  const helpers = [...text.matchAll(/const (\w+) = (?:(?:\([^)]*\)|\w+) =>\s*)?z\b/g)].map((m) => m[1]!)
  const names = ['z', ...helpers].join('|')
  const keys = new RegExp(`^\\s*(\\w+): (?:${names})\\b`, 'gm')
  const shorthand = helpers.length ? new RegExp(`^\\s*(${helpers.join('|')}),?$`, 'gm') : null
  return [...text.matchAll(keys), ...(shorthand ? text.matchAll(shorthand) : [])].map((m) => m[1]!)
}
const VALUE_PATTERNS = [/\bvalue="([^"{}]+)"/g, /\bintent="([^"{}]+)"/g, /z\.literal\('([^']+)'\)/g]

type Source = { text: string; form: boolean }

/**
 * Names (or values) found in a route module and what it imports. Schema keys count only in the module and
 * in form models (`~/models/*form*`): elsewhere zod objects describe ICM's answers, not a form.
 */
function collect(sources: Source[], patterns: RegExp[], withSchemaKeys: boolean): string[] {
  const found = new Set<string>()
  for (const { text, form } of sources) {
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]!)
    if (!form) continue
    if (withSchemaKeys) for (const key of schemaKeys(text)) found.add(key)
    // `as const` lists of names (ADDRESS_FIELDS) and `z.enum([...])` members.
    for (const list of text.matchAll(/(?:= \[|z\.enum\(\[)([^\]]*)\](?: as const|\))/g))
      for (const item of list[1]!.matchAll(/'([^']+)'/g)) found.add(item[1]!)
  }
  return [...found].sort()
}

export function storefrontRoutes(): ShopRoute[] {
  const dir = path.join(root, 'app/routes')
  return readdirSync(dir)
    .flatMap((entry) => {
      const full = path.join(dir, entry)
      if (statSync(full).isDirectory()) {
        const index = readdirSync(full).find((f) => /^route\.(tsx?|jsx?)$/.test(f))
        return index ? [{ name: entry, file: path.join(entry, index) }] : []
      }
      return MODULE.test(entry) && !/\.test\./.test(entry)
        ? [{ name: entry.replace(MODULE, ''), file: entry }]
        : []
    })
    .map(({ name, file }) => {
      const source = readFileSync(path.join(dir, file), 'utf8')
      const sources = [{ text: source, form: true }, ...importedSources(source)]
      return {
        file,
        segments: routeSegments(name),
        hasLoader: /export (async )?function loader\b|export const loader\b/.test(source),
        hasAction: /export (async )?function action\b|export const action\b/.test(source),
        fields: collect(sources, FIELD_PATTERNS, true),
        values: collect(sources, VALUE_PATTERNS, false),
      }
    })
}

export type ApiRoute = { path: string; methods: string[] }

/**
 * The commerce API's routes as Fastify has them: `printRoutes` of a server built over a database handle
 * that is never opened (routes are only registered, never called; starting PGlite would cost seconds), its
 * tree flattened into full paths with their methods.
 */
export async function apiRoutes(): Promise<ApiRoute[]> {
  const unopened = drizzle(Object.create(PGlite.prototype) as PGlite) as unknown as Db
  const app = buildServer({ db: unopened, site: SITE })
  await app.ready()
  const tree = app.printRoutes({ commonPrefix: false })
  await app.close()
  const routes: ApiRoute[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    const parent = stack[depth - 1] ?? ''
    // A wildcard child is printed without the slash before it (`categories` → `*`).
    const full = parent + (match[2] === '*' && !parent.endsWith('/') ? '/*' : match[2]!)
    stack.push(full)
    if (match[3]) routes.push({ path: full, methods: match[3].split(', ').filter((m) => m !== 'HEAD') })
  }
  return routes
}

/** Query names and JSON body keys the API's handlers read: from its routes and the schemas they parse with. */
export function apiFieldNames(): { query: string[]; body: string[] } {
  const dirs = ['commerce-api/routes', 'commerce-api/domain']
  const sources = dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .map((f) => readFileSync(path.join(root, dir, f), 'utf8')),
  )
  const query = new Set<string>()
  const body = new Set<string>()
  for (const source of sources) {
    for (const m of source.matchAll(/query\.(\w+)|query\['([^']+)'\]|[Qq]uery\)\.(\w+)|\)\.(include)\)/g))
      query.add((m[1] ?? m[2] ?? m[3] ?? m[4])!)
    for (const m of source.matchAll(/\{ ?([\w:, ]+) ?\} = request\.query/g))
      for (const part of m[1]!.split(',')) query.add(part.split(':')[0]!.trim())
    if (source.includes("from 'zod'")) for (const key of schemaKeys(source)) body.add(key)
  }
  return { query: [...query].sort(), body: [...body].sort() }
}
