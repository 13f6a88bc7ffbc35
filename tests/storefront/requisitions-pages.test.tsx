// @vitest-environment jsdom
/**
 * The requisition pages as a shopper meets them (issue 18): a requisition's page in all five languages (the
 * crumb back to its list with its status, why approval is needed in words with money in the page's locale, the
 * stages with who decided when and their comment, the decision forms), the reject form's error at its field,
 * the shop's rejection and the order link, the lists' status links and empty states, the bulk decision's
 * results in words, and the two widgets in every language.
 */
import { createRemixStub } from '@remix-run/testing'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { ApprovalWidget, RequisitionWidget } from '~/components/requisition/RequisitionWidgets'
import { localeByLang, SHOP_LOCALES } from '~/models/locale'
import { formatMoney } from '~/models/price'
import ApproverListPage, {
  action as bulkAction,
  loader as approverListLoader,
} from '~/routes/$lang._shop.account.requisitions.approver._index'
import ApproverRequisitionPage, {
  action as decisionAction,
  loader as approverDetailLoader,
} from '~/routes/$lang._shop.account.requisitions.approver.$requisitionId'
import BuyerListPage, {
  loader as buyerListLoader,
} from '~/routes/$lang._shop.account.requisitions.buyer._index'
import BuyerRequisitionPage, {
  loader as buyerDetailLoader,
} from '~/routes/$lang._shop.account.requisitions.buyer.$requisitionId'
import { i18nFor } from '~/services/i18n.server'
import type { SessionUser } from '~/services/session.server'
import { get, icm } from './icm-mock'
import { signedInCookie } from './loader-args'
import {
  APPROVER,
  BUYER,
  ID,
  OWNER,
  ownUser,
  recordRequisitions,
  requisitionEnvelope,
  requisitionList,
  stage,
} from './requisition-fixtures'
import { renderRoute, type RouteFn } from './render-route'
import './setup'

afterEach(cleanup)

/**
 * Renders one route below a root route that gives the page its locale, its loader and action called as the
 * server would with the user's session.
 */
async function show(
  path: string,
  pattern: string,
  Component: () => JSX.Element,
  loader: RouteFn,
  { action, user = APPROVER }: { action?: RouteFn; user?: SessionUser } = {},
) {
  return renderRoute({ path, pattern, Component, loader, action, cookie: await signedInCookie(user) })
}

const APPROVER_DETAIL = ':lang/account/requisitions/approver/:requisitionId'
const BUYER_DETAIL = ':lang/account/requisitions/buyer/:requisitionId'

/** The buyer's page of requisition ID, in a language of the shop. */
const showBuyerDetail = (lang = 'en') =>
  show(`/${lang}/account/requisitions/buyer/${ID}`, BUYER_DETAIL, BuyerRequisitionPage, buyerDetailLoader, {
    user: BUYER,
  })

