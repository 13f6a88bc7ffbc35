/** A translate function as i18next's `t` and react-i18next's `useTranslation().t` both are. */
export type Translate = (key: string, values?: Record<string, unknown>) => string

/** An answer of the commerce API that the shopper has to read: an ICM error key and ICM's own sentence. */
export type ApiMessage = { code: string; message?: string }

/** Codes whose shop text is general: ICM's message names the product's actual rule (minimum, maximum, step). */
const RULE_CODES = /quantity/

/**
 * The one translation point for API refusals and infos (spec §8): the shop's text for the code, followed by
 * ICM's message where that names the rule. A code the shop has no text for gets the shop's general text in
 * the shopper's language, with ICM's sentence after it, so a German shopper never reads English alone.
 */
export function messageText(t: Translate, message: ApiMessage): string {
  const text = t(message.code)
  if (text !== message.code)
    return RULE_CODES.test(message.code) && message.message ? `${text} ${message.message}` : text
  const general = t('error.api.refused')
  return message.message ? `${general} (${message.message})` : general
}
