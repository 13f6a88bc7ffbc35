/**
 * Header and framing tricks against both servers, over raw sockets: Host and X-Forwarded-Host values with
 * spaces or line breaks, duplicates, over-long and too many headers, contradicting body framing.
 */
import { afterAll, describe } from 'vitest'
import { apiBase, shopBase, trickRequest } from './header-tricks'
import { assertNothingUnreported, fuzzSetup, fuzzTest } from './property'
import { readState } from './servers'

const { stateFile, fixtures } = fuzzSetup()
const { shop, api } = readState(stateFile)

afterAll(assertNothingUnreported)

describe('header tricks', () => {
  fuzzTest('header tricks on the storefront', 1000, 5, {
    arbitrary: trickRequest(shop.origin, shopBase(fixtures, shop.origin)),
    target: 'shop',
  })
  fuzzTest('header tricks on the commerce API', 1000, 3, {
    arbitrary: trickRequest(api.origin, apiBase(fixtures)),
    target: 'api',
  })
})