describe.each(SHOP_LOCALES.map((l) => l.lang))('a requisition’s page for its approver in %s', (lang) => {
  it('names the list with its status, the reasons, the stages and offers the decision', async () => {
    icm.use(get('customers/-/users/-', ownUser(OWNER)))
    recordRequisitions('get', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        stages: [
          stage('customer', 'APPROVED', [APPROVER], APPROVER, 'Fine for this quarter.'),
          stage('costCenter', 'PENDING', [OWNER]),
        ],
        costCenter: { id: '100400', name: 'Marketing' },
      }),
    )
    const t = await show(
      `/${lang}/account/requisitions/approver/${ID}`,
      APPROVER_DETAIL,
      ApproverRequisitionPage,
      approverDetailLoader,
      {
        user: OWNER,
      },
    )
    const locale = localeByLang(lang)!
    const title = t('account.requisitions.detail.title', { number: '1003' })
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    const crumbs = within(screen.getByRole('navigation', { name: t('breadcrumb.label') }))
    expect(
      crumbs.getByRole('link', { name: t('account.requisitions.approver.title') }).getAttribute('href'),
    ).toBe(`/${lang}/account/requisitions/approver?status=PENDING`)
    expect(
      crumbs
        .getByText(t('account.requisitions.detail.crumb', { number: '1003' }))
        .getAttribute('aria-current'),
    ).toBe('page')

    const eur = (value: number) => formatMoney({ value, currency: 'EUR' }, locale.tag)
    const reasons = screen.getAllByTestId('approval-reason').map((li) => li.textContent)
    expect(reasons[0]).toBe(
      `${t('account.requisitions.reason.orderSpentLimit', {
        allowed: eur(100),
        exceededBy: eur(39.83),
      })} ${t('approval.figures.order', { order: eur(139.83), priceType: t('approval.price_type.gross') })}`,
    )
    expect(reasons[0]).toContain(eur(39.83))

    const stages = screen.getAllByTestId('approval-stage')
    expect(within(stages[0]!).getByRole('heading', { level: 3 }).textContent).toBe(
      t('account.requisitions.stage.customer'),
    )
    expect(stages[0]!.textContent).toContain('Aaron Approver')
    expect(stages[0]!.textContent).toContain('Fine for this quarter.')
    expect(within(stages[1]!).getByRole('heading', { level: 3 }).textContent).toBe(
      t('account.requisitions.stage.costCenter_of', { costCenter: '100400 – Marketing' }),
    )
    expect(stages[1]!.textContent).toContain(t('account.requisitions.status.PENDING'))

    expect(screen.getByRole('button', { name: t('account.requisitions.approve') })).toBeTruthy()
    const comment = screen.getByLabelText(t('account.requisitions.comment.label')) as HTMLTextAreaElement
    expect(comment.tagName).toBe('TEXTAREA')
    expect(comment.required).toBe(true)
    expect(comment.getAttribute('maxlength')).toBe('1000')
    const reject = screen.getByRole('button', { name: t('account.requisitions.reject') }) as HTMLButtonElement
    expect([reject.name, reject.value]).toEqual(['intent', 'reject'])
    // The buyer's budget now, and what was ordered.
    expect(
      screen.getByRole('heading', { level: 2, name: t('account.requisitions.buyer.heading') }),
    ).toBeTruthy()
    expect(screen.getAllByTestId('order-line')).toHaveLength(2)
  })
})

describe('the decision forms', () => {
  it('shows a rejection without comment as the field’s error, linked to it, before posting', async () => {
    icm.use(get('customers/-/users/-', ownUser(APPROVER)))
    recordRequisitions('get', `/${ID}`, () => requisitionEnvelope(ID))
    const patches = recordRequisitions('patch', `/${ID}`, () => requisitionEnvelope(ID))
    await show(
      `/en/account/requisitions/approver/${ID}`,
      APPROVER_DETAIL,
      ApproverRequisitionPage,
      approverDetailLoader,
      {
        action: decisionAction,
      },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    const error = await screen.findByText('Please give the buyer a reason for rejecting.', {
      selector: '.field-error li',
    })
    const comment = screen.getByLabelText('Reason for rejecting (for the buyer)')
    expect(comment.getAttribute('aria-invalid')).toBe('true')
    expect(comment.getAttribute('aria-describedby')).toContain(error.closest('ul')!.id)
    expect(patches).toEqual([])
  })

  it('are not offered on the buyer’s page, which links the order once approved', async () => {
    recordRequisitions('get', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        status: 'APPROVED',
        orderNo: '100045',
        stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
      }),
    )
    await showBuyerDetail()
    const order = await screen.findByRole('link', { name: 'Order 100045' })
    expect(order.getAttribute('href')).toBe(`/en/account/orders/${ID}`)
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(screen.getByTestId('requisition-status').textContent).toBe('Approved')
    expect(screen.getByText('Approved by Aaron Approver on Mar 13, 2026.')).toBeTruthy()
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(crumbs.getByRole('link', { name: 'Requisitions' }).getAttribute('href')).toBe(
      '/en/account/requisitions/buyer?status=APPROVED',
    )
  })

  it('offer the buyer a plain form to withdraw their pending requisition, in the page’s language', async () => {
    recordRequisitions('get', `/${ID}`, () => requisitionEnvelope(ID))
    await showBuyerDetail('de')
    const button = await screen.findByRole('button', { name: 'Bestellanforderung zurückziehen' })
    const form = button.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(new FormData(form).get('intent')).toBe('withdraw')
    expect(screen.queryByRole('button', { name: 'Genehmigen' })).toBeNull()
  })

  it('the shop’s rejection is said in words: prices changed, and a reason the shop does not know', async () => {
    recordRequisitions('get', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        status: 'REJECTED',
        stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
        systemRejectErrors: [
          { code: 'requisition.prices.changed.error', message: 'The prices have changed.' },
          { code: 'payment.authorization.failed', message: 'Card declined by provider XYZ.' },
        ],
      }),
    )
    await showBuyerDetail('de')
    const section = (await screen.findByRole('heading', { name: 'Vom Shop abgelehnt' })).closest('section')!
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Die Preise haben sich seit der Anforderung geändert.',
      'Die Bestellung konnte nicht so aufgegeben werden, wie sie angefordert wurde.',
    ])
    expect(section.textContent).not.toContain('Card declined')
  })
})

