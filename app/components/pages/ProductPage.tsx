import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Listing } from '../Listing'
import { groupAttachments } from '~/models/attachment'
import { formatMoney, pick, type PriceItem } from '~/models/price'
import { readyForShipment, type ProductAttributeText } from '~/models/product'
import { addToBasketSchema, maxQuantity, type QuantityRules } from '~/models/quantity'
import type { CatalogLoader } from '~/routes/$lang.$'
import { useBasketAdder } from '../BasketAdder'
import { Breadcrumb } from '../Breadcrumb'
import { CompareButton } from '../CompareButton'
import { ProductPriceView } from '../Price'
import { ProductDocuments, ProductLabels } from '../ProductAttachments'
import { ProductImages } from '../ProductImages'
import { ProductLinks } from '../ProductLinks'
import { ProductPromotions } from '../ProductPromotions'
import { RecentlyViewed } from '../RecentlyViewed'
import { StockStatus } from '../StockStatus'
import { useShell } from '../useShell'

type Page = Extract<SerializeFrom<CatalogLoader>, { kind: 'product' }>
type ActionData = { result?: SubmissionResult<string[]> }

type Orderable = { sku: string } & QuantityRules
type WarrantyOption = { id: string; name: string; price: PriceItem | null }

/**
 * One add-to-basket form; a retail set page shows one per part. The server checks the real rules. Offered
 * warranties are radio buttons, "No warranty" chosen by default.
 */
