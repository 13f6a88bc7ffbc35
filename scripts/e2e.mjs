/**
 * `npm test`'s end-to-end step: Playwright drives Debian's Chromium (never a downloaded browser). Without
 * it, the step says so in one line with the command that installs it, or installs it itself when it runs
 * as root with apt-get at hand (a fresh CI machine), instead of failing with Playwright's stack trace.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// Debian's headless build of its Chromium (the same release as the chromium package): what Playwright itself
// runs headless tests in, about a third faster than the full browser here (ADR 0030).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const install = 'apt-get update && apt-get install -y chromium-headless-shell'

if (!existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH
  if (canInstall) {
    console.log(`e2e: ${chromium} is missing; installing Debian's chromium-headless-shell (${install})`)
    const result = spawnSync('sh', ['-c', `${install} -qq >/dev/null`], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (result.status !== 0 || !existsSync(chromium)) {
      console.error(`e2e: could not install chromium; run as root: ${install}`)
      process.exit(1)
    }
  } else {
    console.error(
      `e2e: Chromium is missing at ${chromium}; install Debian's package with: sudo sh -c '${install}' (or set CHROMIUM_PATH)`,
    )
    process.exit(1)
  }
}

const result = spawnSync(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
)
process.exit(result.status ?? 1)
