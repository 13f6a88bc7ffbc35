import { z } from 'zod'

export const AttachmentSchema = z.object({
  name: z.string(),
  type: z.string().optional(),
  key: z.string().optional(),
  description: z.string().optional(),
  url: z.string().optional(),
  link: z.object({ uri: z.string() }).optional(),
})

/**
 * What an attachment is, by the prefix of its name (spec §3): a manufacturer logo, a quality seal, a brand
 * image, a product data sheet ("Produktdatenblatt"), an energy label ("Energieeffizienzklasse"), or any
 * other document.
 */
export type AttachmentKind = 'logo' | 'seal' | 'brandimage' | 'datasheet' | 'energylabel' | 'document'

const PREFIXES: [prefix: string, kind: AttachmentKind][] = [
  ['logo', 'logo'],
  ['seal_', 'seal'],
  ['brandimage', 'brandimage'],
  ['produktdatenblatt', 'datasheet'],
  ['energieeffizienzklasse', 'energylabel'],
]

export function attachmentKind(name: string): AttachmentKind {
  const lower = name.toLowerCase()
  return PREFIXES.find(([prefix]) => lower.startsWith(prefix))?.[1] ?? 'document'
}

export type Attachment = {
  name: string
  kind: AttachmentKind
  /** MIME type, e.g. application/pdf or image/png. */
  type: string
  description: string
  url: string
}

export function mapAttachment(data: z.infer<typeof AttachmentSchema>): Attachment | undefined {
  const url = data.url ?? data.link?.uri
  if (!url) return undefined
  return {
    name: data.name,
    kind: attachmentKind(data.name),
    type: data.type ?? '',
    description: data.description ?? '',
    url,
  }
}

export const isImage = (attachment: Attachment) => attachment.type.startsWith('image/')

/**
 * The product page's view of the attachments: seals and energy labels shown as such (badges), the brand's
 * logo and images shown with the manufacturer when they are pictures, and everything else as downloadable
 * documents, data sheets first.
 */
export function groupAttachments(attachments: Attachment[]) {
  const of = (...kinds: AttachmentKind[]) => attachments.filter((a) => kinds.includes(a.kind))
  const brand = of('logo', 'brandimage')
  return {
    labels: of('seal', 'energylabel'),
    brandImages: brand.filter(isImage),
    documents: [...of('datasheet'), ...of('document'), ...brand.filter((a) => !isImage(a))],
  }
}
