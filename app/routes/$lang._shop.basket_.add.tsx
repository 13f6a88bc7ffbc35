import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { noindexMeta } from '~/models/seo'
import { ADD_ITEMS_PARAMS, addItemsFromParams, addItemsParams, itemsFromForm } from '~/models/add-items'
import { mandatoryPath } from '~/models/basket'
import type { AddAnswer } from '~/models/basket-adder'
import { safeReturnUrl } from '~/models/url'
import { addTexts, addToast, productsOfAdd } from '~/services/add-to-basket.server'
import { addToBasket } from '~/services/basket.server'
import { cacheHeaders, privateHeaders } from '~/services/http.server'
import { pageHeaders } from '~/services/headers'
import { fixedT } from '~/services/i18n.server'
import { requireLocale, shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { formText, readForm } from '~/services/form.server'

export const headers = pageHeaders

/**
 * Without link parameters there is nothing to show: the basket page is where a shopper looks at the basket.
 * With them (a logged-in shopper who followed an add-items link from elsewhere, see addItemsFromLink) the
 * page lists the link's items and asks to confirm them with a post from this page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const url = new URL(request.url)
  const link = addItemsFromParams(url.searchParams)
  if (!link) return redirect(`/${locale.lang}/basket`)
  const t = fixedT(locale.id)
  return data(
    {
      title: t('ede.shopping_cart.add_items.confirm.title'),
      items: link.items.slice(0, MAX_LINK_ITEMS).map(({ sku, quantity }) => ({ sku, quantity })),
      more: Math.max(0, link.items.length - MAX_LINK_ITEMS),
      invalid: link.invalid.length,
      fields: addItemsParams(url.searchParams),
      returnUrl: safeReturnUrl(url.searchParams.get('returnUrl'), `/${locale.lang}/home`),
    },
    { headers: cacheHeaders(request, 'private') },
  )
}

/** How many of a link's items the confirmation lists one by one. */
const MAX_LINK_ITEMS = 50

/**
 * The one place adds arrive from tiles and from the collected adds of a page (spec §4 "Adding to basket"):
 * `sku`, `quantity`, `warranty` fields, repeated for several items, all sent to ICM in one call. A plain
 * form post is answered by a redirect back (`returnUrl`) with the product-added toast or the refusals, or
 * to the prompt for the mandatory selections and accessories of a line it made (ADR 0011);
 * the browser's collected adds (`response=json`) get the texts and the added lines as data.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const form = await readForm(request)
  // The confirmed add-items link carries the link's own parameters; the add forms carry items.
  const { items, invalid } = addItemsFromParams(new URLSearchParams(linkFields(form))) ?? itemsFromForm(form)
  const result = await addToBasket(scope, session, items)
  const products = await productsOfAdd(scope, result)
  if (form.get('response') === 'json') {
    const texts = addTexts(t, result, invalid, products)
    const answer: AddAnswer = {
      added: texts.added ?? null,
      lineIds: result.lineIds,
      problems: texts.problems,
      mandatory: result.mandatoryLineIds[0] ?? null,
    }
    if (!texts.added && texts.problems.length === 0)
      answer.problems.push(t('ede.shopping_cart.product.not_added.message'))
    return data(answer, {
      // Nothing added: 422, and the page's data stays as it is.
      status: result.added.length ? 200 : 422,
      headers: privateHeaders(),
    })
  }
  // A product that asks for mandatory items: on to the page that asks for them (ADR 0011).
  const mandatory = result.mandatoryLineIds[0]
  const returnUrl = mandatory
    ? mandatoryPath(locale.lang, mandatory)
    : safeReturnUrl(formText(form, 'returnUrl'), `/${locale.lang}/home`)
  return redirectWithToast(session, returnUrl, addToast(t, result, invalid, products))
}

function linkFields(form: FormData): [string, string][] {
  return ADD_ITEMS_PARAMS.flatMap((name) => {
    const value = formText(form, name)
    return value === null ? [] : [[name, value] as [string, string]]
  })
}

export default function ConfirmAddItems() {
  const { items, more, invalid, fields, returnUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const navigation = useNavigation()
  return (
    <>
      <h1>{t('ede.shopping_cart.add_items.confirm.title')}</h1>
      <p>{t('ede.shopping_cart.add_items.confirm.text')}</p>
      <ul className="add-items-confirm">
        {items.map((item, index) => (
          <li key={`${item.sku}-${index}`}>
            {t('ede.shopping_cart.add_items.confirm.item', { sku: item.sku, quantity: item.quantity })}
          </li>
        ))}
      </ul>
      {more > 0 ? <p>{t('ede.shopping_cart.add_items.confirm.more', { count: more })}</p> : null}
      {invalid > 0 ? <p>{t('ede.shopping_cart.add_items.confirm.invalid', { count: invalid })}</p> : null}
      <Form method="post">
        {fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <button type="submit" disabled={navigation.state === 'submitting'}>
          {t('ede.shopping_cart.add_items.confirm.submit')}
        </button>{' '}
        <Link to={returnUrl}>{t('ede.shopping_cart.add_items.confirm.cancel')}</Link>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
