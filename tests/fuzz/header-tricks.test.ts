/**
 * Header and framing tricks against both servers, over raw sockets: Host and X-Forwarded-Host values with
 * spaces or line breaks, duplicates, over-long and too many headers, contradicting body framing.
 */
import { afterAll, describe, it } from 'vitest'
import { apiBase, shopBase, trickRequest } from './header-tricks'
import { assertNothingUnreported, fuzz, fuzzSetup, runs, timeoutFor } from './property'
import { readState } from './servers'

const { stateFile, fixtures } = fuzzSetup()
const { shop, api } = readState(stateFile)

afterAll(assertNothingUnreported)

describe('header tricks', () => {
  it(
    'on the storefront',
    () =>
      fuzz({
        name: 'header tricks on the storefront',
        arbitrary: trickRequest(shop.origin, shopBase(fixtures, shop.origin)),
        runs: runs(1000),
        seconds: 5,
        target: 'shop',
      }),
    timeoutFor(runs(1000), 5),
  )
  it(
    'on the commerce API',
    () =>
      fuzz({
        name: 'header tricks on the commerce API',
        arbitrary: trickRequest(api.origin, apiBase(fixtures)),
        runs: runs(1000),
        seconds: 3,
        target: 'api',
      }),
    timeoutFor(runs(1000), 3),
  )
})
