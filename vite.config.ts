import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig, type Plugin } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { textPartOf } from './app/i18n'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': fileURLToPath(new URL('app/browser/preact-client.ts', import.meta.url)),
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}

function preactInTheBrowser(): Plugin {
  return {
    name: 'preact-in-the-browser',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || !(source in PREACT)) return null
      return this.resolve(PREACT[source]!, importer, { ...options, skipSelf: true })
    },
  }
}

/**
 * `locales/<language>.json?texts=<part>`: the texts of one part (app/i18n.ts `textPartOf`), so the browser
 * loads the account screens' texts only with them (ADR 0024). The file stays one dictionary per language.
 */
function textParts(): Plugin {
  return {
    name: 'text-parts',
    enforce: 'pre',
    load(id) {
      const match = /^(.*\/locales\/\w+\.json)\?texts=(shop|account)$/.exec(id)
      if (!match) return null
      const texts = JSON.parse(readFileSync(match[1]!, 'utf8')) as Record<string, string>
      this.addWatchFile(match[1]!)
      return JSON.stringify(
        Object.fromEntries(Object.entries(texts).filter(([key]) => textPartOf(key) === match[2])),
      )
    },
  }
}

/**
 * Zod schemas are built at module level beside the view models' helpers (ADR 0016), and a bundler keeps a
 * call it cannot prove free of effects: every page's JavaScript carried zod for schemas only the server
 * uses. Building a schema has no effect, so the browser's build declares it pure: unused, a schema goes;
 * used (a form's client validation), it stays. Calls rooted at `z` or at a schema (a name ending in
 * `Schema`, the house rule: `z.object(…)`, `MoneySchema.extend(…)`) are marked `/*#__PURE__*\/` in the
 * modules that import zod, and reads of a schema's properties (`BasketSchema.shape.data`) are pure through
 * Rollup's `manualPureFunctions`, given the schema names only: a generic name there (`text`) would make
 * Rollup drop real work (`text.split(…).forEach(…)`).
 */
function pureSchemas(): Plugin {
  const isSchema = (name: string | undefined) => name === 'z' || /^[A-Z]\w*Schema$/.test(name ?? '')
  const rooted = (node: AstNode): boolean =>
    node.type === 'CallExpression'
      ? rooted(node.callee!)
      : node.type === 'MemberExpression'
        ? rooted(node.object!)
        : node.type === 'Identifier' && isSchema(node.name)
  return {
    name: 'pure-schemas',
    apply: 'build',
    config: (_, env) =>
      env.isSsrBuild
        ? {}
        : { build: { rollupOptions: { treeshake: { manualPureFunctions: schemaNames() } } } },
    transform(code, id, options) {
      if (options?.ssr || !id.startsWith(APP_DIR) || !/from\s*["']zod["']/.test(code)) return null
      const calls: AstNode[] = []
      walk(this.parse(code), (node) => {
        if (node.type === 'CallExpression' && rooted(node.callee!)) calls.push(node)
      })
      // Each call in parentheses with its own annotation: a call chained on another starts where that one does.
      const inserts = calls.flatMap((call) => [
        { at: call.start, text: '(/*#__PURE__*/ ' },
        { at: call.end, text: ')' },
      ])
      let out = code
      for (const { at, text } of inserts.sort((a, b) => b.at - a.at))
        out = out.slice(0, at) + text + out.slice(at)
      return { code: out, map: null }
    },
  }
}

type AstNode = { type: string; start: number; end: number; callee?: AstNode; object?: AstNode; name?: string }
const APP_DIR = fileURLToPath(new URL('app/', import.meta.url))

function walk(node: unknown, visit: (node: AstNode) => void) {
  if (Array.isArray(node)) for (const child of node) walk(child, visit)
  else if (node && typeof node === 'object' && typeof (node as AstNode).type === 'string') {
    visit(node as AstNode)
    for (const child of Object.values(node)) if (child && typeof child === 'object') walk(child, visit)
  }
}

/** The names of the app's schemas: `const ProductSchema = …`. */
function schemaNames(): string[] {
  const names = new Set<string>()
  const files = readdirSync('app', { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\./.test(f),
  )
  for (const file of files)
    for (const [, name] of readFileSync(`app/${file}`, 'utf8').matchAll(/const ([A-Z]\w*Schema) =/g))
      names.add(name!)
  return [...names]
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    preactInTheBrowser(),
    textParts(),
    pureSchemas(),
  ],
  server: { port: Number(process.env.PORT ?? 3000) },
  build: {
    // es2022: top-level await (app/browser/account-texts.ts); every browser of the last four years has it.
    target: 'es2022',
  },
})
