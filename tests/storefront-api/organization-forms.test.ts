/**
 * Amounts and periods typed the user's way on the organization screens (issue 32), against the real commerce
 * API: Emma Fischer (`efischer`, account admin of Brightline) imports users on the German shop with German
 * amounts and period names, imports the same file again with one more line (the lines already imported are
 * skipped, not the whole file refused, while the API stays ICM's: it refuses a taken login), and edits a
 * budget typed "3.500,75", which the budget page then shows the German way.
 */
import { describe, expect, it } from 'vitest'
import { loader as userLoader } from '~/routes/$lang._shop.account.organization.users.$login._index'
import {
  action as budgetAction,
  loader as budgetLoader,
} from '~/routes/$lang._shop.account.organization.users.$login.budget'
import { action as importAction } from '~/routes/$lang._shop.account.organization.users.import'
import { Browser } from './shop'

const USERS = '/de/account/organization/users'
const emma = new Browser('de')
const run = Date.now().toString(36)
const first = `anna${run}`
const second = `ben${run}`
const HEADER =
  'Anmeldename;Vorname;Nachname;E-Mail-Adresse;Rollen;Bestelllimit;Budget pro Zeitraum;Budgetzeitraum'
const FILE = [HEADER, `${first};Anna;Alt;${first}@brightline.test;;1.250,50;2 000;monatlich`].join('\n')

const imported = async (list: string) => {
  const { response, data } = await emma.call(importAction, `${USERS}/import`, { form: { list } })
  return { status: response.status, ...(data as any) }
}

describe('the user import and the budget page in German', () => {
  it('create a user with German amounts and period names, as the API keeps them', async () => {
    await emma.login('efischer')
    const answer = await imported(FILE)
    expect(answer.status).toBe(200)
    expect(answer.summary).toMatchObject({ created: 1, skipped: 0 })
    const { user } = await emma.load(userLoader, `${USERS}/${first}`, { login: first })
    expect(user.budget).toMatchObject({
      orderSpentLimit: { value: 1250.5, currency: 'EUR' },
      budget: { value: 2000, currency: 'EUR' },
      budgetPeriod: 'monthly',
    })
  })

  it('skip the lines already imported when the file comes again with one more line', async () => {
    const again = await imported(
      `${FILE}\n${second};Ben;Neu;${second}@brightline.test;;;500,00;Vierteljährlich`,
    )
    expect(again.status).toBe(200)
    expect(again.summary.results.map((r: any) => [r.line, r.status, r.login])).toEqual([
      [2, 'skipped', first],
      [3, 'created', second],
    ])
    expect(again.remaining).toBe('')
    // The same login with other data is still refused by the API, and that line stays to be corrected.
    const clash = await imported(`${HEADER}\n${first};Anders;Alt;${first}@brightline.test`)
    expect(clash.status).toBe(422)
    expect(clash.summary.results.map((r: any) => r.status)).toEqual(['refused'])
    expect(clash.remaining).toBe(`${HEADER}\n${first};Anders;Alt;${first}@brightline.test`)
  })

  it('take a budget typed the German way and show it so again', async () => {
    await emma.load(userLoader, `${USERS}/${second}`, { login: second })
    const before = await emma.load(budgetLoader, `${USERS}/${second}/budget`, { login: second })
    expect(before.budget).toEqual({ orderSpentLimit: '', budget: '500,00', budgetPeriod: 'quarterly' })
    const wrong = await emma.call(budgetAction, `${USERS}/${second}/budget`, {
      form: { orderSpentLimit: '3,500.75', budget: '500,00', budgetPeriod: 'quarterly' },
      params: { login: second },
    })
    expect(wrong.response.status).toBe(400)
    expect((wrong.data as any).result.error.orderSpentLimit).toEqual([
      'Bitte geben Sie einen Betrag wie 1.250,50 ein (höchstens zwei Nachkommastellen).',
    ])
    await emma.post(
      budgetAction,
      `${USERS}/${second}/budget`,
      { orderSpentLimit: '3.500,75', budget: '12 000', budgetPeriod: 'quarterly' },
      { login: second },
    )
    await emma.load(userLoader, `${USERS}/${second}`, { login: second })
    const after = await emma.load(budgetLoader, `${USERS}/${second}/budget`, { login: second })
    expect(after.budget).toEqual({
      orderSpentLimit: '3.500,75',
      budget: '12.000,00',
      budgetPeriod: 'quarterly',
    })
  })
})
