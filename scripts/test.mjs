/**
 * `npm test`: every check of the shop (typecheck, lint and build side by side, then unit and integration
 * tests, fuzz, end-to-end), stopping at the first that fails, and a table of how long each took at the end, so that a slow
 * phase shows where it happens. With `TEST_TIMINGS=<file>` the rows are also appended to that file (`.ci/run`
 * prints them with its own phases).
 */
import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'

/** Checks that share no files and use one core each: they run side by side, their output printed in turn. */
const TOGETHER = [
  ['typecheck (side by side)', 'typecheck'],
  ['lint (side by side)', 'lint'],
  ['build (side by side)', 'build'],
]
const PHASES = [
  ['unit and integration', 'test:unit'],
  ['fuzz', 'test:fuzz'],
  ['end-to-end', 'test:e2e:run'],
]

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const rows = []
let failed

/** Runs one script with its output kept, resolving to its row and what it printed. */
function runKept(name, script) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - started) / 1000)
      resolve({ row: [name, seconds, status === 0 ? 'passed' : 'FAILED'], output: Buffer.concat(output) })
    })
  })
}

const together = await Promise.all(TOGETHER.map(([name, script]) => runKept(name, script)))
for (const { row, output } of together) {
  console.log(`\n== ${row[0]} (${row[2]}) ==`)
  process.stdout.write(output)
  rows.push(row)
  if (row[2] !== 'passed') failed ??= row[0]
}

for (const [name, script] of failed ? [] : PHASES) {
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
const lines = rows.map(([name, s, outcome]) => `${name.padEnd(26)} ${minutes(s).padStart(6)}  ${outcome}`)
// The first three ran side by side: their longest counts once.
const total =
  Math.max(...rows.slice(0, TOGETHER.length).map(([, s]) => s)) +
  rows.slice(TOGETHER.length).reduce((sum, [, s]) => sum + s, 0)
console.log(
  `\nnpm test, time per phase:\n${lines.join('\n')}\n${'total'.padEnd(26)} ${minutes(total).padStart(6)}`,
)
if (process.env.TEST_TIMINGS)
  appendFileSync(process.env.TEST_TIMINGS, rows.map(([n, s, o]) => `npm test: ${n}\t${s}\t${o}\n`).join(''))
if (failed) {
  console.error(`npm test: ${failed} failed`)
  process.exit(1)
}
