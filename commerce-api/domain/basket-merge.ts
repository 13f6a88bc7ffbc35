/**
 * Merging an anonymous shopper's basket into the basket of the user who just logged in (spec §4 "Basket
 * loading and merging", §5): `POST baskets/{target}/merges {sourceBasket, sourceAuthenticationToken}`.
 * The source token proves that the caller may take the source basket. One transaction locks both baskets,
 * moves the lines (the same product and warranty add up, fitted to the product's quantity rules, quantity.ts),
 * carries the promotion code over, and leaves the source basket `merged` (no longer open, so it is nobody's
 * current basket any more). A mandatory selection or accessory stays with its parent line (ADR 0011): it
 * belongs to the line its parent went into; when the parent was not taken over, it comes along as a line of
 * its own.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { basketPromotionCodes, baskets, lineItems, products } from '../db/schema'
import {
  basketNotFound,
  customFieldColumns,
  customFieldsOf,
  lineKey,
  mergeCustomFields,
  type BasketNotice,
  type BasketRow,
  type LineRow,
} from './basket'
import { pricedSkus } from './catalog'
import type { MessageCode } from './message-codes'
import type { Currency } from './channel'
import { refusedError } from './errors'
import { isUuid } from './ids'
import { fitQuantity, type QuantityRules } from './quantity'
import { checkToken, type Principal } from './tokens'
import { lineWarranties, warrantyPrice, type WarrantyRow } from './warranties'

export type MergeRequest = { sourceBasket: string; sourceAuthenticationToken: string }

export type MergeResult = { basket: BasketRow; infos: BasketNotice[] }

const notice = (code: MessageCode, message: string): BasketNotice => ({ code, message })

/** Step 1: the source basket is another basket, and its token is valid; the token's owner. */
async function sourceOwnerOf(db: Db, target: BasketRow, request: MergeRequest): Promise<string> {
  if (request.sourceBasket === target.id || request.sourceBasket === 'current') {
    throw refusedError(
      'basket.merge.source_equals_target.error',
      'The source basket must be another basket than the target basket.',
    )
  }
  const check = await checkToken(db, request.sourceAuthenticationToken)
  if (check.status !== 'valid') {
    throw refusedError(
      'basket.merge.source_token.invalid.error',
      check.status === 'expired'
        ? 'The authentication token of the source basket has expired.'
        : 'The authentication token of the source basket is not valid.',
    )
  }
  if (!isUuid(request.sourceBasket)) throw sourceNotOwned(request.sourceBasket)
  return check.principal.subject
}

const sourceNotOwned = (id: string) =>
  refusedError(
    'basket.merge.source_basket.not_found.error',
    `The basket '${id}' is not an open basket of the source token.`,
  )

/** Step 2: both baskets locked in id order, so that two merges touching the same baskets cannot deadlock. */
async function lockBoth(
  t: Db,
  principal: Principal,
  target: BasketRow,
  sourceId: string,
  sourceOwner: string,
) {
  const locked = await t
    .select()
    .from(baskets)
    .where(inArray(baskets.id, [target.id, sourceId]))
    .orderBy(asc(baskets.id))
    .for('update')
  const source = locked.find((b) => b.id === sourceId)
  const current = locked.find((b) => b.id === target.id)
  if (!source || source.owner !== sourceOwner || source.status !== 'open') throw sourceNotOwned(sourceId)
  if (!current || current.owner !== principal.subject || current.status !== 'open') throw basketNotFound()
  return { source, current }
}

type SourceFacts = {
  currency: Currency
  rules: Map<string, QuantityRules & { online: boolean }>
  priced: Set<string>
  warranties: Map<string, WarrantyRow>
}

async function sourceFacts(t: Db, currency: Currency, sourceLines: LineRow[]): Promise<SourceFacts> {
  const skus = [...new Set(sourceLines.map((l) => l.sku))]
  const [rows, priced, warranties] = await readTogether(t, [
    () =>
      skus.length
        ? t
            .select({
              sku: products.sku,
              online: products.online,
              min: products.minOrderQuantity,
              max: products.maxOrderQuantity,
              step: products.stepQuantity,
            })
            .from(products)
            .where(inArray(products.sku, skus))
        : [],
    () => pricedSkus(t, currency, skus),
    () => lineWarranties(t, sourceLines),
  ])
  return { currency, rules: new Map(rows.map((r) => [r.sku, r])), priced, warranties }
}

/** A source line can be taken over when its product (and warranty) is sold in the target's currency. */
function available(facts: SourceFacts, line: LineRow) {
  const product = facts.rules.get(line.sku)
  const warranty = line.warrantyId ? facts.warranties.get(line.warrantyId) : undefined
  const warrantyOk = !line.warrantyId || (!!warranty && !!warrantyPrice(warranty, facts.currency))
  return product && product.online && facts.priced.has(line.sku) && warrantyOk ? product : undefined
}

/** Where a source line goes: into the target's line of the same product, warranty and parent, or a new one. */
type Placement = {
  basketId: string
  parent: string | null
  existing?: LineRow
  quantity: number
}

