import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ValidationMessages } from '~/components/checkout/CheckoutParts'
import { MoneyText } from '~/components/Price'
import { useShell } from '~/components/useShell'
import { mandatoryPath } from '~/models/basket'
import { basketFormSchema, deliveryBounds, type BasketForm } from '~/models/basket-forms'
import { STEP_SCOPES, firstStepFor, mayContinue, stepPath } from '~/models/checkout'
import { formatMoney, pick } from '~/models/price'
import { maxQuantity } from '~/models/quantity'
import { noindexMeta } from '~/models/seo'
import { productUrl } from '~/models/url'
import {
  addPromotionCode,
  currentBasket,
  currentBasketOnce,
  deleteLineItem,
  removePromotionCode,
  updateBasketFields,
  updateLineItem,
  type ChangeResult,
} from '~/services/basket.server'
import { configuration, product } from '~/services/catalog.server'
import { validateBasket } from '~/services/checkout.server'
import { redirectWithValidation } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { commitSession } from '~/services/session.server'
import { redirectWithToast } from '~/services/toast.server'
import { parseSubmission, readForm } from '~/services/form.server'

export const headers = pageHeaders

/** Lines in position order, each line's mandatory selections and accessories right after it (ADR 0011). */
function withChildrenAfterParents<L extends { id: string; parentId?: string }>(lines: L[]): L[] {
  const ids = new Set(lines.map((l) => l.id))
  const childrenOf = (id: string) => lines.filter((l) => l.parentId === id)
  const ordered: L[] = []
  const place = (line: L) => {
    ordered.push(line)
    childrenOf(line.id).forEach(place)
  }
  lines.filter((l) => !l.parentId || !ids.has(l.parentId)).forEach(place)
  return ordered
}

/** The basket page: lines with product data, quantities and totals; personal, never cached. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, scope, session } = await shopperOf(request, params)
  const t = fixedT(locale.id)
  const [basket, settings] = await Promise.all([
    currentBasketOnce({ request, context }, scope),
    configuration(scope),
  ])
  // Results of "Checkout" when the basket has to change first (spec §4, scopes of BeforeCheckout).
  const validation = session.get('validation') ?? null
  const products = await Promise.all(
    (basket?.lines ?? []).map((line) => product(scope, line.sku).catch(() => null)),
  )
  const headers = new Headers(cacheHeaders(request, 'private'))
  if (validation) headers.set('Set-Cookie', await commitSession(session))
  return data(
    {
      title: t('basket.title'),
      validation,
      delivery: settings.delivery && { ...settings.delivery, ...deliveryBounds(settings.delivery) },
      basket: basket && {
        ...basket,
        lines: withChildrenAfterParents(
          basket.lines.map((line, i) => {
            const p = products[i]
            const parentIndex = line.parentId ? basket.lines.findIndex((l) => l.id === line.parentId) : -1
            return {
              ...line,
              name: p?.name ?? line.sku,
              /** The name of the line this one was chosen for (ADR 0011). */
              parentName:
                parentIndex < 0 ? undefined : (products[parentIndex]?.name ?? basket.lines[parentIndex]!.sku),
              image: p?.images.find((img) => img.typeID === 'S')?.url,
              url: p
                ? productUrl(locale, {
                    sku: p.sku,
                    name: p.name,
                    variationValues: p.variationValues.map((v) => v.displayValue),
                  })
                : undefined,
              variation: p?.variationValues.map((v) => `${v.name}: ${v.displayValue}`).join(', '),
              maxQuantity: p ? maxQuantity(p, settings.maxItemQuantity) : settings.maxItemQuantity,
            }
          }),
        ),
      },
    },
    { headers },
  )
}

/**
 * "Checkout" (spec §4 "Starting checkout"): the basket is validated for the scopes of BeforeCheckout, ICM
 * fixing what it can. With the channel's acceleration the review scope is validated too: all valid goes
 * straight to review, otherwise to the first step the results point to (`error=true`). Without it checkout
 * starts at the address step.
 */
