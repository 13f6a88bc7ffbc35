// @vitest-environment jsdom
/**
 * User management's pages as a shopper meets them (issue 17): the breadcrumb of spec §2, labelled fields and
 * role checkboxes, the status words, the delete confirmation without JavaScript, and the import's results.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import UserDetailPage, {
  loader as detailLoader,
} from '~/routes/$lang._shop.account.organization.users.$login._index'
import NewUserPage, {
  action as createAction,
  loader as createLoader,
} from '~/routes/$lang._shop.account.organization.users.create'
import UsersPage, { loader as listLoader } from '~/routes/$lang._shop.account.organization.users._index'
import UserImportPage, {
  action as importAction,
  loader as importLoader,
} from '~/routes/$lang._shop.account.organization.users.import'
import { get, icm } from './icm-mock'
import {
  ADMIN,
  assignableRoles,
  b2bUser,
  budgetHistory,
  cookieOf,
  JACK,
  PATRICIA,
  BERND,
  userPath,
  usersCollection,
} from './org-users-fixtures'
import { renderRoute, type RouteFn } from './render-route'
import './setup'

afterEach(cleanup)

/** Renders one route at a path, its loader and action called as the server would with the admin's session. */
async function show(
  path: string,
  pattern: string,
  Component: () => JSX.Element,
  loader: RouteFn,
  action?: RouteFn,
  extra: Record<string, unknown> = {},
) {
  renderRoute({ path, pattern, Component, loader, action, cookie: await cookieOf(ADMIN, extra) })
}

const USERS = '/en/account/organization/users'

/** The new-user form, reached from the user list, with its roles from ICM and its action. */
async function showNewUserForm() {
  icm.use(get('customers/OilCorp/roles', assignableRoles))
  await show(
    `${USERS}/create`,
    '/:lang/account/organization/users/create',
    NewUserPage,
    createLoader,
    createAction,
    {
      visitedParents: [USERS],
    },
  )
}

describe('user management pages', () => {
  it('the list names each user, their roles, budget and status in words', async () => {
    icm.use(
      get('customers/OilCorp/users', usersCollection([JACK, PATRICIA, BERND])),
      get('customers/OilCorp/roles', assignableRoles),
    )
    await show(USERS, '/:lang/account/organization/users', UsersPage, listLoader)
    const crumbs = await screen.findByRole('navigation', { name: /breadcrumb/i })
    expect(within(crumbs).getByText('User management').getAttribute('aria-current')).toBe('page')
    const rows = screen.getAllByTestId('user-row')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Jack Link'),
      // Amounts in the root's locale, German without a root route.
      expect.stringMatching(
        /Patricia Miller.*Buyer, Cost Center Manager.*Order limit €500\.00 · €2,000\.00 monthly · €1,700\.00 left.*Active/,
      ),
      expect.stringMatching(/Bernd Boldner.*No limit.*Inactive/),
    ])
    expect(screen.getByRole('link', { name: 'Add user' }).getAttribute('href')).toBe(`${USERS}/create`)
  })

  it('the new-user form labels every field and offers the roles as checkboxes, the fixed one ticked', async () => {
    await showNewUserForm()
    expect((await screen.findByLabelText('First name')).hasAttribute('required')).toBe(true)
    expect(screen.getByLabelText('E-mail address').getAttribute('maxlength')).toBe('254')
    const fixed = screen.getByLabelText(/Buyer/) as HTMLInputElement
    expect(fixed.checked && fixed.disabled).toBe(true)
    const admin = screen.getByLabelText(/Account Admin/) as HTMLInputElement
    expect([admin.type, admin.name, admin.value, admin.checked]).toEqual([
      'checkbox',
      'roleIDs',
      'APP_B2B_ACCOUNT_OWNER',
      false,
    ])
    expect(screen.getByLabelText('Order limit (USD)')).toBeTruthy()
    expect(screen.getByLabelText('Budget period').tagName).toBe('SELECT')
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i })
    expect(within(crumbs).getByRole('link', { name: 'User management' }).getAttribute('href')).toBe(USERS)
    expect(within(crumbs).getByText('New user').getAttribute('aria-current')).toBe('page')
  })

  it('a failed submission of the new-user form names each field by its label in the summary', async () => {
    await showNewUserForm()
    fireEvent.click(await screen.findByRole('button', { name: 'Create user' }))
    const summary = await screen.findByRole('alert')
    const firstName = screen.getByLabelText('First name')
    const link = within(summary).getByRole('link', { name: /^First name: / })
    expect(link.getAttribute('href')).toBe(`#${firstName.id}`)
    expect(within(summary).getByRole('link', { name: /^E-mail address: / })).toBeTruthy()
  })

  it('the detail page has its crumb and the user number, links the edit pages and asks before deleting', async () => {
    icm.use(
      get(userPath(PATRICIA.login), b2bUser(PATRICIA)),
      get(`${userPath(PATRICIA.login)}/budgets/history`, budgetHistory),
      get('customers/OilCorp/roles', assignableRoles),
    )
    await show(
      `${USERS}/pmiller%40test.intershop.de?delete=confirm`,
      '/:lang/account/organization/users/:login',
      UserDetailPage,
      detailLoader,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Patricia Miller' })).toBeTruthy()
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem')
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Home', 'User management', 'Patricia Miller'])
    const number = screen.getByText('User number')
    expect(number.tagName).toBe('DT')
    expect(number.nextElementSibling?.textContent).toBe('U-Miller')
    expect(screen.getByRole('link', { name: 'Edit roles' }).getAttribute('href')).toBe(
      `${USERS}/pmiller%40test.intershop.de/roles`,
    )
    expect(screen.getByRole('alert').textContent).toMatch(/really want to delete Patricia Miller/)
    const confirm = screen.getByRole('button', { name: 'Yes, delete user' }) as HTMLButtonElement
    expect([confirm.name, confirm.value]).toEqual(['intent', 'delete'])
  })

  it('the import page labels the list and names the role ids to use', async () => {
    icm.use(get('customers/OilCorp/roles', assignableRoles))
    await show(
      `${USERS}/import`,
      '/:lang/account/organization/users/import',
      UserImportPage,
      importLoader,
      importAction,
    )
    const list = (await screen.findByLabelText('Users, one per line')) as HTMLTextAreaElement
    expect(list.getAttribute('aria-describedby')).toBe(`${list.id}-hint`)
    expect(screen.getByText(/APP_B2B_ACCOUNT_OWNER \(Account Admin\)/)).toBeTruthy()
  })
})
