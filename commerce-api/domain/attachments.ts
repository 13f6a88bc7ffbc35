/** Attachment files are generated; their names follow `<prefix>[_]<sku>.pdf`. */
export function attachmentNameIsValid(name: string): boolean {
  return /^[A-Za-z]+_?\d{5,12}\.pdf$/.test(name)
}

/** Where an attachment file is served (routes/static.ts answers it). */
export const attachmentUrl = (site: string, key: string) =>
  `/INTERSHOP/static/WFS/${site}/-/attachments/${key}`
