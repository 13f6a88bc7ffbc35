import '~/browser/account-texts'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { formatDate } from '~/components/order/OrderStatus'
import { usePriceText } from '~/components/Price'
import { ScrollRegion } from '~/components/ScrollRegion'
import { TableHead } from '~/components/TableHead'
import { SubmitButton } from '~/components/form-controls'
import { useShell } from '~/components/useShell'
import type { Money } from '~/models/price'
import { quotePath, quoteRequestPath, type QuoteListEntry, type QuoteState } from '~/models/quote'

/** A request's or quote's state as a badge in words (new, submitted, responded, accepted, rejected, expired). */
export function QuoteStateBadge({ state }: { state: QuoteState }) {
  const { t } = useTranslation()
  return (
    <span className={`order-status quote-state quote-state-${state}`} data-testid="quote-state">
      {t(`account.quotes.state.${state}`)}
    </span>
  )
}

/**
 * An amount of a quote (quotes are in one amount each, net, as ICM quotes them), as the shopper may see prices
 * (ADR 0045: blank or "on demand" for a business customer without price display).
 */
export function QuoteMoney({ money }: { money: Money | undefined }) {
  const price = usePriceText()
  return <>{money ? price.money(money) : '–'}</>
}

/** A date of a quote in the page's locale. */
export function QuoteDate({ value }: { value: string | undefined }) {
  const { locale } = useShell()
  return <>{value ? formatDate(value, locale.tag) : '–'}</>
}

/**
 * The user's quote requests and quotes, newest first: number (the link to its page), name, kind, lines,
 * dates, total, state; a new request can be deleted here. On phones each row is a card (`card-table`).
 */
