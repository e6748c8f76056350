/**
 * The shop form's checks. They bring zod, so they load when the form is first used (a field
 * focused, or the form sent), not with the shop's page (decision 044).
 */
export { firstValidationMessage } from '../../../shared/api/auth.ts';
export { businessPriceRequestSchema, purchaseFormSchema } from '../../../shared/api/payments.ts';
