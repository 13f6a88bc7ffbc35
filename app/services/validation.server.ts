import {
  ValidationSchema,
  adjustmentsAllowed,
  mapValidation,
  type ValidationResults,
} from '~/models/checkout-validation'
import { icmCall, type IcmScope } from './icm.server'

/** Validates the basket for the given scopes (spec §4); adjustments are allowed except for scope All. */
export async function validateBasket(
  scope: IcmScope,
  basketId: string,
  scopes: string[],
): Promise<ValidationResults> {
  const data = await icmCall(scope, {
    method: 'POST',
    path: `baskets/${encodeURIComponent(basketId)}/validations`,
    json: { adjustmentsAllowed: adjustmentsAllowed(scopes), scopes },
    schema: ValidationSchema,
    cache: 'none',
  })
  return mapValidation(data)
}