describe('the lists', () => {
  it('link the statuses, mark the current one, and say when there are none', async () => {
    recordRequisitions('get', '', () => requisitionList([]))
    await show(
      '/en/account/requisitions/buyer?status=REJECTED',
      ':lang/account/requisitions/buyer',
      BuyerListPage,
      buyerListLoader,
      {
        user: BUYER,
      },
    )
    expect(await screen.findByText('None of your requisitions has been rejected.')).toBeTruthy()
    const tabs = within(screen.getByRole('navigation', { name: 'Requisitions by status' }))
    expect(tabs.getByRole('link', { name: 'Rejected' }).getAttribute('aria-current')).toBe('page')
    expect(tabs.getByRole('link', { name: 'Pending' }).getAttribute('href')).toBe(
      '/en/account/requisitions/buyer?status=PENDING',
    )
    // A buyer sees no way to the approvals.
    expect(screen.queryByRole('link', { name: 'Approvals' })).toBeNull()
  })

  it('decide several pending requisitions at once and list what happened to each, in words', async () => {
    const second = '0f7c1f4e-2222-4b5a-9c1d-000000000009'
    const pending = [requisitionEnvelope(ID), requisitionEnvelope(second, { requisitionNo: '1009' })]
    recordRequisitions('get', '', () => requisitionList(pending))
    recordRequisitions('get', `/${second}`, () =>
      requisitionEnvelope(second, { requisitionNo: '1009', status: 'REJECTED' }),
    )
    const patches = recordRequisitions('patch', '/[^/?]+', (request) => {
      if (request.url.includes(second))
        return new Response(
          JSON.stringify({
            errors: [{ status: '409', code: 'requisition.already_decided.error', message: 'Decided.' }],
          }),
          {
            status: 409,
            headers: { 'content-type': 'application/json', 'error-key': 'requisition.already_decided.error' },
          },
        )
      return requisitionEnvelope(ID, {
        status: 'APPROVED',
        orderNo: '100045',
        stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
      })
    })
    await show(
      '/en/account/requisitions/approver',
      ':lang/account/requisitions/approver',
      ApproverListPage,
      approverListLoader,
      {
        action: bulkAction,
      },
    )
    const table = await screen.findByRole('table', { name: 'Pending requisitions' })
    expect(within(table).getAllByTestId('requisition-row')).toHaveLength(2)
    expect(screen.getByRole('region', { name: 'Pending requisitions' }).getAttribute('tabindex')).toBe('0')
    fireEvent.click(screen.getByLabelText('Select requisition 1003'))
    fireEvent.click(screen.getByLabelText('Select requisition 1009'))
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }))
    const results = await screen.findByRole('heading', {
      name: 'What happened to the 2 requisitions you decided on',
    })
    const lines = within(results.closest('section')!).getAllByTestId('bulk-outcome')
    expect(lines.map((line) => line.textContent)).toEqual([
      'Requisition 1003 approved — order 100045 placed. Order 100045',
      'Requisition 1009: This requisition has already been decided.',
    ])
    expect(within(lines[0]!).getByRole('link', { name: 'Order 100045' }).getAttribute('href')).toBe(
      `/en/account/orders/${ID}`,
    )
    expect(patches).toHaveLength(2)
  })

  it('need a comment to reject the selection: the error is at the field', async () => {
    recordRequisitions('get', '', () => requisitionList([requisitionEnvelope(ID)]))
    const patches = recordRequisitions('patch', '/[^/?]+', () => requisitionEnvelope(ID))
    await show(
      '/en/account/requisitions/approver',
      ':lang/account/requisitions/approver',
      ApproverListPage,
      approverListLoader,
      {
        action: bulkAction,
      },
    )
    fireEvent.click(await screen.findByLabelText('Select requisition 1003'))
    fireEvent.click(screen.getByRole('button', { name: 'Reject selected' }))
    const error = await screen.findByText('Please give a reason for rejecting the selected requisitions.', {
      selector: '.field-error li',
    })
    const comment = screen.getByLabelText('Reason for rejecting the selected requisitions')
    expect(comment.getAttribute('aria-describedby')).toContain(error.closest('ul')!.id)
    expect(patches).toEqual([])
  })
})

