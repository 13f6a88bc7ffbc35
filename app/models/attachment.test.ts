import { describe, expect, it } from 'vitest'
import { attachmentKind, groupAttachments, mapAttachment, type Attachment } from './attachment'

describe('attachmentKind', () => {
  it.each([
    ['logo_1000042.pdf', 'logo'],
    ['Logo-Voltwerk.png', 'logo'],
    ['seal_1000042.pdf', 'seal'],
    ['brandimage_voltwerk.jpg', 'brandimage'],
    ['Produktdatenblatt_1000042.pdf', 'datasheet'],
    ['Energieeffizienzklasse_A.pdf', 'energylabel'],
    ['manual_1000042.pdf', 'document'],
    // "seal" without the underscore is not the seal prefix, and a prefix must lead the name.
    ['sealing-rings.pdf', 'document'],
    ['Datenblatt_Produktdatenblatt.pdf', 'document'],
  ])('classifies %s as %s', (name, kind) => {
    expect(attachmentKind(name)).toBe(kind)
  })
})

const attachment = (name: string, type = 'application/pdf'): Attachment => ({
  name,
  kind: attachmentKind(name),
  type,
  description: '',
  url: `/files/${name}`,
})

describe('groupAttachments', () => {
  it('shows seals and energy labels as labels, brand pictures with the brand, the rest as documents', () => {
    const groups = groupAttachments([
      attachment('manual.pdf'),
      attachment('seal_1.pdf'),
      attachment('logo_1.png', 'image/png'),
      attachment('logo_2.pdf'),
      attachment('Produktdatenblatt_1.pdf'),
      attachment('Energieeffizienzklasse_1.pdf'),
    ])
    expect(groups.labels.map((a) => a.name)).toEqual(['seal_1.pdf', 'Energieeffizienzklasse_1.pdf'])
    expect(groups.brandImages.map((a) => a.name)).toEqual(['logo_1.png'])
    // Data sheets first; a logo that is no picture is still a document to open.
    expect(groups.documents.map((a) => a.name)).toEqual([
      'Produktdatenblatt_1.pdf',
      'manual.pdf',
      'logo_2.pdf',
    ])
  })

  it('maps ICM attachments by their link, and drops those without one', () => {
    expect(
      mapAttachment({
        name: 'seal_1.pdf',
        type: 'application/pdf',
        description: 'Quality seal',
        link: { uri: '/INTERSHOP/static/WFS/s/-/attachments/seal_1.pdf' },
      }),
    ).toEqual({
      name: 'seal_1.pdf',
      kind: 'seal',
      type: 'application/pdf',
      description: 'Quality seal',
      url: '/INTERSHOP/static/WFS/s/-/attachments/seal_1.pdf',
    })
    expect(mapAttachment({ name: 'x.pdf' })).toBeUndefined()
  })
})
