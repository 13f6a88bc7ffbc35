/**
 * The honeypot of the anonymous forms (register, password reminder, contact): a text field named like one a
 * bot wants to fill, hidden from people. A post with it filled in is refused (`checkHoneypot`). Our own
 * rather than remix-utils' `Honeypot`, whose server part needs crypto-js, which the shop does not install.
 */
export const HONEYPOT_FIELD = 'website__confirm'

/** True when the post is a bot's: the hidden field is filled in, or missing (the form always has it). */
export const isSpam = (form: FormData): boolean => form.get(HONEYPOT_FIELD) !== ''