export function QuoteListTable({ entries }: { entries: QuoteListEntry[] }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  // Totals where the API sends them as a list attribute (ICM's list Links have none).
  const withTotals = entries.some((entry) => entry.total)
  const column = {
    number: t('account.quotes.column.number'),
    name: t('account.quotes.column.name'),
    kind: t('account.quotes.column.kind'),
    items: t('account.quotes.column.items'),
    created: t('account.quotes.column.created'),
    valid: t('account.quotes.column.valid_to'),
    total: t('account.quotes.column.total'),
    state: t('account.quotes.column.state'),
  }
  return (
    <ScrollRegion label={t('account.quotes.list.caption')}>
      <table className="quotes-table card-table">
        <TableHead
          columns={[
            { label: column.number },
            { label: column.name },
            { label: column.kind },
            { label: column.items, numeric: true },
            { label: column.created },
            { label: column.valid },
            ...(withTotals ? [{ label: column.total, numeric: true }] : []),
            { label: column.state },
            { label: t('account.quotes.column.actions'), hidden: true },
          ]}
        />
        <tbody>
          {entries.map((entry) => {
            const url =
              entry.kind === 'quote'
                ? quotePath(locale.lang, entry.id)
                : quoteRequestPath(locale.lang, entry.id)
            const kind = t(`account.quotes.kind.${entry.kind}`)
            return (
              <tr key={`${entry.kind}-${entry.id}`} data-testid="quote-row">
                <td data-label={column.number}>
                  <Link to={url} aria-label={t('account.quotes.view', { kind, number: entry.number })}>
                    {entry.number}
                  </Link>
                </td>
                <td data-label={column.name}>{entry.name ?? '–'}</td>
                <td data-label={column.kind}>{kind}</td>
                <td className="num" data-label={column.items}>
                  {entry.itemCount ?? '–'}
                </td>
                <td data-label={column.created}>
                  <QuoteDate value={entry.creationDate} />
                </td>
                <td data-label={column.valid}>
                  <QuoteDate value={entry.validToDate} />
                </td>
                {withTotals ? (
                  <td className="num" data-label={column.total}>
                    <QuoteMoney money={entry.total} />
                  </td>
                ) : null}
                <td data-label={column.state}>
                  <QuoteStateBadge state={entry.state} />
                </td>
                <td>
                  {entry.kind === 'request' && entry.state === 'new' ? (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="id" value={entry.id} />
                      <SubmitButton
                        intent="deleteRequest"
                        className="link-button"
                        aria-label={t('account.quotes.delete.label', { number: entry.number })}
                      >
                        {t('account.quotes.delete.submit')}
                      </SubmitButton>
                    </Form>
                  ) : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** A line of a request or quote as its table shows it. */
export type QuoteLineRow = {
  key: string
  sku: string
  quantity: number
  /** What the request asked for, where the quote offers another quantity. */
  originQuantity?: number
  singlePrice?: Money
  totalPrice?: Money
  /** The list price per piece and line total, beside the quoted ones. */
  originSinglePrice?: Money
  originTotalPrice?: Money
}

/**
 * The lines of a request or quote: product (linked, with its SKU), price per piece, quantity, line total; a
 * quote's lines show the list price struck through beside the quoted one. On phones each row is a card.
 */
export function QuoteLinesTable({
  caption,
  lines,
  products,
  quantity,
  total,
  originTotal,
}: {
  caption: string
  lines: QuoteLineRow[]
  products: Record<string, { name: string; url: string | null; image?: string }>
  /** The quantity cell (the request's forms while it is new); the plain quantity when not given. */
  quantity?: (line: QuoteLineRow) => ReactNode
  total?: Money
  originTotal?: Money
}) {
  const { t } = useTranslation()
  const column = {
    product: t('account.quotes.column.product'),
    price: t('account.quotes.column.single_price'),
    quantity: t('account.quotes.column.quantity'),
    total: t('account.quotes.column.line_total'),
  }
  return (
    <ScrollRegion label={caption}>
      <table className="quote-lines card-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          columns={[
            { label: column.product },
            { label: column.price, numeric: true },
            { label: column.quantity, numeric: true },
            { label: column.total, numeric: true },
          ]}
        />
        <tbody>
          {lines.map((line) => {
            const product = products[line.sku]
            return (
              <tr key={line.key} data-testid="quote-line">
                <td data-label={column.product}>
                  {product?.image ? <img src={product.image} alt="" width={60} height={60} /> : null}{' '}
                  {product?.url ? <Link to={product.url}>{product.name}</Link> : (product?.name ?? line.sku)}
                  <br />
                  <small>{t('product.sku', { sku: line.sku })}</small>
                </td>
                <td className="num" data-label={column.price}>
                  <Compared
                    now={line.singlePrice}
                    before={line.originSinglePrice}
                    testId="quote-single-price"
                  />
                </td>
                <td className="num" data-label={column.quantity}>
                  {quantity ? quantity(line) : line.quantity}
                  {line.originQuantity !== undefined ? (
                    <>
                      <br />
                      <small>{t('account.quotes.line.requested', { quantity: line.originQuantity })}</small>
                    </>
                  ) : null}
                </td>
                <td className="num" data-label={column.total}>
                  <Compared now={line.totalPrice} before={line.originTotalPrice} testId="quote-line-total" />
                </td>
              </tr>
            )
          })}
        </tbody>
        {total ? (
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('account.quotes.column.total')}
              </th>
              <td className="num" data-label={t('account.quotes.column.total')}>
                <Compared now={total} before={originTotal} testId="quote-total" />
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </ScrollRegion>
  )
}

/** A quoted amount, with the list amount struck through before it where they differ (and prices are shown). */
function Compared({ now, before, testId }: { now?: Money; before?: Money; testId: string }) {
  const { t } = useTranslation()
  const { prices } = useShell()
  const price = usePriceText()
  const differs = prices === 'shown' && before && now && before.value !== now.value
  return (
    <>
      {differs ? (
        <>
          <s aria-label={t('account.quotes.list_price', { amount: price.money(before) })}>
            {price.money(before)}
          </s>
          <br />
        </>
      ) : null}
      <span data-testid={testId}>{now ? price.money(now) : '–'}</span>
    </>
  )
}
