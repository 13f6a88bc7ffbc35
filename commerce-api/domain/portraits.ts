/**
 * The generated photos of the shop's contact persons (issue 36): a head-and-shoulders silhouette with the
 * person's initials on a colour of their own, as SVG, served under ICM's static path like the product
 * pictures (routes/static.ts). No picture of a real person ships with the demo.
 */

/** Where a contact person's photo is served. */
export const portraitUrl = (site: string, id: string) =>
  `/INTERSHOP/static/WFS/${site}/-/contactpersons/${encodeURIComponent(id)}.svg`

/** The contact person a photo's file name asks for, or null for a name that is no photo's. */
export function portraitIdOf(file: string): string | null {
  return /^([\w-]{1,40})\.svg$/.exec(file)?.[1] ?? null
}

/** Dark backgrounds, each with white initials well above 4.5:1 contrast. */
const BACKGROUNDS = ['#1d4f91', '#2f5d50', '#6b3a7a', '#8a3b12', '#3d4a5c', '#0f5e6e']

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7)

const initialOf = (name: string) => {
  const first = [...name.trim()][0] ?? ''
  return /\p{L}/u.test(first) ? first.toLocaleUpperCase('de') : ''
}

/** The photo of a person: 160 × 160, with their name as the picture's title. */
export function portraitSvg(person: { id: string; firstName: string; lastName: string }): string {
  const background = BACKGROUNDS[hash(person.id) % BACKGROUNDS.length]!
  const initials = `${initialOf(person.firstName)}${initialOf(person.lastName)}`
  const name = `${person.firstName} ${person.lastName}`.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img">',
    `<title>${name}</title>`,
    `<rect width="160" height="160" fill="${background}"/>`,
    '<circle cx="80" cy="62" r="30" fill="#ffffff" fill-opacity="0.28"/>',
    '<path d="M28 160c4-34 26-52 52-52s48 18 52 52z" fill="#ffffff" fill-opacity="0.28"/>',
    `<text x="80" y="72" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="30"`,
    ` font-weight="bold" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('')
}
