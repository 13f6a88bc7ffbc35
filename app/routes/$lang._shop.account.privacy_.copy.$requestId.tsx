import '~/browser/account-texts'
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { formatDate } from '~/components/order/OrderStatus'
import { useShell } from '~/components/useShell'
import { formatMoney } from '~/models/price'
import { addressLine, type PersonalDataCopy } from '~/models/privacy'
import { noindexMeta } from '~/models/seo'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { getPersonalDataCopy } from '~/services/privacy.server'

export const headers = pageHeaders

/**
 * The copy of a confirmed data-protection request for people to read (issue 33, ADR 0031): each part of the
 * user's data as a labelled list, in the page's language; the same document as the JSON download. Its owner
 * only, while it can be downloaded; otherwise back to the data-protection page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const id = params.requestId ?? ''
  const copy = await loginAgainIfRefused(request, shopper, getPersonalDataCopy(shopper.scope, id))
  if (!copy) throw redirect(`/${shopper.locale.lang}/account/privacy`)
  const t = fixedT(shopper.locale.id)
  return data({ title: t('account.privacy.copy_page.title'), copy, id }, { headers: privateHeaders() })
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  const shown = facts.filter(([, value]) => value !== null && value !== undefined && value !== '')
  return (
    <dl className="privacy-facts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="privacy-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

function List<T>({ items, render }: { items: T[]; render: (item: T, index: number) => ReactNode }) {
  const { t } = useTranslation()
  if (items.length === 0) return <p>{t('account.privacy.copy_page.none')}</p>
  return (
    <ol className="privacy-list">
      {items.map((item, index) => (
        <li key={index}>{render(item, index)}</li>
      ))}
    </ol>
  )
}

function CopyView({ copy }: { copy: PersonalDataCopy }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const date = (value?: string | null) => (value ? formatDate(value, locale.tag) : null)
  const money = (value: number, currency: string) => formatMoney({ value: value / 100, currency }, locale.tag)
  const { user, customer } = copy
  return (
    <>
      <Part id="copy-user" title={t('account.privacy.copy_page.user')}>
        <Facts
          facts={[
            [
              t('account.privacy.field.name'),
              [user.title, user.firstName, user.lastName].filter(Boolean).join(' '),
            ],
            [t('account.privacy.field.login'), user.login],
            [t('account.privacy.field.email'), user.email],
            [t('account.privacy.field.phone'), user.phone],
            [t('account.privacy.field.phone_business'), user.phoneBusiness],
            [t('account.privacy.field.phone_mobile'), user.phoneMobile],
            [t('account.privacy.field.fax'), user.fax],
            [t('account.privacy.field.birthday'), date(user.birthday)],
            [t('account.privacy.field.department'), user.department],
            [t('account.privacy.field.language'), user.preferredLanguage],
            [t('account.privacy.field.created'), date(user.createdAt)],
          ]}
        />
      </Part>
      <Part id="copy-customer" title={t('account.privacy.copy_page.customer')}>
        <Facts
          facts={[
            [t('account.privacy.field.customer_no'), customer.customerNo],
            [t('account.privacy.field.company'), customer.companyName],
          ]}
        />
      </Part>
      <Part id="copy-addresses" title={t('account.privacy.copy_page.addresses')}>
        <List
          items={copy.addresses}
          render={(address) => (
            <>
              {addressLine(address)}
              {[address.phoneHome, address.phoneMobile, address.phoneBusiness, address.email]
                .filter(Boolean)
                .map((contact) => ` · ${contact}`)}
            </>
          )}
        />
      </Part>
      <Part id="copy-payments" title={t('account.privacy.copy_page.payments')}>
        <List
          items={copy.paymentInstruments}
          render={(instrument) => (
            <Facts
              facts={[
                [t('account.privacy.field.method'), instrument.paymentMethod],
                [t('account.privacy.field.account'), instrument.accountIdentifier],
              ]}
            />
          )}
        />
      </Part>
      <Part id="copy-orders" title={t('account.privacy.copy_page.orders')}>
        <List
          items={copy.orders}
          render={(order) => (
            <Facts
              facts={[
                [t('account.privacy.field.order'), order.documentNumber ?? order.requisitionNumber],
                [t('account.privacy.field.date'), date(order.createdAt)],
                [t('account.privacy.field.status'), order.status],
                [t('account.privacy.field.total'), money(order.grandTotalGross, order.currency)],
                [
                  t('account.privacy.field.invoice_address'),
                  order.invoiceToAddress ? addressLine(order.invoiceToAddress) : null,
                ],
                [
                  t('account.privacy.field.items'),
                  order.lines.map((line) => `${line.quantity} × ${line.name ?? line.sku}`).join('; '),
                ],
              ]}
            />
          )}
        />
      </Part>
      <Part id="copy-recurring" title={t('account.privacy.copy_page.recurring')}>
        <List
          items={copy.recurringOrders}
          render={(order) => (
            <Facts
              facts={[
                [t('account.privacy.field.number'), order.number],
                [t('account.privacy.field.interval'), order.interval],
                [
                  t('account.privacy.field.active'),
                  t(order.active ? 'account.privacy.yes' : 'account.privacy.no'),
                ],
                [t('account.privacy.field.total'), money(order.totalGross, order.currency)],
              ]}
            />
          )}
        />
      </Part>
      <Part id="copy-newsletter" title={t('account.privacy.copy_page.newsletter')}>
        <p>
          {copy.newsletter
            ? t('account.privacy.newsletter.subscribed', { date: date(copy.newsletter.subscribedAt) })
            : t('account.privacy.newsletter.none')}
        </p>
      </Part>
      <Part id="copy-wishlists" title={t('account.privacy.copy_page.wishlists')}>
        <List
          items={copy.wishlists}
          render={(list) => (
            <Facts
              facts={[
                [t('account.privacy.field.name'), list.title],
                [
                  t('account.privacy.field.items'),
                  list.items.map((item) => `${item.quantity} × ${item.sku}`).join('; '),
                ],
              ]}
            />
          )}
        />
      </Part>
      <Part id="copy-requests" title={t('account.privacy.copy_page.requests')}>
        <List
          items={copy.personalDataRequests}
          render={(request) => (
            <Facts
              facts={[
                [
                  t('account.privacy.field.type'),
                  request.type === 'copy' || request.type === 'deletion'
                    ? t(`account.privacy.type.${request.type}`)
                    : request.type,
                ],
                [t('account.privacy.field.date'), date(request.createdAt)],
                [t('account.privacy.field.status'), request.status],
              ]}
            />
          )}
        />
      </Part>
    </>
  )
}

export default function PrivacyCopyPage() {
  const { copy, id } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const back = `/${locale.lang}/account/privacy`
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[
          { name: t('account.privacy.title'), url: back },
          { name: t('account.privacy.copy_page.title') },
        ]}
      />
      <h1>{t('account.privacy.copy_page.title')}</h1>
      <p>{t('account.privacy.copy_page.made', { date: formatDate(copy.createdAt, locale.tag) })}</p>
      <p className="page-actions">
        <a href={`${back}/copy/${encodeURIComponent(id)}/json`} download>
          {t('account.privacy.copy.download')}
        </a>{' '}
        <Link to={back}>{t('account.privacy.copy_page.back')}</Link>
      </p>
      <CopyView copy={copy} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
