/**
 * What a punchout transfer carries (issue 34), independent of the protocol: the basket as the procurement
 * system gets it back. The commerce API's domain builds it from a basket (prices as the buyer's customer pays
 * them, net, in minor units); the writers of cXML (`PunchOutOrderMessage`), OCI (`NEW_ITEM-…` fields) and
 * IDS Connect (`warenkorb`) turn it into their formats, and the procurement sandbox's parsers read those
 * formats back into it to check a round trip.
 */

/** Money in minor units (cents) of an ISO 4217 currency. */
export type TransferMoney = { amount: number; currency: string }

export type TransferLine = {
  /** 1-based position in the basket; IDS and OCI keep it (`NEW_ITEM-…[n]`, OrderItem order). */
  position: number
  /** The shop's product number (cXML SupplierPartID, OCI VENDORMAT and EXT_PRODUCT_ID, IDS ArtNo). */
  sku: string
  /** The shop's line id (cXML SupplierPartAuxiliaryID, echoed on the OrderRequest). */
  lineId: string
  /** The product name in the session's language (cXML ShortName, OCI DESCRIPTION, IDS Kurztext). */
  name: string
  /** The product's short description (cXML Description, OCI long text, IDS Langtext); may be empty. */
  description: string
  /** Whole pieces (the shop sells no fractions). */
  quantity: number
  /**
   * The unit as UN/CEFACT Recommendation 20 code (C62 for pieces; OCI and IDS write the ISO code, PCE). The
   * shop sells some products by the box, bag, pair or roll (their packing unit): BX, BG, PR, RO.
   */
  unit: 'C62' | 'MTR' | 'KGM' | 'LTR' | 'SET' | 'BX' | 'BG' | 'PR' | 'RO'
  /**
   * Net price of one unit, after line discounts: lineTotal / quantity, rounded half up to the minor unit
   * where a discount does not divide evenly over the pieces.
   */
  unitPrice: TransferMoney
  /**
   * Net total of the line as the basket charges it (rounded once per line): after the line's promotions and
   * its share of the basket's order promotions, so that the lines add up to what the buyer pays for the goods.
   */
  lineTotal: TransferMoney
  /** Value-added tax rate in percent (IDS VAT), e.g. 19. */
  taxRate: number
  manufacturer: string
  manufacturerPartId: string | null
  /** GTIN-13 of the product, when it has one (IDS EAN). */
  ean: string | null
  /**
   * UNSPSC code of the product's category, or of its nearest ancestor with one (cXML Classification, OCI
   * MATGROUP); empty when no category on the way has one, which a format that requires it reports.
   */
  unspsc: string
  /** Working days until ready for shipment (cXML LeadTime, OCI LEADTIME); null when unknown. */
  leadTimeDays: number | null
}

export type TransferBasket = {
  /** The basket's id in the shop (cXML and OCI name it; the OrderRequest refers back to it). */
  basketId: string
  currency: string
  /** The language the texts are in (cXML xml:lang: en-US, de-DE …). */
  locale: string
  lines: TransferLine[]
  /** Net sum of the lines. */
  subtotal: TransferMoney
  /** Estimated tax and shipping (cXML says they are estimates only). */
  tax: TransferMoney
  shipping: TransferMoney
  /** What the buyer pays: subtotal + tax + shipping. */
  total: TransferMoney
}

/**
 * A line a format cannot carry as it is (a value longer than the field, a unit it has no code for): reported
 * to the buyer before the transfer, never dropped or cut silently.
 */
export type TransferProblem = { position: number; sku: string; field: string; reason: string }
