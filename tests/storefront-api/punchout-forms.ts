/** One OCI field's mapping as the OCI configuration page shows and posts it. */
export type OciConfigurationItem = {
  field: string
  transform: string
  formatter: string
  mappings: { from: string; to: string }[]
}

/** The OCI configuration page's form of `items`, as the company's administrator sends it. */
export const ociConfigurationForm = (items: OciConfigurationItem[]) =>
  Object.fromEntries(
    items.flatMap((item, i) => [
      [`items[${i}].field`, item.field],
      [`items[${i}].transform`, item.transform],
      [`items[${i}].formatter`, item.formatter],
      ...item.mappings.flatMap((mapping, m) => [
        [`items[${i}].mappings[${m}].from`, mapping.from],
        [`items[${i}].mappings[${m}].to`, mapping.to],
      ]),
    ]),
  )
