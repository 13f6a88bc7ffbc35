/** A guest checkout's address form by field name: e-mail and an invoice address in Berlin, shipped there too. */
export function guestAddressFields(
  email: string,
  firstName: string,
  lastName: string,
): Record<string, string> {
  return {
    email,
    'invoice.firstName': firstName,
    'invoice.lastName': lastName,
    'invoice.addressLine1': 'Invalidenstraße 1',
    'invoice.postalCode': '10115',
    'invoice.city': 'Berlin',
    'invoice.countryCode': 'DE',
    'invoice.mainDivision': 'BE',
    sameAsInvoice: 'on',
  }
}
