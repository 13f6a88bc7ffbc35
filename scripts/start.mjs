#!/usr/bin/env node
/**
 * `npm start`: builds the storefront when no build exists, starts the bundled commerce API (unless
 * ICM_BASE_URL points at another ICM), waits for it, then serves the storefront on PORT (default 3000).
 * `npm run dev` does the same with the Vite dev server and a watching API.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitFor } from './wait-for.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dev = process.argv.includes('--dev')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const env = { ...process.env, PORT: process.env.PORT ?? '3000', API_PORT: process.env.API_PORT ?? '4100' }
const bundledApi = !process.env.ICM_BASE_URL
if (bundledApi) env.ICM_BASE_URL = `http://127.0.0.1:${env.API_PORT}`
if (!dev) env.NODE_ENV = 'production'

const children = []
function run(name, command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
  children.push(child)
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the shop.`)
    stop(code || 1)
  })
  return child
}

let stopping = false
function stop(code = 0) {
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 200).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

if (!dev && !existsSync(path.join(root, 'build', 'server', 'index.js'))) {
  console.log('storefront: no build found, building…')
  const result = spawnSync(bin('remix'), ['vite:build'], { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (bundledApi) {
  run(
    'commerce-api',
    process.execPath,
    dev
      ? ['--import', 'tsx', '--watch', 'commerce-api/main.ts']
      : ['--import', 'tsx', 'commerce-api/main.ts'],
  )
  // The first start migrates and seeds the database, which takes a while.
  await waitFor(`${env.ICM_BASE_URL}/health`, 600_000)
}

if (dev) run('storefront', bin('remix'), ['vite:dev', '--port', env.PORT])
else run('storefront', process.execPath, ['server.mjs'])