async function startCheckout(request: Request, params: ActionFunctionArgs['params']) {
  const { locale, scope, session } = await shopperOf(request, params)
  const lang = locale.lang
  const basket = await currentBasket(scope)
  if (!basket || basket.lines.length === 0) throw redirect(`${stepPath(lang, 'basket')}?error=true`, 303)
  const before = await validateBasket(scope, basket.id, STEP_SCOPES.basket)
  if (!mayContinue(before))
    return redirectWithValidation(session, `${stepPath(lang, 'basket')}?error=true`, before)
  const settings = await configuration(scope)
  if (!settings.acceleration) return redirect(stepPath(lang, 'address'), 303)
  const review = await validateBasket(scope, basket.id, STEP_SCOPES.review)
  if (mayContinue(review)) return redirect(stepPath(lang, 'review'), 303)
  return redirectWithValidation(
    session,
    `${stepPath(lang, firstStepFor(review, 'address'))}?error=true`,
    review,
  )
}

/** What a successful change says on the next page (post/redirect/get with a toast). */
function successToast(form: BasketForm, deleted: boolean) {
  switch (form.intent) {
    case 'quantity':
    case 'delete':
      return { key: deleted ? 'basket.line.deleted.message' : 'basket.line.updated.message' }
    case 'delivery':
      return { key: 'checkout.desired_delivery_date.success.message' }
    case 'addCode':
      return { key: 'basket.promotion_code.added.message', values: { code: form.code.toUpperCase() } }
    case 'removeCode':
      return { key: 'basket.promotion_code.removed.message', values: { code: form.code } }
    case 'fields':
      return { key: 'basket.fields.saved.message' }
  }
}

