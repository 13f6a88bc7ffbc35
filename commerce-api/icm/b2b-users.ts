import type { CompanyUser } from '../domain/users'
import { userBudgetAttributes, userBudgetJson } from './budgets'
import { userDataJson } from './customers'

/**
 * ICM's business user (`B2bUserData` = `UserData & {active}`, the PWA's `b2b-user.interface.ts`), as
 * `GET customers/{no}/users/{login}` answers it; `roleIDs` and `userBudget` are what the PWA's B2bUser model
 * carries besides (b2b-user.model.ts), so a client reads the whole user in one call.
 */
export function b2bUserJson({ user, budget }: CompanyUser) {
  return {
    ...userDataJson(user),
    roleIDs: user.roles,
    userBudget: userBudgetJson(budget),
  }
}

/**
 * One user of `GET customers/{no}/users` (`B2bUserDataLink` = `Link & {login}`): the user's URI and their list
 * columns as typed attributes (`B2bUserMapper.fromListData` reads firstName, lastName, roleIDs, active and the
 * budget's values from them).
 */
export function b2bUserLink(site: string, customerNo: string, { user, budget }: CompanyUser) {
  return {
    type: 'Link' as const,
    uri: `${site}/-/customers/${customerNo}/users/${encodeURIComponent(user.login)}`,
    title: `${user.firstName} ${user.lastName}`,
    itemId: user.login,
    login: user.login,
    attributes: [
      { name: 'firstName', type: 'String', value: user.firstName },
      { name: 'lastName', type: 'String', value: user.lastName },
      { name: 'email', type: 'String', value: user.email },
      { name: 'roleIDs', type: 'MultipleString', value: user.roles },
      { name: 'active', type: 'Boolean', value: user.active },
      ...userBudgetAttributes(budget),
    ],
  }
}

/** `GET customers/{no}/users`: a ResourceCollection of user Links (the PWA unpacks `elements`). */
export function b2bUsersJson(links: ReturnType<typeof b2bUserLink>[]) {
  return {
    type: 'ResourceCollection' as const,
    name: 'users',
    elements: links,
    amount: links.length,
    offset: 0,
    total: links.length,
  }
}

/** `POST customers/{no}/users {elements}`: the users created, as Links (the PWA reads no body). */
export const createdUsersJson = (site: string, customerNo: string, created: CompanyUser[]) =>
  b2bUsersJson(created.map((entry) => b2bUserLink(site, customerNo, entry)))
