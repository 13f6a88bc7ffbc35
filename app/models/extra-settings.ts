/**
 * The shop's extra settings and theme settings (spec shell §3 "Theme settings", "Extra settings seen"): the
 * configuration parameters of the configuration component in the include
 * `include.configuration.pagelet2-Include` (spec §7), as ICM's CMS serves them. Content editors set them, so
 * everything read here is bounded and checked: a value that does not fit is left out, never passed on
 * (ADR 0046).
 */
import { z } from 'zod'

/** The include ICM serves the configuration component in (the Intershop PWA's `getExtraConfiguration`). */
export const CONFIGURATION_INCLUDE = 'include.configuration.pagelet2-Include'

/** Spec §2.5: navigation columns default to 4. */
export const DEFAULT_NAVIGATION_COLUMNS = 4
/** The flyouts' grid takes 1 to 6 columns; more do not fit a desktop flyout. */
export const MAX_NAVIGATION_COLUMNS = 6

/** Spec §2.5 "NavLevel2Icon (arrow or icon)": what marks the second-level entries of a flyout. */
export type NavLevel2Icon = 'arrow' | 'icon'
/** How the header's utility area (account, basket, links) shows its entries: icons with labels, icons only, text only. */
export const HEADER_UTILITY_STYLES = ['icons-text', 'icons', 'text'] as const
export type HeaderUtilityStyle = (typeof HEADER_UTILITY_STYLES)[number]

/** A custom property `--name: value` of the theme (CSSProperties), checked by `cssProperties`. */
export type CssProperty = { name: string; value: string }

export type ThemeSettings = {
  /** Same-origin paths of the logo (desktop), of the phone logo and of the favicon. */
  logo: string | null
  logoMobile: string | null
  favicon: string | null
  /** CSSProperties: custom properties set on `:root`, sanitized. */
  cssProperties: CssProperty[]
  /**
   * Feature lists of the theme (Features, AddFeatures). Read and shown, never applied: the deployment's
   * FEATURES/ADD_FEATURES decide (ADR 0046).
   */
  features: string[] | null
  addFeatures: string[] | null
}

export type SparqueSettings = { enabled: boolean; workspaceName: string | null; fallbackImage: string | null }

export type ExtraSettings = {
  /** A business customer may check out without prices (commerce §1, §5). */
  noPriceCheckoutEnabled: boolean
  navigationColumns: number
  navLevel2Icon: NavLevel2Icon
  headerUtilityStyle: HeaderUtilityStyle
  /** The Trusted Shops id of the trust badge; null: none configured in content. */
  trustbadgeId: string | null
  sparque: SparqueSettings | null
  theme: ThemeSettings
}

export const DEFAULT_EXTRA_SETTINGS: ExtraSettings = {
  noPriceCheckoutEnabled: false,
  navigationColumns: DEFAULT_NAVIGATION_COLUMNS,
  navLevel2Icon: 'arrow',
  headerUtilityStyle: 'icons-text',
  trustbadgeId: null,
  sparque: null,
  theme: {
    logo: null,
    logoMobile: null,
    favicon: null,
    cssProperties: [],
    features: null,
    addFeatures: null,
  },
}

/** ICM's include with the configuration component first; parameters as `{value, type}`. */
export const ConfigurationIncludeSchema = z.object({
  pagelets: z
    .array(
      z.object({
        definitionQualifiedName: z.string(),
        configurationParameters: z
          .record(z.object({ value: z.unknown(), type: z.string().optional() }))
          .default({}),
      }),
    )
    .default([]),
})

/** Custom properties a theme may set at most, and the longest name and value. */
export const MAX_CSS_PROPERTIES = 40
const MAX_CSS_NAME = 60
const MAX_CSS_VALUE = 120
const CSS_NAME = /^[a-z][a-z0-9-]*$/
/**
 * A value is a colour, a length, a number, a font family list or a `url(...)` of a path on this shop: only
 * letters, digits, spaces and `#%.,-+/()'"` occur, and never anything that ends the declaration or the rule
 * (`;`, `{`, `}`, `<`, `>`, `\`), starts a comment, or calls CSS functions other than the harmless ones.
 */
const CSS_VALUE = /^[A-Za-z0-9 #%.,+\-/()'"]+$/
const CSS_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc', 'var', 'url'])

/**
 * CSSProperties: one `name:value` per line (the name without `--`, spec §3; the PWA's format). Lines that are
 * not a custom property name and a safe value are dropped; at most MAX_CSS_PROPERTIES, the first ones; a name
 * set twice keeps its last value. `url(...)` takes a same-origin path only.
 */
export function cssProperties(text: unknown): CssProperty[] {
  if (typeof text !== 'string') return []
  const byName = new Map<string, string>()
  for (const line of text.split(/\r?\n/).slice(0, MAX_CSS_PROPERTIES * 2)) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const name = line.slice(0, colon).trim().replace(/^--/, '').toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (!isSafeCssProperty(name, value)) continue
    if (!byName.has(name) && byName.size >= MAX_CSS_PROPERTIES) continue
    byName.set(name, value)
  }
  return [...byName].map(([name, value]) => ({ name, value }))
}

