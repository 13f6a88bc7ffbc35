import { afterEach } from 'vitest'
import { assertWireFaithful } from './wire-check'

// Every contract test fails when an answer it received does not match its resource's ICM schema.
afterEach(() => assertWireFaithful())
