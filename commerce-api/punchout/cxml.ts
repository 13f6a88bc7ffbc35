/**
 * cXML 1.2 for punchout (issue 34), the one module the API and the procurement sandbox import:
 * - PunchOutSetupRequest: `readPunchOutSetupRequest` (API), `writePunchOutSetupRequest` (sandbox);
 *   answered by `writePunchOutSetupResponse` or `writeCxmlStatusResponse` (`cxmlStatusOf` for a refusal).
 * - PunchOutOrderMessage: `writePunchOutOrderMessage` (API, from a TransferBasket), `readPunchOutOrderMessage`
 *   and `readPunchOutOrderMessageForm` (sandbox, with a problem list).
 * - OrderRequest: `readOrderRequest` (API intake), `writeOrderRequest` (sandbox); `readCxmlResponse` reads
 *   any Status answer back.
 * - `cxmlStamp` makes the payloadID and timestamp of a new document.
 * Readers throw `PunchoutFormatError` (format-common.ts) for input they cannot take.
 */
export {
  CXML_DOCTYPE,
  CXML_STATUS,
  cxmlStamp,
  cxmlStatusOf,
  cxmlTimestamp,
  readCxmlResponse,
  writeCxmlStatusResponse,
  writePunchOutSetupResponse,
  type CxmlAddress,
  type CxmlContact,
  type CxmlCredential,
  type CxmlDocumentInfo,
  type CxmlExtrinsic,
  type CxmlHeader,
  type CxmlPostalAddress,
  type CxmlResponse,
  type CxmlStamp,
  type CxmlStatus,
} from './cxml-envelope'
export {
  MAX_BUYER_COOKIE_LENGTH,
  readPunchOutSetupRequest,
  writePunchOutSetupRequest,
  type CxmlItemId,
  type CxmlSetupItem,
  type CxmlSetupRequest,
} from './cxml-setup'
export {
  CXML_FORM_FIELDS,
  readPunchOutOrderMessage,
  readPunchOutOrderMessageForm,
  writePunchOutOrderMessage,
  xmlLang,
  type CxmlOrderMessageOptions,
  type CxmlPunchOutSession,
  type ReceivedPunchOutOrderMessage,
} from './cxml-order-message'
export {
  readOrderRequest,
  writeOrderRequest,
  type CxmlOrderItem,
  type CxmlOrderRequest,
} from './cxml-order-request'