export function isSafeCssProperty(name: string, value: string): boolean {
  if (!CSS_NAME.test(name) || name.length > MAX_CSS_NAME) return false
  if (!value || value.length > MAX_CSS_VALUE || !CSS_VALUE.test(value)) return false
  if (value.includes('/*') || value.includes('*/')) return false
  // Quotes come in pairs, so a value cannot open a string the declaration does not close.
  if ((value.match(/'/g)?.length ?? 0) % 2 || (value.match(/"/g)?.length ?? 0) % 2) return false
  let depth = 0
  for (const char of value) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0
    if (depth < 0) return false
  }
  if (depth !== 0) return false
  for (const match of value.matchAll(/([A-Za-z-]+)\(/g)) {
    if (!CSS_FUNCTIONS.has(match[1]!.toLowerCase())) return false
  }
  for (const match of value.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (safeAssetUrl(match[2]!) === null) return false
  }
  return true
}

/**
 * The properties as the `style` of the document's root element (`<html>`, which `:root` matches): the CSP
 * allows style attributes but no inline style sheets, and React writes each value escaped.
 */
export function cssPropertiesStyle(properties: CssProperty[]): Record<string, string> {
  return Object.fromEntries(properties.map(({ name, value }) => [`--${name}`, value]))
}

/**
 * An image or file of the theme (Logo, LogoMobile, Favicon): a path on this shop (`/…`, not `//…`) or a
 * `file://{path}` of the shop's public folder (the PWA's form for its assets). Other sites' addresses are no
 * logo: the shop's CSP loads images from its own origin only (ICM's files reach it through
 * `/INTERSHOP/static/…`); nor is anything else (javascript:, data:). At most 500 characters.
 */
export function safeAssetUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  if (!url || url.length > 500) return null
  const path = url.startsWith('file://') ? url.slice('file://'.length).replace(/^\/*/, '/') : url
  return /^\/(?!\/)[A-Za-z0-9._~\-/]+$/.test(path) && !path.includes('..') ? path : null
}

const FEATURE_NAME = /^[A-Za-z][A-Za-z0-9]{0,39}$/

function featureList(value: unknown): string[] | null {
  if (typeof value !== 'string' || !value.trim()) return null
  return value
    .split(',')
    .map((feature) => feature.trim())
    .filter((feature) => FEATURE_NAME.test(feature))
    .slice(0, 40)
}

const flag = (value: unknown) => value === true || value === 'true'

/** The Trusted Shops id form: an X followed by 32 hex digits (their shop ids). */
export const TRUSTBADGE_ID = /^X[A-F0-9]{32}$/

export function trustbadgeIdOf(value: unknown): string | null {
  return typeof value === 'string' && TRUSTBADGE_ID.test(value.trim()) ? value.trim() : null
}

function navigationColumnsOf(value: unknown): number {
  const columns = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isInteger(columns) && columns >= 1 && columns <= MAX_NAVIGATION_COLUMNS
    ? columns
    : DEFAULT_NAVIGATION_COLUMNS
}

/** The JSON of ConfigurationJSON (the PWA parses parameters ending in JSON); bounded; not an object: none. */
function configurationJson(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>
  if (typeof value !== 'string' || value.length > 20_000) return {}
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

function sparqueOf(value: unknown): SparqueSettings | null {
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : null)
  return {
    enabled: flag(record.enabled),
    workspaceName: text(record.workspaceName),
    fallbackImage: safeAssetUrl(record.fallbackImage),
  }
}

/**
 * The settings of the configuration component's parameters (by name, values as ICM sends them). An extra
 * setting is a parameter of its own or a key of ConfigurationJSON (the PWA's `extraSetting$(path)` reads
 * both); the parameter wins. Missing or unfit values take their defaults.
 */
export function parseExtraSettings(parameters: Record<string, unknown>): ExtraSettings {
  const json = configurationJson(parameters.ConfigurationJSON)
  const setting = (name: string) => (parameters[name] !== undefined ? parameters[name] : json[name])
  const style = setting('HeaderUtilityStyle')
  const icon = setting('NavLevel2Icon')
  return {
    noPriceCheckoutEnabled: flag(setting('noPriceCheckoutEnabled')),
    navigationColumns: navigationColumnsOf(setting('navigationColumns')),
    navLevel2Icon: icon === 'icon' ? 'icon' : 'arrow',
    headerUtilityStyle: (HEADER_UTILITY_STYLES as readonly unknown[]).includes(style)
      ? (style as HeaderUtilityStyle)
      : 'icons-text',
    trustbadgeId: trustbadgeIdOf(setting('trustbadgeId')),
    sparque: sparqueOf(setting('sparque')),
    theme: {
      logo: safeAssetUrl(parameters.Logo),
      logoMobile: safeAssetUrl(parameters.LogoMobile),
      favicon: safeAssetUrl(parameters.Favicon),
      cssProperties: cssProperties(parameters.CSSProperties),
      features: featureList(parameters.Features),
      addFeatures: featureList(parameters.AddFeatures),
    },
  }
}

/** The configuration component of the include (the first pagelet, as the PWA reads it), parsed. */
export function extraSettingsOf(include: z.infer<typeof ConfigurationIncludeSchema>): ExtraSettings {
  const component = include.pagelets[0]
  if (!component) return DEFAULT_EXTRA_SETTINGS
  return parseExtraSettings(
    Object.fromEntries(Object.entries(component.configurationParameters).map(([k, v]) => [k, v.value])),
  )
}
