import { createHash } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import type { ShopLocale } from '~/models/locale'
import { navigationFrom, type MainNavigationRef, type NavItem } from '~/models/navigation'
import type { Category } from '~/models/category'
import { i18nFor } from './i18n.server'

/** At depth above 1 only the first 5 entries show, with "see all" after the 4th (spec §2.5). */
const MAX_ENTRIES = 5
const SHOWN_BEFORE_SEE_ALL = 4

/** Level-0 flyouts share this name, so the browser keeps one open at a time, even without JavaScript. */
export const FLYOUT_GROUP = 'main-nav-flyout'

/** Text as HTML text or attribute value. */
const escaped = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export type NavTexts = { seeAll: string; toggle: (name: string) => string }

/** A category's entries below it: at depth above 1 only the first 5, with "see all" after the 4th (spec §2.5). */
function subListHtml(item: NavItem, depth: number, texts: NavTexts): string {
  if (item.children.length === 0) return ''
  const limited = depth > 1 && item.children.length > MAX_ENTRIES
  const shown = limited ? item.children.slice(0, SHOWN_BEFORE_SEE_ALL) : item.children
  const entries = shown.map(
    (child) =>
      `<li><a href="${escaped(child.url)}">${escaped(child.name)}</a>${subListHtml(child, depth + 1, texts)}</li>`,
  )
  if (limited)
    entries.push(`<li class="see-all"><a href="${escaped(item.url)}">${escaped(texts.seeAll)}</a></li>`)
  return `<ul class="nav-level-${depth}">${entries.join('')}</ul>`
}

/** The flyouts' list items: each top category a `<details>` with its flyout of links. */
export function navigationListHtml(items: NavItem[], texts: NavTexts): string {
  return items
    .map(
      (item) =>
        `<li><details name="${FLYOUT_GROUP}"><summary aria-label="${escaped(texts.toggle(item.name))}">${escaped(item.name)}</summary>` +
        `<div class="flyout"><a href="${escaped(item.url)}" class="flyout-title">${escaped(item.name)}</a>${subListHtml(item, 1, texts)}</div></details></li>`,
    )
    .join('')
}

export type MainNavigationList = MainNavigationRef & { html: string }

/**
 * The main navigation's list of a category tree in a language: ~80 links, the same on every page, made once
 * per tree (the ICM cache's object, so this lives as long as that answer) and language. Its key names the
 * markup (language and a hash of it): a page's data carries the key, not the tree (ADR 0055).
 */
const lists = new WeakMap<Category[], Map<string, MainNavigationList>>()
export function mainNavigationList(tree: Category[], locale: ShopLocale): MainNavigationList {
  let byLanguage = lists.get(tree)
  if (!byLanguage) lists.set(tree, (byLanguage = new Map()))
  let list = byLanguage.get(locale.id)
  if (!list) {
    const { t } = i18nFor(locale.id)
    const html = navigationListHtml(navigationFrom(tree, locale), {
      seeAll: t('header.navigation.see_all'),
      toggle: (name) => t('header.navigation.toggle', { name }),
    })
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 16)
    list = { key: `${locale.lang}.${hash}`, html }
    byLanguage.set(locale.id, list)
  }
  return list
}

/** The list a request's page shows, for its server render (entry.server); a client navigation never needs it. */
const shown = new WeakMap<AppLoadContext, string>()

/** The main navigation of a request's page: its key for the page's data, its markup kept for the render. */
export function mainNavigationOfPage(
  context: AppLoadContext,
  tree: Category[],
  locale: ShopLocale,
): MainNavigationRef {
  const { key, html } = mainNavigationList(tree, locale)
  shown.set(context, html)
  return { key }
}

export function shownMainNavigationHtml(context: AppLoadContext | undefined): string | undefined {
  return context ? shown.get(context) : undefined
}
