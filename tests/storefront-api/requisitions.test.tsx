// @vitest-environment jsdom
/**
 * A requisition against the real commerce API (issue 30, "loaders against the real API"): Bernhard Boldner
 * (`bbuyer`, order limit 1,500.00 EUR) orders more than that on the German shop; the review says it needs
 * approval, the receipt is a requisition, and his list and page and those of the approver Anna Approver
 * (`aapprover`) show the same net and gross amounts as the review. A business buyer sees net prices, yet the
 * review, the receipt and the requisition's pages must show the payable gross total (spec commerce §1, §5).
 * Each test goes on from where the one before left them.
 */
import { cleanup, screen } from '@testing-library/react'
import { and, desc, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../commerce-api/db/schema'
import { userBudgets } from '../../commerce-api/db/seed/organization'
import { linksOf } from '../../commerce-api/mail/mailbox'
import { REQUISITION_TEXTS } from '../../commerce-api/mail/requisition-texts'
import { formatMoney as mailMoney, mailLocale } from '../../commerce-api/mail/texts'
import { formatMoney } from '~/models/price'
import ApproverListPage, {
  loader as approverListLoader,
} from '~/routes/$lang._shop.account.requisitions.approver._index'
import ApproverRequisitionPage, {
  loader as approverDetailLoader,
} from '~/routes/$lang._shop.account.requisitions.approver.$requisitionId'
import BuyerListPage, {
  loader as buyerListLoader,
} from '~/routes/$lang._shop.account.requisitions.buyer._index'
import BuyerRequisitionPage, {
  loader as buyerDetailLoader,
} from '~/routes/$lang._shop.account.requisitions.buyer.$requisitionId'
import ReceiptPage, { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import DecisionPage, {
  loader as decisionLoader,
} from '~/routes/$lang._shop.requisition-decision.$requisitionId'
import ReviewPage, { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import type { RouteFn } from '../storefront/render-route'
import { api } from './setup'
import { Browser, minor, rowsOf, seeded, withGermanVat } from './shop'

type Page = () => JSX.Element | null

afterEach(cleanup)

const SKU = '1000001'
const QUANTITY = 7
const ORDER_LIMIT = userBudgets.bbuyer!.orderSpentLimit!
const eur = (cents: number) => formatMoney({ value: cents / 100, currency: 'EUR' }, 'de-DE')

const buyer = new Browser('de')
const approver = new Browser('de')
let net: number
let gross: number
let requisition: { id: string; requisitionNo: string }
/** The text of each page's totals (its totals sections and the requisition's summary), for the payable total. */
const totalsText: Record<string, string> = {}

const recordTotals = () =>
  [...document.querySelectorAll('.basket-totals, .requisition-summary')]
    .map((section) => section.textContent)
    .join(' | ')

/** The net and gross total a requisition (or a list's row of it) has, in minor units. */
const amounts = (item: { total: { net: { value: number }; gross: { value: number } } }) => ({
  net: minor(item.total.net),
  gross: minor(item.total.gross),
})

beforeAll(async () => {
  const price = await seeded(SKU, 'EUR', 'de_DE')
  net = price.net * QUANTITY
  gross = withGermanVat(net)
  await Promise.all([buyer.login('bbuyer'), approver.login('aapprover')])
})

describe('Bernhard Boldner ordering beyond his order limit', () => {
  it('is told on the review that the order needs approval, why, and who approves', async () => {
    // The net total alone is beyond his limit: whatever the limit counts, this order needs approval.
    expect(net).toBeGreaterThan(ORDER_LIMIT)
    await buyer.add(SKU, QUANTITY)
    await buyer.checkoutToReview('München')
    const { basket, budget } = await buyer.load(reviewLoader, '/de/checkout/review')
    expect(basket.approval.required).toBe(true)
    expect(basket.approval.reasons).toMatchObject([
      { limit: 'orderSpentLimit', allowed: { value: ORDER_LIMIT / 100, currency: 'EUR' } },
    ])
    expect(basket.approval.customerApprovers).toContain('Anna Approver')
    expect(minor(budget.orderSpentLimit)).toBe(ORDER_LIMIT)
    expect(minor(basket.totals.total.net)).toBe(net)
    expect(minor(basket.totals.total.gross)).toBe(gross)

    const t = buyer.render('/de/checkout/review', ':lang/checkout/review', ReviewPage, reviewLoader)
    const preview = await screen.findByTestId('approval-preview')
    expect(preview.textContent).toContain(t('checkout.approval.heading'))
    expect(preview.textContent).toContain('Anna Approver')
    // Issue 32: the reason names the total it counts (Brightline's budget price type, gross) and this order's.
    expect(preview.textContent).toContain(
      t('approval.figures.order', { order: eur(gross), priceType: t('approval.price_type.gross') }),
    )
    expect(screen.getByRole('button', { name: t('checkout.approval.submit') })).toBeTruthy()
    totalsText.review = recordTotals()
  })

  it('submits it and gets a requisition as receipt, with the amounts of the review', async () => {
    const { basket } = await buyer.load(reviewLoader, '/de/checkout/review')
    const receipt = await buyer.post(reviewAction, '/de/checkout/review', {
      basketId: basket.id,
      termsAndConditions: 'on',
    })
    expect(receipt).toMatch(/^\/de\/checkout\/receipt\?requisitionId=/)
    const data = await buyer.load(receiptLoader, receipt)
    requisition = data.requisition
    expect(data.requisition.status).toBe('PENDING')
    expect(amounts(data.requisition)).toEqual({ net, gross })

    const t = buyer.render(receipt, ':lang/checkout/receipt', ReceiptPage, receiptLoader)
    expect((await screen.findByTestId('requisition-number')).textContent).toBe(
      t('checkout.receipt.requisition.number', { number: requisition.requisitionNo }),
    )
    totalsText.receipt = recordTotals()
  })

  /**
   * The requisition in a role's list and on its page: the same net and gross amounts in the loaders' data,
   * the net one in the list's row, and the page's totals kept for the payable-total checks.
   */
  async function seenAs(
    browser: typeof buyer,
    role: 'buyer' | 'approver',
    pages: { List: Page; listLoader: RouteFn; Detail: Page; detailLoader: RouteFn },
  ) {
    const list = await browser.load(pages.listLoader, `/de/account/requisitions/${role}`)
    const row = list.rows.find((r: { id: string }) => r.id === requisition.id)
    expect(amounts(row)).toEqual({ net, gross })
    const path = `/de/account/requisitions/${role}/${requisition.id}`
    const detail = await browser.load(pages.detailLoader, path, { requisitionId: requisition.id })
    expect(amounts(detail.requisition)).toEqual({ net, gross })
    expect(minor(detail.requisition.details.totals.total.gross)).toBe(gross)

    const t = browser.render(
      `/de/account/requisitions/${role}`,
      `:lang/account/requisitions/${role}`,
      pages.List,
      pages.listLoader,
    )
    const link = await screen.findByRole('link', {
      name: t('account.requisitions.view', { number: requisition.requisitionNo }),
    })
    expect(link.closest('tr')!.textContent).toContain(eur(net))
    cleanup()

    browser.render(
      path,
      `:lang/account/requisitions/${role}/:requisitionId`,
      pages.Detail,
      pages.detailLoader,
    )
    await screen.findByTestId('requisition-status')
    totalsText[`requisition (${role})`] = recordTotals()
    return row
  }

  it('finds it in his list and on its page with the same net and gross amounts', async () => {
    await seenAs(buyer, 'buyer', {
      List: BuyerListPage,
      listLoader: buyerListLoader,
      Detail: BuyerRequisitionPage,
      detailLoader: buyerDetailLoader,
    })
  })

  it('is in the approver’s list and on her page with the same net and gross amounts', async () => {
    const row = await seenAs(approver, 'approver', {
      List: ApproverListPage,
      listLoader: approverListLoader,
      Detail: ApproverRequisitionPage,
      detailLoader: approverDetailLoader,
    })
    expect(row.buyer).toBe('Bernhard Boldner')
  })
})

describe('the payable gross total on the business buyer’s and approver’s pages (spec commerce §1 and §5)', () => {
  it.each(['review', 'receipt', 'requisition (buyer)', 'requisition (approver)'])(
    'the %s shows it',
    (page) => {
      expect(totalsText[page], `the ${page} was shown`).toEqual(expect.any(String))
      expect(totalsText[page]).toContain(eur(gross))
    },
  )
})

/**
 * Issue 32: the approver's list showed the net amount, the mail and its decision page the gross one, and a
 * reason's amount followed neither. Every place names both, labelled, with the tax between them, and every
 * reason names the total it counts (Brightline's budget price type: gross).
 */
describe('one requisition, the same net and gross figures everywhere (issue 32)', () => {
  /** The requisition's net total, tax and gross total payable, labelled, as a summary lists them. */
  const figureRows = (t: (key: string) => string) => [
    [t('checkout.totals.net_total'), eur(net)],
    [t('checkout.totals.tax_added'), eur(gross - net)],
    [t('checkout.totals.total_payable'), eur(gross)],
  ]
  const summaryRows = () => rowsOf(document.querySelector('.requisition-summary')!)
  const reasonTexts = () => screen.getAllByTestId('approval-reason').map((li) => li.textContent ?? '')

  it('the approver’s list names the net and the gross amount, each labelled', async () => {
    const t = approver.render(
      '/de/account/requisitions/approver',
      ':lang/account/requisitions/approver',
      ApproverListPage,
      approverListLoader,
    )
    const link = await screen.findByRole('link', {
      name: t('account.requisitions.view', { number: requisition.requisitionNo }),
    })
    const row = link.closest('tr')!.textContent
    expect(row).toContain(t('account.requisitions.amount.net', { amount: eur(net) }))
    expect(row).toContain(t('account.requisitions.amount.gross', { amount: eur(gross) }))
  })

  it('the approver’s page shows net, tax and gross, and the reason says it counts gross', async () => {
    const path = `/de/account/requisitions/approver/${requisition.id}`
    const t = approver.render(
      path,
      ':lang/account/requisitions/approver/:requisitionId',
      ApproverRequisitionPage,
      approverDetailLoader,
    )
    await screen.findByTestId('requisition-status')
    for (const row of figureRows(t)) expect(summaryRows()).toContainEqual(row)
    const [reason] = reasonTexts()
    expect(reason).toContain(t('approval.price_type.gross'))
    expect(reason).toContain(eur(gross))
  })

  it('the approver’s mail names the same net, tax and gross figures and the reason’s price type', async () => {
    const mail = await requestMail()
    const locale = mailLocale(mail.locale)
    for (const amount of [net, gross - net, gross])
      expect(mail.text).toContain(mailMoney(amount, 'EUR', locale))
    expect(mail.text).toContain(REQUISITION_TEXTS[locale].figures.gross)
  })

  it('the mail’s decision page shows the figures of the approver’s page, whoever opens it', async () => {
    const mail = await requestMail()
    const link = linksOf(mail.text).find(
      (candidate) => candidate.includes(requisition.id) && candidate.includes('decision=approve'),
    )
    expect(link, 'the approve link').toBeDefined()
    const url = new URL(link!)
    // Opened without logging in: no business price display, yet the same figures.
    const visitor = new Browser(url.pathname.split('/')[1])
    const t = visitor.render(
      `${url.pathname}${url.search}`,
      ':lang/requisition-decision/:requisitionId',
      DecisionPage,
      decisionLoader,
    )
    await screen.findByTestId('requisition-status')
    const euro = (cents: number) =>
      formatMoney({ value: cents / 100, currency: 'EUR' }, visitor.lang === 'de' ? 'de-DE' : 'en-US')
    const rows = summaryRows()
    expect(rows).toContainEqual([t('checkout.totals.net_total'), euro(net)])
    expect(rows).toContainEqual([t('checkout.totals.tax_added'), euro(gross - net)])
    expect(rows).toContainEqual([t('checkout.totals.total_payable'), euro(gross)])
    expect(reasonTexts()[0]).toContain(t('approval.price_type.gross'))
  })
})

/** The newest approval request mail about the requisition to Anna Approver. */
async function requestMail() {
  const mails = await api.database.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, 'aapprover@brightline.test'),
        eq(mailOutbox.kind, 'requisition.approval_request'),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
  const mail = mails.find((candidate) => candidate.text.includes(requisition.id))
  expect(mail, 'the approval request mail').toBeDefined()
  return mail!
}
