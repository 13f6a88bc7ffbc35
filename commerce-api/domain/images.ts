import { ICONS } from '../db/seed/generate'

/** The views every product is pictured in, the first being the primary picture (ICM's `viewID`). */
export const IMAGE_VIEWS = ['front', 'side', 'detail'] as const
export type ImageView = (typeof IMAGE_VIEWS)[number]

/** Square product image sizes in pixels per image type (spec §3 Product images). */
export const IMAGE_SIZES = { S: 100, M: 160, L: 247, XL: 427, ZOOM: 2000 } as const
export type ImageType = keyof typeof IMAGE_SIZES

/**
 * Where the generated picture of a product is served in one size and view (routes/static.ts answers it):
 * `{sku}.svg` for the front, `{sku}-{view}.svg` for the others.
 */
export const productImageUrl = (
  site: string,
  sku: string,
  style: number,
  size: number,
  view: ImageView = 'front',
) => `/INTERSHOP/static/WFS/${site}/-/images/${style}/${size}/${sku}${view === 'front' ? '' : `-${view}`}.svg`

/** The view a picture's file name asks for, or null for a name that is no picture's. */
export function imageViewOf(file: string): ImageView | null {
  const match = /^[\w-]{1,40}?(?:-(side|detail))?\.svg$/.exec(file)
  if (!match) return null
  return (match[1] as ImageView | undefined) ?? 'front'
}

/** Simple pictograms (viewBox 0 0 100 100) for the generated product pictures. */
const PICTOGRAMS: Record<string, string> = {
  drill: '<path d="M20 35h45v15H20z"/><path d="M65 39h20v7H65z"/><path d="M30 50h14l-4 30H28z"/>',
  saw: '<path d="M15 60l60-30 8 12-60 30z"/><path d="M23 72l4 6 4-8 4 6 4-8 4 6 4-8 4 6"/>',
  grinder: '<circle cx="60" cy="55" r="22"/><path d="M15 45h35v12H15z"/>',
  hammer: '<path d="M25 22h45v16H25z"/><path d="M44 38h8v42h-8z"/>',
  wrench: '<path d="M30 25a12 12 0 1 0 10 18l35 35 6-6-35-35a12 12 0 0 0-16-12z"/>',
  screwdriver: '<path d="M45 15h10v35H45z"/><path d="M48 50h4v30l-2 5-2-5z"/>',
  pliers: '<path d="M35 20l10 35-12 30h6l12-28 12 28h6L57 55l10-35h-6l-11 30-11-30z"/>',
  tape: '<rect x="22" y="30" width="46" height="46" rx="10"/><path d="M68 66h18v6H68z"/>',
  screw: '<path d="M40 18h20v10H40z"/><path d="M45 28h10v45l-5 10-5-10z"/>',
  bolt: '<path d="M38 18h24l6 10H32z"/><path d="M45 28h10v55H45z"/>',
  nut: '<path d="M50 20l26 15v30L50 80 24 65V35z"/>',
  anchor: '<path d="M44 15h12v55l-6 12-6-12z"/><path d="M40 40h20v5H40z"/>',
  nail: '<path d="M38 18h24v6H38z"/><path d="M47 24h6v52l-3 8-3-8z"/>',
  helmet: '<path d="M20 65a30 30 0 0 1 60 0z"/><path d="M15 65h70v8H15z"/>',
  glove: '<path d="M30 80V45l5-20h6v20l3-25h6v25l3-22h6v24l4-16h6l-4 30v39z"/>',
  glasses: '<circle cx="33" cy="52" r="13"/><circle cx="67" cy="52" r="13"/><path d="M46 50h8v4h-8z"/>',
  boot: '<path d="M30 20h22v40l28 8v14H30z"/>',
  vest: '<path d="M32 20h10l8 12 8-12h10l8 60H24z"/>',
  brick: '<path d="M15 35h70v30H15z"/>',
  bag: '<path d="M28 25h44l6 55H22z"/>',
  pipe: '<path d="M15 42h70v16H15z"/><path d="M12 38h8v24h-8zM80 38h8v24h-8z"/>',
  board: '<path d="M15 30h70v40H15z"/>',
  cable: '<path d="M20 70c10-40 50-40 60-10" stroke-width="8" fill="none"/>',
  plug: '<path d="M35 35h30v30H35z"/><path d="M42 20h5v15h-5zM53 20h5v15h-5zM47 65h6v18h-6z"/>',
  lamp: '<circle cx="50" cy="42" r="20"/><path d="M42 62h16v15H42z"/>',
  switch: '<rect x="28" y="22" width="44" height="56" rx="6"/>',
  box: '<path d="M20 35l30-15 30 15v35L50 85 20 70z"/>',
}

const PALETTE = [
  '#1f6f8b',
  '#99582a',
  '#386641',
  '#6a4c93',
  '#c1121f',
  '#34495e',
  '#b5838d',
  '#0f4c5c',
  '#7f5539',
  '#3a5a40',
  '#5e548e',
  '#9d0208',
]

const pictogram = (icon: string | undefined) => PICTOGRAMS[icon ?? 'box'] ?? PICTOGRAMS.box!

/**
 * A product picture as SVG of `size` pixels square: the leaf category's pictogram in the brand's colour,
 * from the front, turned to the side with its shadow, or close up; a set shows its main part in front of its
 * second part's pictogram. No SKU or number on it: the shop names the product next to the picture.
 */
export function productSvg(style: number, view: ImageView, size: number): string {
  const base = style % 10000
  const icon = ICONS[Math.floor(base / 100)]
  const color = PALETTE[(base % 100) % PALETTE.length] ?? PALETTE[0]!
  const shape = pictogram(icon)
  const paint = (body: string, transform = '', opacity = 1) =>
    `<g fill="${color}" stroke="${color}" stroke-linejoin="round"${transform ? ` transform="${transform}"` : ''}${opacity < 1 ? ` opacity="${opacity}"` : ''}>${body}</g>`
  const floor = '<ellipse cx="50" cy="88" rx="34" ry="5" fill="#000" opacity=".12"/>'
  let scene: string
  if (style >= 10000) {
    // A set: the second part behind, smaller, on the right; the main part in front.
    const second = pictogram(ICONS[Math.floor(style / 10000) - 1])
    scene =
      '<rect x="8" y="20" width="84" height="68" rx="8" fill="#e2ddd3"/>' +
      paint(second, 'translate(42 18) scale(.55)', 0.75) +
      paint(shape, 'translate(4 22) scale(.7)')
  } else if (view === 'side') {
    scene = floor + paint(shape, 'translate(3 3) rotate(-14 50 50)', 0.3) + paint(shape, 'rotate(-14 50 50)')
  } else if (view === 'detail') {
    scene =
      '<clipPath id="d"><circle cx="50" cy="50" r="40"/></clipPath>' +
      `<g clip-path="url(#d)"><rect width="100" height="100" fill="#fff"/>${paint(shape, 'translate(-45 -40) scale(1.9)')}</g>` +
      '<circle cx="50" cy="50" r="40" fill="none" stroke="#8a8479" stroke-width="2"/>'
  } else {
    scene = floor + paint(shape)
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}" role="img">` +
    `<rect width="100" height="100" fill="#f4f1ec"/>${scene}</svg>`
  )
}

/** A one-page PDF naming the attachment: enough for a download link to open something real. */
export function attachmentPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  const stream = `BT /F1 18 Tf 72 770 Td (${text}) Tj ET`
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
