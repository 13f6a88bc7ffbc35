/**
 * How long the shop stalls while one request creates many users (issue 31): starts the commerce API on
 * embedded PGlite (in memory, a small seeded catalog) on 127.0.0.1, posts 100 new users as one
 * `POST customers/{no}/users`, and meanwhile reads the caller's own user (`customers/-/users/-`, a token check and a user read on the
 * database) again and again. Prints the import's
 * time and the slowest and median answer time of the concurrent GETs, and the same GET alone for a baseline.
 *
 *   node --import tsx scripts/measure-user-import.ts [port] [users]
 */
import { openDatabase } from '../commerce-api/db/client'
import { DEMO_PASSWORD } from '../commerce-api/db/seed/people'
import { seedDatabase } from '../commerce-api/db/seed/seed'
import { NO_LIMITS } from '../commerce-api/rate-limits'
import { buildServer } from '../commerce-api/server'

const port = Number(process.argv[2] ?? 4600)
const count = Number(process.argv[3] ?? 100)
const database = await openDatabase({})
await seedDatabase(database.db, { products: 40 })
const app = buildServer({ db: database.db, site: 'ironbridge-Site', protection: { limits: NO_LIMITS } })
await app.listen({ port, host: '127.0.0.1' })
const rest = (path: string) =>
  `http://127.0.0.1:${port}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD/${path}`

const token = await fetch(rest('token'), {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'password', username: 'jlink', password: DEMO_PASSWORD }),
}).then(async (answer) => ((await answer.json()) as { access_token: string }).access_token)

const timedGet = async () => {
  const started = performance.now()
  const answer = await fetch(rest('customers/-/users/-'), { headers: { 'authentication-token': token } })
  await answer.arrayBuffer()
  return performance.now() - started
}
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return `n=${times.length} median=${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms max=${sorted.at(-1)!.toFixed(0)} ms`
}

await timedGet()
const alone: number[] = []
for (let n = 0; n < 20; n++) alone.push(await timedGet())

const elements = Array.from({ length: count }, (_, n) => ({
  firstName: 'Bulk',
  lastName: `User ${n}`,
  email: `bulk.user.${n}@brightline.test`,
}))
let importing = true
const started = performance.now()
const importing$ = fetch(rest('customers/BC-200001/users'), {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'authentication-token': token },
  body: JSON.stringify({ elements }),
}).then(async (answer) => {
  importing = false
  return { status: answer.status, ms: performance.now() - started }
})
const during: number[] = []
await new Promise((resolve) => setTimeout(resolve, 20))
while (importing) during.push(await timedGet())
const result = await importing$
console.log(`import of ${count} users: status ${result.status} in ${result.ms.toFixed(0)} ms`)
console.log(`GET own user alone:           ${stats(alone)}`)
console.log(`GET own user during import:   ${stats(during)}`)
await app.close()
await database.close()
