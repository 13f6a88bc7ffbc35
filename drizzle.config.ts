import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './commerce-api/db/schema.ts',
  out: './commerce-api/db/migrations',
})
