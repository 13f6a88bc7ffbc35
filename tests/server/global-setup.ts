import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * Some server tests run the built storefront (`node server.mjs`, `npm start`): build it once, before any of
 * them, when there is no build yet (a fresh clone). An existing build is used as it is.
 */
export default function buildWhenMissing() {
  const root = path.resolve(__dirname, '../..')
  if (existsSync(path.join(root, 'build/server/index.js'))) return
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
}