async function place(t: Db, line: LineRow, p: Placement, position: () => number) {
  const customFields = mergeCustomFields(p.existing ? customFieldsOf(p.existing) : [], customFieldsOf(line))
  const [row] = p.existing
    ? await t
        .update(lineItems)
        .set({ quantity: p.quantity, ...customFieldColumns(customFields) })
        .where(eq(lineItems.id, p.existing.id))
        .returning()
    : await t
        .insert(lineItems)
        .values({
          basketId: p.basketId,
          sku: line.sku,
          warrantyId: line.warrantyId,
          quantity: p.quantity,
          position: position(),
          desiredDelivery: line.desiredDelivery,
          mandatorySelectionItemOf: p.parent,
          ...customFieldColumns(customFields),
        })
        .returning()
  return row!
}

/**
 * Step 3: moves the source's lines into the target (parents come before their children by position), each
 * fitted to its product's rules together with what the target already holds.
 */
async function mergeLines(t: Db, source: BasketRow, target: BasketRow): Promise<BasketNotice[]> {
  const [sourceLines, targetLines] = await readTogether(t, [
    () =>
      t.select().from(lineItems).where(eq(lineItems.basketId, source.id)).orderBy(asc(lineItems.position)),
    () => t.select().from(lineItems).where(eq(lineItems.basketId, target.id)),
  ])
  const facts = await sourceFacts(t, target.currency as Currency, sourceLines)
  const targetByKey = new Map(
    targetLines.map((l) => [lineKey(l.sku, l.warrantyId, l.mandatorySelectionItemOf), l]),
  )
  // Source line id → the target line it went into.
  const movedTo = new Map<string, string>()
  let last = targetLines.reduce((max, l) => Math.max(max, l.position), 0)
  const infos: BasketNotice[] = []
  for (const line of sourceLines) {
    const rules = available(facts, line)
    const parent = line.mandatorySelectionItemOf ? (movedTo.get(line.mandatorySelectionItemOf) ?? null) : null
    const key = lineKey(line.sku, line.warrantyId, parent)
    const existing = targetByKey.get(key)
    const wanted = (existing?.quantity ?? 0) + line.quantity
    const quantity = rules && fitQuantity(rules, wanted)
    if (quantity === undefined) {
      infos.push(
        notice(
          'basket.merge.line_item.not_available.info',
          rules
            ? `The product '${line.sku}' could not be taken over with its quantity rules.`
            : `The product '${line.sku}' is not available in ${facts.currency} and was not taken over.`,
        ),
      )
      continue
    }
    if (quantity !== wanted) {
      infos.push(
        notice(
          'basket.merge.line_item.quantity_adjusted.info',
          `The quantity of '${line.sku}' was adjusted from ${wanted} to ${quantity}, the most one line may hold.`,
        ),
      )
    }
    const row = await place(t, line, { basketId: target.id, parent, existing, quantity }, () => ++last)
    targetByKey.set(key, row)
    movedTo.set(line.id, row.id)
  }
  return infos
}

/** Step 4: a basket holds one promotion code; the source's code comes along when the target has none. */
async function mergePromotionCode(t: Db, source: BasketRow, target: BasketRow): Promise<BasketNotice[]> {
  const [sourceCodes, targetCodes] = await readTogether(t, [
    () => t.select().from(basketPromotionCodes).where(eq(basketPromotionCodes.basketId, source.id)),
    () => t.select().from(basketPromotionCodes).where(eq(basketPromotionCodes.basketId, target.id)),
  ])
  const kept = targetCodes.map((c) => c.code)
  const infos: BasketNotice[] = []
  for (const { code } of sourceCodes) {
    if (kept.includes(code)) continue
    if (kept.length > 0) {
      infos.push(
        notice(
          'basket.merge.promotion_code.not_combinable.info',
          `The promotion code '${code}' was not taken over: the basket already has a code.`,
        ),
      )
      continue
    }
    await t.insert(basketPromotionCodes).values({ basketId: target.id, code })
    kept.push(code)
  }
  return infos
}

/**
 * Merges the source basket into `target` (an open basket of the caller). Refusals: the same basket as
 * source and target, an invalid or expired source token, a source basket that is not an open basket of
 * that token — each a 422 with its own code; nothing is written then.
 */
export async function mergeBaskets(
  db: Db,
  principal: Principal,
  target: BasketRow,
  request: MergeRequest,
): Promise<MergeResult> {
  const sourceOwner = await sourceOwnerOf(db, target, request)
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const { source, current } = await lockBoth(t, principal, target, request.sourceBasket, sourceOwner)
    const infos = [
      ...(await mergeLines(t, source, current)),
      ...(await mergePromotionCode(t, source, current)),
    ]
    // Step 5: the source is closed; the target keeps its own texts and takes the source's where it has none.
    await t.update(baskets).set({ status: 'merged', updatedAt: new Date() }).where(eq(baskets.id, source.id))
    const [merged] = await t
      .update(baskets)
      .set({
        messageToMerchant: current.messageToMerchant ?? source.messageToMerchant,
        externalOrderReference: current.externalOrderReference ?? source.externalOrderReference,
        updatedAt: new Date(),
      })
      .where(eq(baskets.id, current.id))
      .returning()
    return { basket: merged!, infos }
  })
}
