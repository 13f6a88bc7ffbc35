/**
 * ICM's store locator answer (`GET stores`), written from the Intershop PWA's store locator extension
 * (`stores.service.ts` unpacks `elements`; `store-location.interface.ts` and its mapper read `uuid`,
 * `phoneBusiness` and the position as decimal strings). The attributes are this shop's additions in ICM's
 * attribute shape (ADR 0043): `openingHours`, `mainDivisionCode`, and `distance` (km) when asked `near` a place.
 */
import { z } from 'zod'
import { AttributeSchema, resourceCollection } from './common'
import type { WireRule } from './rules'

const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/)

export const StoreSchema = z
  .object({
    type: z.literal('Store').optional(),
    uuid: z.string().min(1),
    name: z.string(),
    address: z.string().optional(),
    postalCode: z.string().optional(),
    city: z.string().optional(),
    country: z.string().optional(),
    countryCode: z.string().length(2).optional(),
    phoneBusiness: z.string().optional(),
    fax: z.string().optional(),
    email: z.string().optional(),
    latitude: Decimal.optional(),
    longitude: Decimal.optional(),
    attributes: z.array(AttributeSchema).optional(),
  })
  .strict()

export const StoresSchema = resourceCollection(StoreSchema)

export const storeWire: WireRule[] = [{ method: 'GET', route: '/rest/:site/stores', schema: StoresSchema }]
