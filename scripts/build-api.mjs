#!/usr/bin/env node
/**
 * `npm run build:api`: the commerce API bundled into one ES module, build/commerce-api/main.js, which
 * `npm start`, `npm run api` and `npm run bench` run with plain node (ADR 0049). Under tsx the API held some
 * 80 MB more, idle: the transpiling loader, its source maps and the modules' TypeScript text. The bundle takes
 * about a second, so the start scripts make it each time from the sources as they are.
 *
 * Packages stay where they are (imported from node_modules). A source file's `import.meta.url` is its own
 * address, relative to the bundle, so that what it finds next to itself (the migrations, the locales) is
 * found as before.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The bundle, relative to the repository. */
export const API_BUNDLE = 'build/commerce-api/main.js'
/**
 * Node's settings for the API (`npm run api` repeats them): a young generation of 4 MB semi-spaces instead of
 * 16 MB, which V8 keeps resident once a start-up grew it.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=4']

/** Where `import.meta.url` of a source file points from the bundle. */
const sourceUrl = {
  name: 'source-import-meta-url',
  setup(build) {
    const outDir = path.join(root, path.dirname(API_BUNDLE))
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const text = await readFile(file, 'utf8')
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' }
      const relative = path.relative(outDir, file).split(path.sep).join('/')
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

export async function buildApi() {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['commerce-api/main.ts'],
    outfile: API_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [sourceUrl],
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildApi()
