import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { addToBasketSchema, DEFAULT_MAX_QUANTITY } from '~/models/quantity'
import type { CatalogLoader } from '~/routes/$lang.$'
import { Breadcrumb } from '../Breadcrumb'
import { ProductPriceView } from '../Price'
import { StockStatus } from '../StockStatus'
import { useShell } from '../useShell'

type Page = Extract<SerializeFrom<CatalogLoader>, { kind: 'product' }>
type ActionData = { result?: SubmissionResult<string[]> }

function AddToBasketForm({ page }: { page: Page }) {
  const { t } = useTranslation()
  const { product } = page
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'addToBasket'
  const [form, fields] = useForm({
    id: `add-${product.sku}`,
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    defaultValue: { quantity: String(product.minOrderQuantity), sku: product.sku, intent: 'addToBasket' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addToBasketSchema(product, t) }),
  })
  const max = Math.min(product.maxOrderQuantity ?? DEFAULT_MAX_QUANTITY, DEFAULT_MAX_QUANTITY)
  return (
    <Form method="post" {...getFormProps(form)} className="add-to-basket">
      <input type="hidden" name="intent" value="addToBasket" />
      <input type="hidden" name="sku" value={product.sku} />
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

export function ProductPage({ page }: { page: Page }) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const { product } = page
  const image = product.images.find((i) => i.typeID === 'L') ?? product.images[0]
  const orderable =
    product.kind !== 'VariationProductMaster' &&
    product.kind !== 'RetailSet' &&
    product.available &&
    page.inventory?.status !== 3
  return (
    <>
      <Breadcrumb items={page.breadcrumb} homeUrl={`/${locale.lang}/home`} />
      <div className="product-detail">
        <div className="product-images">
          {image ? <img src={image.url} alt={product.name} width={427} height={427} /> : null}
        </div>
        <div>
          <h1>{product.name}</h1>
          <p className="sku">{t('product.sku', { sku: product.sku })}</p>
          {product.manufacturer ? (
            <p>
              {t('product.manufacturer')}: {product.manufacturer}
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
          {product.kind === 'VariationProductMaster' ? (
            <section>
              <p>{t('product.choose_variation')}</p>
              <h2>{t('product.variations.title')}</h2>
              <ul>
                {page.variations.map((v) => (
                  <li key={v.sku}>
                    <Link to={v.url}>{v.values.join(', ') || v.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <>
              <StockStatus inventory={page.inventory ?? undefined} available={product.available} />
              {product.readyForShipmentMin !== undefined && product.readyForShipmentMax !== undefined ? (
                <p>
                  {t('product.ready_for_shipment', {
                    min: product.readyForShipmentMin,
                    max: product.readyForShipmentMax,
                  })}
                </p>
              ) : null}
            </>
          )}
          {orderable ? <AddToBasketForm page={page} /> : null}
          <p>{product.shortDescription}</p>
        </div>
      </div>
      <section>
        <h2>{t('product.description.title')}</h2>
        <p>{product.longDescription}</p>
      </section>
      {product.attributes.length > 0 ? (
        <section>
          <h2>{t('product.attributes.title')}</h2>
          <dl className="attributes">
            {product.attributes.map((a) => (
              <div key={a.name} style={{ display: 'contents' }}>
                <dt>{a.name}</dt>
                <dd>{a.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  )
}
