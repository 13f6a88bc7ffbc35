import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { itemsFromForm } from '~/models/add-items'
import { mandatoryPath } from '~/models/basket'
import { safeReturnUrl } from '~/models/url'
import { addTexts, addToast } from '~/services/add-to-basket.server'
import { addToBasket } from '~/services/basket.server'
import { PRIVATE_NO_STORE } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { commitSession } from '~/services/session.server'
import { requireLocale, shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

/** What the collected adds get back (JavaScript): what was added, the lines to highlight, every refusal. */
export type AddAnswer = {
  added: string | null
  lineIds: string[]
  problems: string[]
  /** A line the add made whose product asks for mandatory selections or accessories: the modal asks for them. */
  mandatory: string | null
}

/** Nothing to show here: the basket page is where a shopper looks at the basket. */
export function loader({ params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  return redirect(`/${locale.lang}/basket`)
}

/**
 * The one place adds arrive from tiles and from the collected adds of a page (spec §4 "Adding to basket"):
 * `sku`, `quantity`, `warranty` fields, repeated for several items, all sent to ICM in one call. A plain
 * form post is answered by a redirect back (`returnUrl`) with the product-added toast or the refusals, or
 * to the prompt for the mandatory selections and accessories of a line it made (ADR 0011);
 * the browser's collected adds (`response=json`) get the texts and the added lines as data.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { locale, scope, session } = await shopperOf(request, params)
  const t = fixedT(locale.id)
  const form = await request.formData()
  const { items, invalid } = itemsFromForm(form)
  const result = await addToBasket(scope, session, items)
  if (form.get('response') === 'json') {
    const texts = addTexts(t, result, invalid)
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
      headers: { 'Set-Cookie': await commitSession(session), 'Cache-Control': PRIVATE_NO_STORE },
    })
  }
  // A product that asks for mandatory items: on to the page that asks for them (ADR 0011).
  const mandatory = result.mandatoryLineIds[0]
  const returnUrl = mandatory
    ? mandatoryPath(locale.lang, mandatory)
    : safeReturnUrl(form.get('returnUrl'), `/${locale.lang}/home`)
  return redirectWithToast(session, returnUrl, addToast(t, result, invalid))
}
