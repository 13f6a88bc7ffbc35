import { afterAll, afterEach, beforeAll } from 'vitest'
import { clearIcmCache } from '~/services/icm.server'
import { icm } from './icm-mock'

beforeAll(() => icm.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  icm.resetHandlers()
  clearIcmCache()
})
afterAll(() => icm.close())
