/** Attachment files are generated; their names follow `<prefix>[_]<sku>.pdf`. */
export function attachmentNameIsValid(name: string): boolean {
  return /^[A-Za-z]+_?\d{5,12}\.pdf$/.test(name)
}
