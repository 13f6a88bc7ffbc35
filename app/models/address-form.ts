import { z } from 'zod'

import type { Translate } from './messages'

/** Postal code formats of the countries the shop delivers to; other countries get a length check only. */
export const POSTAL_CODE_FORMATS: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  AT: /^\d{4}$/,
  PL: /^\d{2}-\d{3}$/,
  RO: /^\d{6}$/,
  US: /^\d{5}(?:-\d{4})?$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
}

/** The field names of an address form, ICM `AddressData` names. */
export const ADDRESS_FIELDS = [
  'companyName1',
  'firstName',
  'lastName',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'countryCode',
  'mainDivision',
  'phoneHome',
] as const

/**
 * One address: names, street, postal code in the country's format, city, country, and the region when the
 * country has regions (`regionsOf(country)` lists their codes, empty when it has none, undefined for a country the shop does
 * not deliver to).
 */
export function addressSchema(t: Translate, regionsOf: (country: string) => string[] | undefined) {
  const required = (max: number) =>
    z
      .string({ required_error: t('form.required') })
      .trim()
      .min(1, t('form.required'))
      .max(max, t('form.max_length', { max }))
  const optional = (max: number) => z.string().trim().max(max, t('form.max_length', { max })).optional()
  return z
    .object({
      companyName1: optional(60),
      firstName: required(60),
      lastName: required(60),
      addressLine1: required(60),
      addressLine2: optional(60),
      postalCode: required(20),
      city: required(60),
      countryCode: required(2),
      mainDivision: optional(10),
      phoneHome: optional(30),
    })
    .superRefine((address, ctx) => {
      const format = POSTAL_CODE_FORMATS[address.countryCode]
      if (format && !format.test(address.postalCode))
        ctx.addIssue({ code: 'custom', path: ['postalCode'], message: t('address.postal_code.invalid') })
      const regions = regionsOf(address.countryCode)
      if (regions === undefined)
        ctx.addIssue({ code: 'custom', path: ['countryCode'], message: t('address.country.invalid') })
      if (regions?.length) {
        if (!address.mainDivision)
          ctx.addIssue({ code: 'custom', path: ['mainDivision'], message: t('address.region.required') })
        else if (!regions.includes(address.mainDivision))
          ctx.addIssue({ code: 'custom', path: ['mainDivision'], message: t('address.region.invalid') })
      }
    })
}

export type AddressForm = z.infer<ReturnType<typeof addressSchema>>

export type AddressFieldName = (typeof ADDRESS_FIELDS)[number]

/**
 * The ship-to fields as posted: checked as an address only when it is not the invoice address (below), but
 * known field by field, so the form's parse keeps them and the browser marks none of them required.
 */
const postedAddress = z
  .object(
    Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, z.string().optional()])) as Record<
      AddressFieldName,
      z.ZodOptional<z.ZodString>
    >,
  )
  .optional()

/**
 * The guest's form on the address step: e-mail, invoice address, and a ship-to address unless it is the
 * same as the invoice address.
 */
export function guestAddressesSchema(t: Translate, regionsOf: (country: string) => string[] | undefined) {
  const address = addressSchema(t, regionsOf)
  return z
    .object({
      intent: z.literal('guest'),
      email: z
        .string({ required_error: t('form.required') })
        .trim()
        .min(1, t('form.required'))
        .max(100, t('form.max_length', { max: 100 }))
        .email(t('address.email.invalid')),
      invoice: address,
      sameAsInvoice: z.boolean().default(false),
      shipping: postedAddress,
    })
    .transform((form, ctx) => {
      if (form.sameAsInvoice) return { ...form, shipping: undefined }
      const shipping = address.safeParse(form.shipping ?? {})
      if (!shipping.success) {
        for (const issue of shipping.error.issues)
          ctx.addIssue({ ...issue, path: ['shipping', ...issue.path] })
        return z.NEVER
      }
      return { ...form, shipping: shipping.data }
    })
}

export type GuestAddressesForm = z.infer<ReturnType<typeof guestAddressesSchema>>

type RegionsOf = (country: string) => string[] | undefined

/** A logged-in user's choice of invoice and ship-to address among the eligible ones. */
export const selectAddressesSchema = (t: Translate) =>
  z.object({
    invoiceAddress: z.string({ required_error: t('checkout.address.invoice.required') }).min(1),
    shipToAddress: z.string({ required_error: t('checkout.address.shipping.required') }).min(1),
  })

/** A new address of the user's address book, and what the basket uses it for. */
export const newAddressSchema = (t: Translate, regionsOf: RegionsOf) =>
  z.object({
    use: z.enum(['invoice', 'shipping', 'both']).default('both'),
    address: addressSchema(t, regionsOf),
  })

/** A changed address of the user's address book. */
export const editAddressSchema = (t: Translate, regionsOf: RegionsOf) =>
  z.object({ addressId: z.string().min(1), address: addressSchema(t, regionsOf) })

/**
 * The address step's forms of a logged-in user, told apart by the submit button's `intent` (the forms
 * themselves check their fields without it in the browser).
 */
export function userAddressesSchema(t: Translate, regionsOf: RegionsOf) {
  return z.discriminatedUnion('intent', [
    selectAddressesSchema(t).extend({ intent: z.literal('select') }),
    newAddressSchema(t, regionsOf).extend({ intent: z.literal('create') }),
    editAddressSchema(t, regionsOf).extend({ intent: z.literal('edit') }),
  ])
}
