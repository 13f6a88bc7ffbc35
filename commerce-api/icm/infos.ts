import type { BasketNotice } from '../domain/basket'

/** ICM's info: code, message and causes; a notice's values travel in its cause's `parameters`, as ICM's do. */
export const infoJson = ({ code, message, parameters }: BasketNotice) => ({
  code,
  message,
  causes: parameters ? [{ code, message, parameters }] : [],
})
