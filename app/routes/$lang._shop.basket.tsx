import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { SaveAsOrderTemplate } from '~/components/OrderTemplateForms'
import { BasketLineDetails, BasketLineQuantity } from '~/components/basket/BasketLine'
import { BasketTotals } from '~/components/basket/BasketTotals'
import { BasketFields, PromotionCodes } from '~/components/basket/PromotionCodes'
import { ValidationMessages } from '~/components/checkout/CheckoutParts'
import { CostCenterSelection } from '~/components/checkout/CostCenterSelection'
import { SubmitButton } from '~/components/form-controls'
import { LineTable } from '~/components/LineTable'
import { BasketQuoteNote, BasketQuotedQuantity, CreateQuoteRequestForm } from '~/components/quote/BasketQuote'
import { MoneyText } from '~/components/Price'
import { useShell } from '~/components/useShell'
import { basketAnchor, basketFormSchema, CHECKOUT_BLOCKED, lineAnchor } from '~/models/basket-forms'
import { basketView, deliveryView } from '~/models/basket-view'
import { COST_CENTER_INTENT } from '~/models/checkout-basket'
import { basketDeliveryEstimate } from '~/models/delivery-date'
import { messageText } from '~/models/messages'
import { payableRows } from '~/models/checkout-totals'
import { mayCheckOut, showsPrices } from '~/models/price-visibility'
import { transferTypeOf } from '~/models/punchout'
import { noindexMeta } from '~/models/seo'
import { deliveryMethod, shippingPreview } from '~/models/shipping-method'
import { currentBasket, currentBasketOnce } from '~/services/basket.server'
import { product } from '~/services/products.server'
import { changeCostCenter, costCenterChoice } from '~/services/basket-cost-center.server'
import { config } from '~/services/config.server'
import { configuration } from '~/services/configuration.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { eligibleShippingMethods } from '~/services/shipping.server'
import { isFeatureEnabled } from '~/services/features.server'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import {
  changeOf,
  rulesOfLine,
  startCheckout,
  successToast,
  trackQuantityChange,
} from '~/services/basket-page.server'
import { basketQuotes } from '~/services/quote-pages.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/** The basket page: lines with product data, quantities and totals; personal, never cached. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const [basket, settings] = await Promise.all([
    currentBasketOnce({ request, context }, scope),
    configuration(scope),
  ])
  // Results of "Checkout" when the basket has to change first (spec §4, scopes of BeforeCheckout).
  const validation = session.get('validation') ?? null
  const [products, costCenter, shippingMethods, quoting] = await Promise.all([
    Promise.all((basket?.lines ?? []).map((line) => product(scope, line.sku).catch(() => null))),
    // A business basket's cost center (issue 17): chosen here, before checkout.
    basket?.lines.length ? costCenterChoice(shopper, basket.id) : null,
    // What shipping costs, and from when it is free, before checkout (issue 19); without them, the page
    // simply does not say.
    basket?.lines.length ? eligibleShippingMethods(scope, basket.id).catch(() => []) : [],
    // Quotes (issue 36): "Create quote request", and the quotes that quoted lines came from.
    basketQuotes(shopper, basket?.lines ?? []),
  ])
  // When the order arrives (issue 19): the latest line decides, with the chosen or the cheapest method.
  const method = basket && deliveryMethod({ methodId: basket.shippingMethodId }, shippingMethods)
  return data(
    {
      title: t('basket.title'),
      deliveryDate: basket?.lines.length
        ? {
            estimate: basketDeliveryEstimate(products, method?.days, new Date(), config.deliveryCalendar),
            method: method?.name,
          }
        : null,
      validation,
      costCenter,
      quoting,
      delivery: deliveryView(settings.delivery),
      basket: basket && basketView(basket, products, locale, settings.maxItemQuantity),
      // A punchout user sends the basket back instead of checking out (spec §4.7, issue 34).
      transfer: isFeatureEnabled('punchout') && transferTypeOf(session.get('user')?.permissions) !== null,
      shipping:
        basket &&
        shippingPreview(
          { items: basket.totals.items, shipping: basket.totals.shipping, methodId: basket.shippingMethodId },
          shippingMethods,
        ),
    },
    { headers: cacheHeaders(request, 'private') },
  )
}

