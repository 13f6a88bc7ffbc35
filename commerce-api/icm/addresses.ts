import {
  addressRegion,
  addressUrn,
  addressUsage,
  isSharedAddress,
  type AddressRow,
  type AddressUsage,
  type AddressView,
} from '../domain/addresses'
import type { PreferredAddresses } from '../domain/address-book'
import type { Locale } from '../domain/channel'
import { countryName, regionName } from '../domain/countries'

const opt = (value: string | null) => value ?? undefined

/**
 * ICM's AddressData. Without a view (a basket's included addresses) `shared` follows the row: a customer
 * address that no user owns. The usage flags come in both of ICM's spellings (`eligible…` and the older one).
 */
export function addressJson(
  row: AddressRow,
  locale: Locale,
  view?: AddressView,
  usage: AddressUsage = addressUsage(row),
) {
  const region = addressRegion(row)
  return {
    id: row.id,
    urn: addressUrn(row),
    addressName: opt(row.addressName),
    companyName1: opt(row.companyName1),
    companyName2: opt(row.companyName2),
    title: opt(row.title),
    firstName: row.firstName,
    lastName: row.lastName,
    addressLine1: row.addressLine1,
    addressLine2: opt(row.addressLine2),
    addressLine3: opt(row.addressLine3),
    postalCode: row.postalCode,
    city: row.city,
    mainDivision: opt(region),
    mainDivisionCode: opt(region),
    mainDivisionName: regionName(row.countryCode, region, locale),
    country: countryName(row.countryCode, locale),
    countryCode: row.countryCode,
    phoneHome: opt(row.phoneHome),
    phoneMobile: opt(row.phoneMobile),
    phoneBusiness: opt(row.phoneBusiness),
    fax: opt(row.fax),
    email: opt(row.email),
    eligibleInvoiceToAddress: usage.invoiceTo,
    eligibleShipToAddress: usage.shipTo,
    invoiceToAddress: usage.invoiceTo,
    shipToAddress: usage.shipTo,
    shared: view?.shared ?? isSharedAddress(row),
    ...(view ? { editable: view.editable, owner: view.owner, sharedFor: view.sharedFor } : {}),
  }
}

/** ICM's `preferredInvoiceToAddress` and `preferredShipToAddress` of a user (UserData): whole addresses. */
export function preferredAddressesJson(preferred: PreferredAddresses, locale: Locale) {
  const json = (address?: PreferredAddresses['invoiceTo']) =>
    address ? addressJson(address.row, locale, address.view) : undefined
  return {
    preferredInvoiceToAddress: json(preferred.invoiceTo),
    preferredShipToAddress: json(preferred.shipTo),
  }
}

/** A Link to an address of a customer's book, as the book's list answers it. */
export function addressLink(site: string, resource: string, customerNo: string, id: string) {
  return { type: 'Link', uri: `${site}/-/${resource}/${customerNo}/addresses/${id}`, title: id, itemId: id }
}

/** The customer's address book: a ResourceCollection of Links. */
export function addressBookJson(links: ReturnType<typeof addressLink>[]) {
  return {
    type: 'ResourceCollection',
    name: 'addresses',
    elements: links,
    amount: links.length,
    offset: 0,
    total: links.length,
  }
}
