import { afterAll, afterEach, beforeAll } from 'vitest'
import { clearIcmCache } from '~/services/icm.server'
import { assertFixturesFaithful, checkFixtures } from './fixture-check'
import { icm } from './icm-mock'

checkFixtures(icm)
beforeAll(() => icm.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  icm.resetHandlers()
  clearIcmCache()
  await assertFixturesFaithful()
})
afterAll(() => icm.close())
