import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { MandatoryChoices } from '~/components/MandatoryChoices'
import type { Basket, BasketLine, MandatoryLink } from '~/models/basket'
import { mandatoryChoiceSchema, type MandatoryChoice, type MandatoryPrompt } from '~/models/mandatory'
import { noindexMeta } from '~/models/seo'
import { addedAll, addToBasket, currentBasket, type BasketItem } from '~/services/basket.server'
import { prices } from '~/services/prices.server'
import { product } from '~/services/products.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders, notFound } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import type { IcmScope } from '~/services/icm.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { addTexts, productsOfAdd } from '~/services/add-to-basket.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, type ActionResult } from '~/services/form-result.server'

export const headers = pageHeaders

/**
 * Only this route's own posts make it load again. The modal's fetcher keeps the data it loaded; after any
 * other change of the basket (e.g. removing the line) loading again would answer 404 into the page.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction ? /\/basket\/mandatory\//.test(formAction) && defaultShouldRevalidate : defaultShouldRevalidate

/** The line of the shopper's basket that asks for mandatory items, or a 404. */
function lineOf(basket: Basket | null, lineId: string | undefined) {
  const line = basket?.lines.find((l) => l.id === lineId)
  if (!basket || !line?.mandatory) throw notFound()
  return { basket, line: line as BasketLine & { mandatory: NonNullable<BasketLine['mandatory']> } }
}

/** Names and prices of the line's product and of what it asks for; a product that cannot be loaded shows its SKU. */
async function promptFor(scope: IcmScope, line: ReturnType<typeof lineOf>['line']): Promise<MandatoryPrompt> {
  const { selections, accessories, satisfied } = line.mandatory
  const skus = [line.sku, ...selections.map((s) => s.product), ...accessories.map((a) => a.product)]
  const [names, priceMap] = await Promise.all([
    Promise.all(
      skus.map((sku) =>
        product(scope, sku).then(
          (p) => p.name,
          () => sku,
        ),
      ),
    ),
    prices(scope, skus).catch(() => new Map()),
  ])
  const nameOf = new Map(skus.map((sku, i) => [sku, names[i]!]))
  const choice = (link: MandatoryLink): MandatoryChoice => {
    const price = priceMap.get(link.product)
    return {
      sku: link.product,
      name: nameOf.get(link.product) ?? link.product,
      ...(price?.sale || price?.list ? { price: price.sale ?? price.list } : {}),
      inBasket: !!link.lineItem,
    }
  }
  return {
    lineId: line.id,
    parent: { sku: line.sku, name: nameOf.get(line.sku) ?? line.sku, quantity: line.quantity },
    selections: selections.map(choice),
    accessories: accessories.map(choice),
    selectionMade: selections.some((s) => s.satisfied),
    satisfied,
  }
}

/**
 * The prompt for a line's mandatory selections and accessories (spec §4 "Adding to basket", ADR 0011): the
 * page adds lead here without JavaScript; with it, the same data fills the modal. An unknown line, or one
 * whose product asks for nothing, is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const { line } = lineOf(await currentBasket(scope), params.lineId)
  const prompt = await promptFor(scope, line)
  return data(
    { title: t('basket.mandatory.title', { name: prompt.parent.name }), prompt },
    { headers: cacheHeaders(request, 'private') },
  )
}

/**
 * Adds the chosen selection and the checked accessories for the line (`mandatorySelectionItemOf`), as many
 * pieces of each as the line has. Nothing chosen while a selection is open, or a product that is not one
 * of the line's choices: 400. ICM's refusal: 422 with its reasons. Success: to the basket with a message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { locale, scope, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: mandatoryChoiceSchema, t })
  if (submission.status !== 'success') return invalid(submission)
  const { line } = lineOf(await currentBasket(scope), params.lineId)
  const { selections, accessories } = line.mandatory
  const selection = submission.value.selection ?? ''
  const chosenAccessories = [...new Set(submission.value.accessory ?? [])]
  // The page offered these choices; anything else was not posted from it.
  const refuse = (key: string) =>
    data<ActionResult>({ result: submission.reply({ formErrors: [t(key)] }) }, { status: 400 })

  const selectionOpen = selections.length > 0 && !selections.some((s) => s.satisfied)
  if (selection && !selections.some((s) => s.product === selection))
    return refuse('basket.mandatory.unknown_choice.error')
  if (chosenAccessories.some((sku) => !accessories.some((a) => a.product === sku)))
    return refuse('basket.mandatory.unknown_choice.error')
  if (selectionOpen && !selection) return refuse('basket.mandatory.selection.required')
  const skus = [
    ...(selection && selectionOpen ? [selection] : []),
    ...chosenAccessories.filter((sku) => !accessories.find((a) => a.product === sku)?.satisfied),
  ]
  if (skus.length === 0) return refuse('basket.mandatory.nothing_chosen.error')

  const items: BasketItem[] = skus.map((sku) => ({
    sku,
    quantity: line.quantity,
    mandatorySelectionItemOf: line.id,
  }))
  const result = await addToBasket(scope, session, items)
  if (!addedAll(result)) {
    const { problems } = addTexts(t, result, [], await productsOfAdd(scope, result))
    return data<ActionResult>({ result: submission.reply({ formErrors: problems }) }, { status: 422 })
  }
  const { names } = await productsOfAdd(scope, result)
  return redirectWithToast(session, `/${locale.lang}/basket`, {
    key: 'basket.mandatory.added.message',
    // The products by name, joined as the language joins a list ("A and B", "A und B").
    values: {
      names: new Intl.ListFormat(locale.tag, { type: 'conjunction' }).format(
        skus.map((sku) => names[sku] ?? sku),
      ),
      count: skus.length,
    },
    type: 'success',
  })
}

export default function MandatoryPromptPage() {
  const { prompt } = useLoaderData<typeof loader>()
  return (
    <div className="mandatory-page">
      <MandatoryChoices prompt={prompt} headingId="mandatory-title" headingLevel={1} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