describe.each(SHOP_LOCALES.map((l) => l.lang))('the requisition widgets in %s', (lang) => {
  function showWidgets(element: React.ReactNode) {
    const locale = localeByLang(lang)!
    const Stub = createRemixStub([
      { id: 'root', path: '/', loader: () => ({ locale }), Component: () => <>{element}</> },
    ])
    render(
      <I18nextProvider i18n={i18nFor(locale.id)}>
        <Stub />
      </I18nextProvider>,
    )
    return { t: i18nFor(locale.id).t, locale }
  }
  const latest = {
    id: ID,
    requisitionNo: '1003',
    creationDate: '2026-03-12T09:30:00.000Z',
    buyer: 'Bernd Buyer',
    total: { gross: { value: 139.83, currency: 'EUR' }, net: { value: 117.5, currency: 'EUR' } },
  }

  it('tell the approver how many wait for them, the latest, and the way to the approvals', async () => {
    const { t } = showWidgets(<ApprovalWidget widget={{ count: 3, latest }} />)
    const heading = await screen.findByRole('heading', {
      name: t('account.requisitions.widget.approver.heading'),
    })
    const widget = heading.closest('section')!
    expect(within(widget).getByTestId('requisition-widget-count').textContent).toBe(
      t('account.requisitions.widget.approver.pending', { count: 3 }),
    )
    expect(widget.textContent).toContain('Bernd Buyer')
    expect(
      within(widget)
        .getByRole('link', { name: t('account.requisitions.detail.crumb', { number: '1003' }) })
        .getAttribute('href'),
    ).toBe(`/${lang}/account/requisitions/approver/${ID}`)
    expect(
      within(widget)
        .getByRole('link', { name: t('account.requisitions.widget.approver.link') })
        .getAttribute('href'),
    ).toBe(`/${lang}/account/requisitions/approver?status=PENDING`)
  })

  it('tell the buyer that none of theirs waits, with the way to their list', async () => {
    const { t } = showWidgets(<RequisitionWidget widget={{ count: 0 }} />)
    const heading = await screen.findByRole('heading', {
      name: t('account.requisitions.widget.buyer.heading'),
    })
    const widget = heading.closest('section')!
    expect(within(widget).getByTestId('requisition-widget-count').textContent).toBe(
      t('account.requisitions.widget.buyer.none'),
    )
    expect(
      within(widget)
        .getByRole('link', { name: t('account.requisitions.widget.buyer.link') })
        .getAttribute('href'),
    ).toBe(`/${lang}/account/requisitions/buyer?status=PENDING`)
  })
})
