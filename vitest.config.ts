import os from 'node:os'
import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Vitest leaves a core free by default: one worker on CI's two cores. The API and server tests spend much
    // of their time waiting (PGlite's disk, child processes, timers), so a worker per core pays (ADR 0032).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'storefront',
          include: ['app/**/*.test.{ts,tsx}', 'tests/storefront/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Absolute URLs come from PUBLIC_URL, never from the request (issue 14); the tests' requests go to it.
          env: { PUBLIC_URL: 'http://shop.test' },
        },
      },
      {
        extends: true,
        test: {
          name: 'commerce-api',
          include: ['commerce-api/**/*.test.ts', 'tests/commerce-api/**/*.test.ts'],
          environment: 'node',
          // One seeded snapshot per catalog size and run, loaded by every file that needs it.
          globalSetup: ['tests/commerce-api/global-setup.ts'],
          setupFiles: ['tests/commerce-api/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Storefront loaders and actions against the real commerce API on PGlite with the demo data: one API
          // per file, each started from one seeded snapshot per run (tests/storefront-api/global-setup.ts).
          name: 'storefront-api',
          include: ['tests/storefront-api/**/*.test.{ts,tsx}'],
          environment: 'node',
          env: { PUBLIC_URL: 'http://shop.test' },
          globalSetup: ['tests/storefront-api/global-setup.ts'],
          setupFiles: ['tests/storefront-api/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The storefront's HTTP layer and `npm start`, some against real processes (server.mjs, the API).
          name: 'server',
          include: ['tests/server/**/*.test.{ts,mjs}'],
          globalSetup: ['tests/server/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          // Generated requests against the real servers (tests/fuzz); needs `npm run build` first.
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/fuzz/global-setup.ts'],
          // One file at a time: a crash must be pinned on the request that caused it.
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
