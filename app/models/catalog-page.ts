/**
 * What the catalog's page loaders hand to their views (category, product, content page). All of it is
 * JSON-safe, so the serialized loader data is exactly these types and the components need no casts.
 */
import type { Pagelet, PageNavItem } from './cms'
import type { DeliveryEstimate } from './delivery-date'
import type { FilterGroup } from './filter'
import type { Inventory } from './inventory'
import type { ListingView, Sorting, SortOption } from './listing'
import type { PriceItem, ProductPrice } from './price'
import type { Product, ProductTile } from './product'
import type { Promotion } from './promotion'
import type { PageSeo } from './seo'
import type { VariationOption } from './variation'

/** A product tile with its link and price; `price` null: prices failed to load, absent: on request. */
export type TileEntry = { tile: ProductTile; url: string; price?: ProductPrice | null }

/** Linked products of one link type (accessories, cross-selling, ...). */
export type LinkSection = { type: string; entries: TileEntry[] }

export type BreadcrumbItem = { name: string; url?: string }

/** What a listing page (category, search, a master's variations) hands to its view. */
export type ListingData = {
  page: number
  sorting?: Sorting
  /** The sort orders ICM offers for this listing, in its order, named in the page language. */
  sortings: SortOption[]
  view: ListingView
  filters?: string
  pageSize: number
  /** The page sizes the shopper can choose from; the first is the default. */
  pageSizes: number[]
  total: number
  filterGroups: FilterGroup[]
  products: { tile: ProductTile; url: string; price?: ProductPrice }[]
}

export type CategoryPageData = {
  kind: 'category'
  seo: PageSeo
  category: {
    name: string
    description?: string
    breadcrumb: BreadcrumbItem[]
    subCategories: { id: string; name: string; url: string }[]
    /** Content of the category's view contexts above and below its listing (issue 36). */
    content?: { top: Pagelet[]; bottom: Pagelet[] }
  }
  listing: ListingData
}

export type ContentPageData = {
  kind: 'content'
  seo: PageSeo
  content: {
    id: string
    name: string
    breadcrumb: BreadcrumbItem[]
    navigation: PageNavItem | null
    pagelets: Pagelet[]
  }
}

/** A part of a bundle or retail set, with its own quantity rules (a retail set's parts are added alone). */
export type ProductPart = ProductTile & { quantity: number; url: string; price?: ProductPrice }

export type ProductPageData = {
  kind: 'product'
  seo: PageSeo
  product: Product
  price?: ProductPrice
  inventory?: Inventory
  /** When it arrives if ordered now (issue 19); null for a master, which is not ordered itself. */
  deliveryDate: DeliveryEstimate | null
  /** Per variation attribute its values, each a link to the variation's page. */
  variationSelection: { id: string; name: string; options: (VariationOption & { url: string })[] }[]
  defaultVariation?: { name: string; url: string }
  variationListing: ListingData | null
  parts: ProductPart[]
  maxItemQuantity: number
  breadcrumb: BreadcrumbItem[]
  /** Streamed, never rejecting: none when they failed to load. */
  promotions: Promise<Promotion[]>
  warranties: { id: string; name: string; price: PriceItem | null }[]
  /** Streamed, never rejecting: null when they failed to load. */
  related: Promise<LinkSection[] | null>
  recentlyViewed: Promise<TileEntry[] | null> | null
}

export type CatalogPageData = CategoryPageData | ContentPageData | ProductPageData
