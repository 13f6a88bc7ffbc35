/**
 * Every crash and uncaught error a server logged must fail some test. The ledger next to the state file
 * counts those already reported; one that happened between two properties fails the next one, one after
 * the last property fails the run (global-setup.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ServerName, ServersState } from './servers'

export const NAMES: ServerName[] = ['api', 'shop']
export const LABEL: Record<ServerName, string> = { api: 'the commerce API', shop: 'the storefront' }

const ledgerFile = (stateFile: string) => path.join(path.dirname(stateFile), 'reported.json')

/** Crashes and logged uncaught errors not reported by any test yet, described with their output. */
export function unreported(stateFile: string, state: ServersState): string[] {
  const ledger = existsSync(ledgerFile(stateFile))
    ? (JSON.parse(readFileSync(ledgerFile(stateFile), 'utf8')) as Record<ServerName, [number, number]>)
    : { api: [0, 0], shop: [0, 0] }
  return NAMES.flatMap((name) => [
    ...state[name].crashes
      .slice(ledger[name][0])
      .map(
        (c) =>
          `${LABEL[name]} ended (${c.how}) at ${c.at}:\n${c.output.trim().split('\n').slice(-25).join('\n')}`,
      ),
    ...state[name].incidents
      .slice(ledger[name][1])
      .map((i) => `${LABEL[name]} logged at ${i.at}:\n${i.text.trim()}`),
  ])
}

export function markReported(stateFile: string, state: ServersState) {
  const ledger = Object.fromEntries(
    NAMES.map((name) => [name, [state[name].crashes.length, state[name].incidents.length]]),
  )
  writeFileSync(ledgerFile(stateFile), JSON.stringify(ledger))
}
