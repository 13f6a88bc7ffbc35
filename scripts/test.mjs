/**
 * `npm test`: every check of the shop in order (typecheck, lint, build, unit and integration tests, fuzz,
 * end-to-end), stopping at the first that fails, and a table of how long each took at the end, so that a slow
 * phase shows where it happens. With `TEST_TIMINGS=<file>` the rows are also appended to that file (`.ci/run`
 * prints them with its own phases).
 */
import { spawnSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'

const PHASES = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['build', 'build'],
  ['unit and integration', 'test:unit'],
  ['fuzz', 'test:fuzz'],
  ['end-to-end', 'test:e2e:run'],
]

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const rows = []
let failed

for (const [name, script] of PHASES) {
  const started = Date.now()
  const result = spawnSync(npm, ['run', '--silent', script], { stdio: 'inherit' })
  const seconds = Math.round((Date.now() - started) / 1000)
  rows.push([name, seconds, result.status === 0 ? 'passed' : 'FAILED'])
  if (result.status !== 0) {
    failed = name
    break
  }
}

const minutes = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
const lines = rows.map(([name, s, outcome]) => `${name.padEnd(22)} ${minutes(s).padStart(6)}  ${outcome}`)
const total = rows.reduce((sum, [, s]) => sum + s, 0)
console.log(
  `\nnpm test, time per phase:\n${lines.join('\n')}\n${'total'.padEnd(22)} ${minutes(total).padStart(6)}`,
)
if (process.env.TEST_TIMINGS)
  appendFileSync(process.env.TEST_TIMINGS, rows.map(([n, s, o]) => `npm test: ${n}\t${s}\t${o}\n`).join(''))
if (failed) {
  console.error(`npm test: ${failed} failed`)
  process.exit(1)
}
