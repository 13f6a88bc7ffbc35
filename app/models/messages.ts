import { quantityRuleInWords as ruleInWords, type QuantityRules } from './quantity'
import { API_CODES } from '~/models/api-codes'

/** A translate function as i18next's `t` and react-i18next's `useTranslation().t` both are. */
export type Translate = (key: string, values?: Record<string, unknown>) => string

/** An answer of the commerce API that the shopper has to read: an ICM error key and ICM's own sentence. */
export type ApiMessage = {
  code: string
  message?: string
  /** The values of ICM's causes, which the shop's text of the code may name (`{{taxRate}}`). */
  causes?: { parameters?: Record<string, string> }[]
}

/**
 * Codes whose shop text is general while ICM's message names the actual rule: a product's minimum, maximum or
 * step, a field's format or length, a payment parameter's pattern.
 */
const RULE_CODES = /quantity|^request\.invalid|^costcenter\.invalid|^payment\.parameter\./

/** The three refusals of a quantity by the product's rules, and which rule each names. */
const QUANTITY_RULES: Record<string, 'min' | 'max' | 'step'> = {
  [API_CODES.minOrderQuantity]: 'min',
  [API_CODES.maxOrderQuantity]: 'max',
  [API_CODES.stepQuantity]: 'step',
}

/** Whether a code refuses a quantity by one of the product's rules. */
export const isQuantityRule = (code: string) => Object.hasOwn(QUANTITY_RULES, code)

/**
 * The one translation point for API refusals and infos (spec §8): the shop's text for the code, followed by
 * ICM's message where that names the rule; a code the shop has no text for gets the shop's general text. ICM
 * speaks English: its sentence is added only where the language's own text says so (`error.api.rule_detail`,
 * `error.api.detail`: the English shop adds it, the others never show an English sentence).
 */
export function messageText(t: Translate, message: ApiMessage, rules?: QuantityRules): string {
  const text = t(message.code, message.causes?.[0]?.parameters)
  // A quantity refused by a rule of a product the shop knows: the rule with its number, in the page language.
  const rule =
    rules && isQuantityRule(message.code) ? ruleInWords(t, QUANTITY_RULES[message.code]!, rules) : ''
  if (rule && text !== message.code) return `${text} ${rule}`
  if (text !== message.code)
    return RULE_CODES.test(message.code) && message.message
      ? t('error.api.rule_detail', { text, message: message.message })
      : text
  const general = t('error.api.refused')
  return message.message ? t('error.api.detail', { general, message: message.message }) : general
}