/**
 * Every change of the basket is a plain form post: quantity (0 or empty deletes), delete, desired delivery
 * date, promotion codes, message to merchant and order reference, and "Checkout". Invalid input answers 400,
 * an ICM refusal 422 with its messages, both as the posting form's `{ result }`; success redirects back
 * with a toast.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request)
  if (formData.get('intent') === 'checkout') return startCheckout({ request, params, context })
  const { locale, scope, session } = await shopperOf({ request, params, context })
  if (formData.get('intent') === COST_CENTER_INTENT)
    return changeCostCenter({ request, params, context }, formData, (await currentBasket(scope))?.id)
  const t = fixedT(locale.id)
  const here = new URL(request.url).pathname
  const submission = parseSubmission(formData, { schema: basketFormSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const basket = await currentBasket(scope)
  // Nothing to change: the basket expired or was ordered meanwhile; the page says so.
  if (!basket) throw redirect(`${here}?error=true`, 303)
  const form = submission.value
  const result = await changeOf(scope, basket.id, form)
  if (!result.ok)
    return refused(submission, t, result.errors, {
      rules: await rulesOfLine(scope, basket, form, result.errors),
    })
  const deleted = (form.intent === 'quantity' && !form.quantity) || form.intent === 'delete'
  await trackQuantityChange(scope, session, basket.lines, form, deleted)
  const anchor = basketAnchor(
    form,
    basket.lines.map((line) => line.id),
    deleted,
  )
  return redirectWithToast(session, anchor ? `${here}#${anchor}` : here, {
    ...successToast(form, deleted),
    type: 'success',
  })
}

export default function BasketPage() {
  const { basket, delivery, validation, costCenter, shipping, deliveryDate, transfer, quoting } =
    useLoaderData<typeof loader>()
  const { locale, display, prices } = useShell()
  const { t } = useTranslation()
  if (!basket || basket.lines.length === 0) {
    return (
      <>
        <h1>{t('basket.title')}</h1>
        <p>{t('basket.empty')}</p>
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </>
    )
  }
  const payable = payableRows(basket.totals, display).find((row) => row.kind === 'total')!
  // "Checkout" refused comes back to #checkout-blocked: the messages with the cost center when they are all
  // about it, else those above the button.
  const blockedAtCostCenter =
    !!costCenter && costCenterMessages(validation).length > 0 && !otherMessages(validation)?.errors.length
  return (
    <>
      <h1>{t('basket.title')}</h1>
      {basket.infos.length > 0 ? (
        <div role="status">
          <ul className="basket-infos">
            {basket.infos.map((info) => (
              <li key={info.code}>{messageText(t, info)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="basket-layout">
        <div className="basket-main">
          <LineTable
            lines={basket.lines}
            rowTestId="basket-line"
            rowId={(line) => lineAnchor(line.id)}
            rowClassName={(line) => (line.parentId ? 'basket-line-mandatory-child' : undefined)}
            details={(line) => (
              <>
                <BasketQuoteNote quote={line.quote ? quoting.quotes[line.quote] : undefined} />
                <BasketLineDetails line={line} delivery={delivery} />
              </>
            )}
            quantity={(line) =>
              line.quote ? (
                <BasketQuotedQuantity quantity={line.quantity} />
              ) : (
                <BasketLineQuantity line={line} />
              )
            }
          />
          {/* Phones: the total and the checkout button stay at the bottom of the screen while the shopper
              goes through the lines; the summary's own button shows from tablet width on (app.css). */}
          <div className="basket-bar" data-testid="basket-bar">
            {showsPrices(prices) ? (
              <span>
                {t(payable.key)}{' '}
                <strong>
                  <MoneyText money={payable.amount} locale={locale} />
                </strong>
              </span>
            ) : null}
            <CheckoutButton transfer={transfer} />
          </div>
          <div className="basket-extras">
            <PromotionCodes codes={basket.promotionCodes} />
            <BasketFields reference={basket.externalOrderReference} note={basket.messageToMerchant} />
            {quoting.createUrl ? <CreateQuoteRequestForm action={quoting.createUrl} /> : null}
          </div>
          <SaveAsOrderTemplate source={{ basket: true }} />
          {costCenter ? (
            <CostCenterSelection
              selection={costCenter}
              messages={costCenterMessages(validation)}
              messagesId={blockedAtCostCenter ? CHECKOUT_BLOCKED : undefined}
            />
          ) : null}
        </div>
        <div className="basket-summary">
          <BasketTotals basket={basket} shipping={shipping} delivery={deliveryDate} />
          <ValidationMessages
            validation={costCenter ? otherMessages(validation) : validation}
            id={blockedAtCostCenter ? undefined : CHECKOUT_BLOCKED}
          />
          <CheckoutButton transfer={transfer} />
        </div>
      </div>
    </>
  )
}

/**
 * "Checkout", or for a punchout user "Transfer basket": a full page load of the transfer page (whose answer
 * lets its form post to the procurement system), also with JavaScript.
 */
function CheckoutButton({ transfer }: { transfer: boolean }) {
  const { t } = useTranslation()
  const { locale, prices } = useShell()
  if (transfer)
    return (
      <Form
        method="get"
        action={`/${locale.lang}/basket/transfer`}
        reloadDocument
        className="basket-checkout"
      >
        <button type="submit" className="primary">
          {t('punchout.transfer.button')}
        </button>
      </Form>
    )
  // Prices on demand (ADR 0045): no checkout; the totals say why.
  if (!mayCheckOut(prices)) return null
  return (
    <Form method="post" className="basket-checkout">
      <SubmitButton intent="checkout" className="primary">
        {t('basket.checkout')}
      </SubmitButton>
    </Form>
  )
}

/** Where the basket shows why "Checkout" was refused; the refusal's redirect goes there. */
type Validation = { errors: Message[]; infos: Message[] } | null
type Message = { code: string; message?: string; scopes: string[] }

const isCostCenter = (m: Message) => m.scopes.includes('CostCenter')

/** The errors of the CostCenter validation: shown with the cost center choice. */
const costCenterMessages = (validation: Validation) => validation?.errors.filter(isCostCenter) ?? []

/** The rest of a validation, shown above "Checkout". */
const otherMessages = (validation: Validation): Validation =>
  validation && {
    errors: validation.errors.filter((m) => !isCostCenter(m)),
    infos: validation.infos.filter((m) => !isCostCenter(m)),
  }

export const meta: MetaFunction<typeof loader> = noindexMeta
