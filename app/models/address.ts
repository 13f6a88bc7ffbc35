import { z } from 'zod'

/**
 * An ICM address (`AddressData`) as baskets, orders and customer address lists carry it. Shared by checkout,
 * the receipt, order details and the account's address book.
 */
export const AddressSchema = z.object({
  id: z.string(),
  urn: z.string().optional(),
  addressName: z.string().optional(),
  companyName1: z.string().optional(),
  companyName2: z.string().optional(),
  title: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  addressLine3: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  mainDivision: z.string().optional(),
  mainDivisionCode: z.string().optional(),
  mainDivisionName: z.string().optional(),
  country: z.string().optional(),
  countryCode: z.string().optional(),
  phoneHome: z.string().optional(),
  phoneMobile: z.string().optional(),
  phoneBusiness: z.string().optional(),
  fax: z.string().optional(),
  email: z.string().optional(),
  eligibleInvoiceToAddress: z.boolean().optional(),
  eligibleShipToAddress: z.boolean().optional(),
  invoiceToAddress: z.boolean().optional(),
  shipToAddress: z.boolean().optional(),
})

export type AddressData = z.infer<typeof AddressSchema>

export type Address = {
  id: string
  /** The URN baskets and orders refer to the address by; the id when ICM sends none. */
  urn: string
  companyName1?: string
  companyName2?: string
  title?: string
  firstName: string
  lastName: string
  addressLine1: string
  addressLine2?: string
  addressLine3?: string
  postalCode: string
  city: string
  /** Region code (ICM sends it as `mainDivision`, with `mainDivisionName` for display). */
  mainDivisionCode?: string
  mainDivisionName?: string
  countryCode: string
  country?: string
  phone?: string
  email?: string
  invoiceTo: boolean
  shipTo: boolean
}

const blank = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined)

export function mapAddress(data: AddressData): Address {
  return {
    id: data.id,
    urn: data.urn ?? data.id,
    companyName1: blank(data.companyName1),
    companyName2: blank(data.companyName2),
    title: blank(data.title),
    firstName: data.firstName ?? '',
    lastName: data.lastName ?? '',
    addressLine1: data.addressLine1 ?? '',
    addressLine2: blank(data.addressLine2),
    addressLine3: blank(data.addressLine3),
    postalCode: data.postalCode ?? '',
    city: data.city ?? '',
    mainDivisionCode: blank(data.mainDivisionCode ?? data.mainDivision),
    mainDivisionName: blank(data.mainDivisionName),
    countryCode: data.countryCode ?? '',
    country: blank(data.country),
    phone: blank(data.phoneHome ?? data.phoneMobile ?? data.phoneBusiness),
    email: blank(data.email),
    invoiceTo: data.eligibleInvoiceToAddress ?? data.invoiceToAddress ?? true,
    shipTo: data.eligibleShipToAddress ?? data.shipToAddress ?? true,
  }
}

/** The lines an address is printed in (labels, receipts, order details), without empty ones. */
export function addressLines(address: Address): string[] {
  const name = [address.title, address.firstName, address.lastName].filter(Boolean).join(' ')
  const region = address.mainDivisionName ?? address.mainDivisionCode
  return [
    address.companyName1,
    address.companyName2,
    name,
    address.addressLine1,
    address.addressLine2,
    address.addressLine3,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    [region, address.country ?? address.countryCode].filter(Boolean).join(', '),
  ].filter((line): line is string => !!line && line.trim() !== '')
}

/** Country (`GET countries`) and region (`GET countries/{code}/main-divisions`) as ICM sends them. */
export const CountriesSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) })
export type Country = { countryCode: string; name: string }
export type Region = { countryCode: string; regionCode: string; name: string }

/** One address (`POST`/`PATCH baskets/{id}/addresses`) and a list (`GET baskets/{id}/eligible-addresses`). */
export const AddressEnvelopeSchema = z.object({ data: AddressSchema })
export const AddressListSchema = z.object({ data: z.array(AddressSchema) })

/** ICM's Link answer to a created resource (an address of the address book): its id in one of three places. */
export const CreatedLinkSchema = z.object({
  id: z.string().optional(),
  itemId: z.string().optional(),
  uri: z.string().optional(),
  title: z.string().optional(),
})

/** The id a created resource's Link names. */
export const createdId = (link: z.infer<typeof CreatedLinkSchema>) =>
  link.itemId ?? link.id ?? link.uri?.split('/').pop() ?? link.title

/** The region codes of a country for the address schema; undefined for a country the shop does not deliver to. */
export const regionCodes =
  (regions: Record<string, Region[]>) =>
  (country: string): string[] | undefined =>
    Object.hasOwn(regions, country) ? regions[country]?.map((r) => r.regionCode) : undefined
