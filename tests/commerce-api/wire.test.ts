import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeAccessOf } from '../../commerce-api/authorization'
import { NOT_JSON, WIRE_RULES } from '../../commerce-api/icm/schemas'
import { startApi, type Api } from './harness'
import { OPERATOR_TOKEN } from './order-fixtures'

let api: Api
beforeAll(async () => {
  // With the operator's back office, whose routes exist only with its token.
  api = await startApi({ products: 40, backofficeToken: OPERATOR_TOKEN })
})
afterAll(() => api.close())

describe('wire schemas', () => {
  it('name every route the API serves, and only those', () => {
    const served = routeAccessOf(api.app)
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
    const described = [...WIRE_RULES, ...NOT_JSON].map((rule) => `${rule.method} ${rule.route}`)
    expect(served.filter((route) => !described.includes(route))).toEqual([])
    expect(described.filter((route) => !served.includes(route))).toEqual([])
    expect(new Set(described).size).toBe(described.length)
  })
})