function AddToBasketForm({
  product,
  maxItemQuantity,
  warranties = [],
}: {
  product: Orderable
  maxItemQuantity: number
  warranties?: WarrantyOption[]
}) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const adder = useBasketAdder()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('sku') === product.sku
  const mine = actionData?.result?.initialValue?.sku === product.sku
  const [form, fields] = useForm({
    id: `add-${product.sku}`,
    lastResult: navigation.state === 'idle' && mine ? actionData?.result : null,
    defaultValue: { quantity: String(product.minOrderQuantity), sku: product.sku, intent: 'addToBasket' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: addToBasketSchema(product, t, maxItemQuantity) }),
    // With JavaScript a valid add joins the page's collected adds instead of posting the page.
    onSubmit: (event, { submission }) => {
      if (!adder || submission?.status !== 'success') return
      event.preventDefault()
      adder.add({
        sku: product.sku,
        quantity: String(submission.value.quantity),
        warranty: submission.value.warranty,
      })
    },
  })
  const max = maxQuantity(product, maxItemQuantity)
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="add-to-basket"
      // Marks the form once JavaScript handles its adds (a fetcher instead of a page load).
      data-enhanced={adder ? '' : undefined}
    >
      <input type="hidden" name="intent" value="addToBasket" />
      <input type="hidden" name="sku" value={product.sku} />
      {warranties.length > 0 ? (
        <fieldset className="warranty-choice">
          <legend>{t('product.warranty.legend')}</legend>
          {[{ id: '', name: t('product.warranty.none'), price: null }, ...warranties].map((w) => (
            <label key={w.id}>
              <input
                type="radio"
                name={fields.warranty.name}
                value={w.id}
                defaultChecked={(fields.warranty.initialValue ?? '') === w.id}
              />
              {w.name}
              {w.price ? (
                <span className="warranty-price">
                  {t('product.warranty.price', { price: formatMoney(pick(w.price, display), locale.tag) })}
                </span>
              ) : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label htmlFor={fields.quantity.id}>
        {t('product.quantity.label')}
        <input
          {...getInputProps(fields.quantity, { type: 'number' })}
          min={product.minOrderQuantity}
          max={max}
          step={product.stepQuantity}
          inputMode="numeric"
          required
        />
      </label>
      <button type="submit" disabled={busy}>
        {t('product.add_to_basket')}
      </button>
      {fields.quantity.errors ? (
        <p className="field-error" id={fields.quantity.errorId} role="alert">
          {fields.quantity.errors.join(' ')}
        </p>
      ) : null}
      {form.errors ? (
        <p className="form-error" id={form.errorId} role="alert">
          {form.errors.join(' ')}
        </p>
      ) : null}
    </Form>
  )
}

/**
 * The variation selection: per variation attribute its values as links to the variation pages (no JavaScript
 * needed, and every variation keeps a crawlable canonical URL). A master names its default variation.
 */
function VariationSelection({ page }: { page: Page }) {
  const { t } = useTranslation()
  const master = page.product.kind === 'VariationProductMaster'
  if (page.variationSelection.length === 0) return null
  return (
    <section aria-labelledby="variations-title" className="variation-select">
      <h2 id="variations-title">{t('product.variations.title')}</h2>
      {master ? <p>{t('product.choose_variation')}</p> : null}
      {page.defaultVariation ? (
        <p>
          <Link to={page.defaultVariation.url} className="default-variation">
            {t('product.variations.default', { name: page.defaultVariation.name })}
          </Link>
        </p>
      ) : null}
      {page.variationSelection.map((group) => (
        <fieldset key={group.id} className="variation-attribute">
          <legend>{group.name}</legend>
          <ul>
            {group.options.map((option) => (
              <li key={option.value}>
                {option.selected ? (
                  <strong aria-current="true" className="variation-value selected">
                    {option.displayValue}
                    <span className="visually-hidden"> ({t('product.variations.current')})</span>
                  </strong>
                ) : (
                  <Link
                    to={option.url}
                    className={`variation-value${option.exact ? '' : ' other-combination'}${option.available ? '' : ' unavailable'}`}
                    title={option.exact ? undefined : t('product.variations.other_combination')}
                  >
                    {option.displayValue}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </section>
  )
}

/** A titled list of attribute names and values (the ungrouped attributes, or one attribute group). */
function AttributeList({ title, attributes }: { title: string; attributes: ProductAttributeText[] }) {
  if (attributes.length === 0) return null
  return (
    <section>
      <h2>{title}</h2>
      <dl className="attributes">
        {attributes.map((a) => (
          <div key={a.name} style={{ display: 'contents' }}>
            <dt>{a.name}</dt>
            <dd>{a.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function ProductPage({ page }: { page: Page }) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const { product } = page
  const orderable =
    product.kind !== 'VariationProductMaster' &&
    product.kind !== 'RetailSet' &&
    product.available &&
    page.inventory?.status !== 3 &&
    // Without a price the product is sold on request only.
    !!page.price?.sale
  const attachments = groupAttachments(product.attachments)
  const shipment = readyForShipment(product.readyForShipmentMin, product.readyForShipmentMax)
  return (
    <>
      <Breadcrumb items={page.breadcrumb} homeUrl={`/${locale.lang}/home`} />
      <div className="product-detail">
        <ProductImages images={product.images} name={product.name} />
        <div>
          <h1>{product.name}</h1>
          <p className="sku">{t('product.sku', { sku: product.sku })}</p>
          {product.manufacturer ? (
            <p className="manufacturer">
              {attachments.brandImages.map((logo) => (
                <img key={logo.name} src={logo.url} alt="" height={32} />
              ))}
              {t('product.manufacturer')}: {product.manufacturer}
              {product.manufacturerSku ? (
                <span className="manufacturer-sku">
                  {' '}
                  · {t('product.manufacturer_sku', { sku: product.manufacturerSku })}
                </span>
              ) : null}
            </p>
          ) : null}
          {product.rating ? (
            <p className="rating">{t('product.rating', { rating: product.rating })}</p>
          ) : null}
          <ProductPriceView
            price={page.price}
            display={display}
            locale={locale}
            detailed
            from={product.kind === 'VariationProductMaster'}
          />
          <VariationSelection page={page} />
          {product.kind === 'VariationProductMaster' ? null : (
            <>
              <StockStatus inventory={page.inventory ?? undefined} available={product.available} />
              {shipment ? <p className="ready-for-shipment">{t(shipment.key, shipment.values)}</p> : null}
            </>
          )}
          {orderable ? (
            <AddToBasketForm
              product={product}
              maxItemQuantity={page.maxItemQuantity}
              warranties={page.warranties}
            />
          ) : null}
          <ProductLabels labels={attachments.labels} />
          <ProductPromotions promotions={page.promotions} />
          <CompareButton sku={product.sku} name={product.name} />
          <p>{product.shortDescription}</p>
        </div>
      </div>
      {page.variationListing && page.variationListing.total + (page.variationListing.filters ? 1 : 0) > 0 ? (
        <section aria-labelledby="variation-listing-title" className="variation-listing">
          <h2 id="variation-listing-title">{t('product.variations.all')}</h2>
          <Listing
            listing={page.variationListing}
            title={t('product.variations.count', { count: page.variationListing.total })}
          />
        </section>
      ) : null}
      {page.parts.length > 0 ? (
        <section aria-labelledby="parts-title">
          <h2 id="parts-title">
            {t(product.kind === 'Bundle' ? 'product.parts.bundle' : 'product.parts.retailset')}
          </h2>
          <ul className="product-parts">
            {page.parts.map((part) => (
              <li key={part.sku} className="product-part">
                {part.image ? <img src={part.image} alt="" width={80} height={80} loading="lazy" /> : null}
                <div>
                  {product.kind === 'Bundle' ? (
                    <span>{t('product.parts.quantity', { count: part.quantity })} </span>
                  ) : null}
                  <Link to={part.url}>{part.name}</Link>
                  <ProductPriceView price={part.price} display={display} locale={locale} />
                  {product.kind === 'RetailSet' && part.available ? (
                    <AddToBasketForm product={part} maxItemQuantity={page.maxItemQuantity} />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h2>{t('product.description.title')}</h2>
        <p>{product.longDescription}</p>
      </section>
      <AttributeList title={t('product.attributes.title')} attributes={product.attributes} />
      {product.attributeGroups.map((group) => (
        <AttributeList key={group.id} title={group.name} attributes={group.attributes} />
      ))}
      <ProductDocuments documents={attachments.documents} />
      <ProductLinks related={page.related} />
      <RecentlyViewed entries={page.recentlyViewed} />
    </>
  )
}