/**
 * Every change of the basket is a plain form post: quantity (0 or empty deletes), delete, desired delivery
 * date, promotion codes, message to merchant and order reference. Invalid input answers 400 with the
 * form's messages, an ICM refusal 422 with ICM's message; success redirects back with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request)
  if (formData.get('intent') === 'checkout') return startCheckout(request, params)
  const { locale, scope, session } = await shopperOf(request, params)
  const t = fixedT(locale.id)
  const here = new URL(request.url).pathname
  const submission = parseSubmission(formData, { schema: basketFormSchema(t), t })
  const lineId = submission.payload.lineId
  const target = {
    intent: String(submission.payload.intent ?? ''),
    lineId: lineId ? String(lineId) : undefined,
  }
  if (submission.status !== 'success') {
    const messages = Object.values(submission.error ?? {}).flatMap((list) => list ?? [])
    return data({ ...target, messages }, { status: 400 })
  }
  const basket = await currentBasket(scope)
  // Nothing to change: the basket expired or was ordered meanwhile; the page says so.
  if (!basket) throw redirect(`${here}?error=true`, 303)
  const form = submission.value
  const deleted = (form.intent === 'quantity' && !form.quantity) || form.intent === 'delete'
  let result: ChangeResult
  switch (form.intent) {
    case 'quantity':
      result = form.quantity
        ? await updateLineItem(scope, basket.id, form.lineId, { quantity: form.quantity })
        : await deleteLineItem(scope, basket.id, form.lineId)
      break
    case 'delete':
      result = await deleteLineItem(scope, basket.id, form.lineId)
      break
    case 'delivery':
      result = await updateLineItem(scope, basket.id, form.lineId, {
        desiredDelivery: form.desiredDelivery ?? null,
      })
      break
    case 'addCode':
      result = await addPromotionCode(scope, basket.id, form.code)
      break
    case 'removeCode':
      result = await removePromotionCode(scope, basket.id, form.code)
      break
    case 'fields':
      result = await updateBasketFields(scope, basket.id, {
        messageToMerchant: form.messageToMerchant ?? '',
        externalOrderReference: form.externalOrderReference ?? '',
      })
      break
  }
  if (!result.ok) {
    const messages = result.errors.map((e) => {
      const text = t(e.code)
      return text === e.code ? e.message : text
    })
    return data({ ...target, messages }, { status: 422 })
  }
  return redirectWithToast(session, here, { ...successToast(form, deleted), type: 'success' })
}

type ActionResult = { intent: string; lineId?: string; messages: string[] }

/** The messages of the form that was just posted, next to that form. */
function FormErrors({ result, intent, lineId }: { result?: ActionResult; intent: string; lineId?: string }) {
  if (!result || result.intent !== intent || result.lineId !== lineId || result.messages.length === 0)
    return null
  return (
    <ul className="form-errors" role="alert">
      {result.messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}

export default function BasketPage() {
  const { basket, delivery, validation } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as ActionResult | undefined
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const { locale, display } = useShell()
  const { t } = useTranslation()
  const amount = (item: Parameters<typeof pick>[0]) => formatMoney(pick(item, display), locale.tag)
  if (!basket || basket.lines.length === 0) {
    return (
      <>
        <h1>{t('basket.title')}</h1>
        <p>{t('basket.empty')}</p>
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </>
    )
  }
  return (
    <>
      <h1>{t('basket.title')}</h1>
      {basket.infos.length > 0 ? (
        <ul className="basket-infos" role="status">
          {basket.infos.map((info) => {
            const text = t(info.code)
            return <li key={info.code}>{text === info.code ? (info.message ?? info.code) : text}</li>
          })}
        </ul>
      ) : null}
      <table className="basket-table">
        <thead>
          <tr>
            <th scope="col">{t('basket.line.product')}</th>
            <th scope="col" className="num">
              {t('basket.line.unit_price')}
            </th>
            <th scope="col" className="num">
              {t('basket.line.quantity')}
            </th>
            <th scope="col" className="num">
              {t('basket.line.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {basket.lines.map((line) => (
            <tr
              key={line.id}
              data-testid="basket-line"
              className={line.parentId ? 'basket-line-mandatory-child' : undefined}
            >
              <td>
                {line.image ? <img src={line.image} alt="" width={60} height={60} /> : null}{' '}
                {line.url ? <Link to={line.url}>{line.name}</Link> : line.name}
                <br />
                <small>{t('product.sku', { sku: line.sku })}</small>
                {line.variation ? (
                  <>
                    <br />
                    <small>{line.variation}</small>
                  </>
                ) : null}
                {line.warranty ? (
                  <>
                    <br />
                    <small className="line-warranty" data-testid="line-warranty">
                      {t('basket.line.warranty', { name: line.warranty.name })}{' '}
                      {t('product.warranty.price', { price: amount(line.warranty.price) })}
                    </small>
                  </>
                ) : null}
                {line.parentName ? (
                  <>
                    <br />
                    <small className="line-mandatory-parent">
                      {t('basket.mandatory.belongs_to', { name: line.parentName })}
                    </small>
                  </>
                ) : null}
                {line.mandatory && !line.mandatory.satisfied ? (
                  <p className="line-mandatory-open" role="note">
                    {t(
                      line.mandatory.selections.length && !line.mandatory.selections.some((s) => s.satisfied)
                        ? 'basket.mandatory.selection.open'
                        : 'basket.mandatory.accessories.open',
                    )}{' '}
                    <Link to={mandatoryPath(locale.lang, line.id)}>
                      {t('basket.mandatory.choose', { name: line.name })}
                    </Link>
                  </p>
                ) : null}
                {delivery ? (
                  <Form method="post" className="line-delivery">
                    <input type="hidden" name="intent" value="delivery" />
                    <input type="hidden" name="lineId" value={line.id} />
                    <label>
                      {t('basket.line.desired_delivery')}{' '}
                      <input
                        type="date"
                        name="desiredDelivery"
                        defaultValue={line.desiredDelivery ?? ''}
                        min={delivery.min}
                        max={delivery.max}
                        pattern="\d{4}-\d{2}-\d{2}"
                        placeholder="yyyy-mm-dd"
                      />
                    </label>{' '}
                    <button type="submit" disabled={busy}>
                      {t('basket.line.desired_delivery.save')}
                    </button>
                    <FormErrors result={result} intent="delivery" lineId={line.id} />
                  </Form>
                ) : null}
              </td>
              <td className="num">
                <MoneyText money={pick(line.singleBasePrice, display)} locale={locale} />
              </td>
              <td className="num">
                <Form method="post" className="line-quantity">
                  <input type="hidden" name="intent" value="quantity" />
                  <input type="hidden" name="lineId" value={line.id} />
                  <input
                    type="number"
                    name="quantity"
                    defaultValue={line.quantity}
                    min={0}
                    max={line.maxQuantity}
                    step={1}
                    inputMode="numeric"
                    aria-label={t('basket.line.quantity_of', { name: line.name })}
                  />{' '}
                  <button type="submit" disabled={busy}>
                    {t('basket.line.update')}
                  </button>
                  <FormErrors result={result} intent="quantity" lineId={line.id} />
                </Form>
                <Form method="post" className="line-delete">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="lineId" value={line.id} />
                  <button type="submit" className="link-button" disabled={busy}>
                    {t('basket.line.delete', { name: line.name })}
                  </button>
                </Form>
              </td>
              <td className="num">
                {line.rebate && line.undiscounted ? (
                  <>
                    <s aria-label={t('basket.line.undiscounted')} data-testid="line-undiscounted">
                      {amount(line.undiscounted)}
                    </s>
                    <br />
                  </>
                ) : null}
                <span data-testid="line-total">
                  <MoneyText money={pick(line.total, display)} locale={locale} />
                </span>
                {line.rebate ? (
                  <>
                    <br />
                    <small className="line-rebate">
                      {t('basket.line.rebate', { amount: amount(line.rebate) })}
                    </small>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="basket-extras">
        <section aria-labelledby="promotion-code-title">
          <h2 id="promotion-code-title">{t('basket.promotion_code.title')}</h2>
          {basket.promotionCodes.map((code) => (
            <Form method="post" key={code} className="promotion-code">
              <input type="hidden" name="intent" value="removeCode" />
              <input type="hidden" name="code" value={code} />
              <span data-testid="promotion-code">{code}</span>{' '}
              <button type="submit" className="link-button" disabled={busy}>
                {t('basket.promotion_code.remove', { code })}
              </button>
            </Form>
          ))}
          <Form method="post">
            <input type="hidden" name="intent" value="addCode" />
            <label>
              {t('basket.promotion_code.label')}{' '}
              <input type="text" name="code" maxLength={100} autoComplete="off" required />
            </label>{' '}
            <button type="submit" disabled={busy}>
              {t('basket.promotion_code.apply')}
            </button>
            <FormErrors result={result} intent="addCode" />
            <FormErrors result={result} intent="removeCode" />
          </Form>
        </section>
        <section aria-labelledby="basket-fields-title">
          <h2 id="basket-fields-title">{t('basket.fields.title')}</h2>
          <Form method="post" className="basket-fields">
            <input type="hidden" name="intent" value="fields" />
            <label>
              {t('basket.fields.external_order_reference')}
              <input
                type="text"
                name="externalOrderReference"
                maxLength={100}
                defaultValue={basket.externalOrderReference ?? ''}
              />
            </label>
            <label>
              {t('basket.fields.message_to_merchant')}
              <textarea
                name="messageToMerchant"
                maxLength={1000}
                rows={3}
                defaultValue={basket.messageToMerchant ?? ''}
              />
            </label>
            <button type="submit" disabled={busy}>
              {t('basket.fields.save')}
            </button>
            <FormErrors result={result} intent="fields" />
          </Form>
        </section>
      </div>
      <section className="basket-totals" aria-labelledby="totals-title">
        <h2 id="totals-title">{t('basket.totals.title')}</h2>
        <dl>
          <dt>{t('basket.totals.items')}</dt>
          <dd>
            <MoneyText money={pick(basket.totals.items, display)} locale={locale} />
          </dd>
          {basket.valueRebates.map((rebate) => (
            <div key={rebate.name} style={{ display: 'contents' }}>
              <dt>{t('basket.totals.rebate', { name: rebate.name })}</dt>
              <dd data-testid="basket-rebate">−{amount(rebate.amount)}</dd>
            </div>
          ))}
          {basket.totals.tax ? (
            <>
              <dt>{t('basket.totals.tax')}</dt>
              <dd>
                <MoneyText money={basket.totals.tax} locale={locale} />
              </dd>
            </>
          ) : null}
          <dt className="grand">{t('basket.totals.total')}</dt>
          <dd className="grand" data-testid="basket-total">
            <MoneyText money={pick(basket.totals.total, display)} locale={locale} />
          </dd>
        </dl>
        {basket.totals.estimated ? <p className="hint">{t('basket.totals.estimated')}</p> : null}
      </section>
      <ValidationMessages validation={validation} />
      <Form method="post" className="basket-checkout">
        <input type="hidden" name="intent" value="checkout" />
        <button type="submit" className="primary" disabled={busy}>
          {t('basket.checkout')}
        </button>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
