import { z } from 'zod';

// The bodies of the storefront's HTML forms (application/x-www-form-urlencoded: every field arrives as text).
// Routes and notices are in form-notices.ts; docs/decisions/017 says why the forms exist.
export { FORM_ACTIONS, FORM_NOTICES, type FormNoticeCode, NOTICE_PARAM, withNotice } from './form-notices.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const Quantity = z.coerce.number().int().min(1).max(100_000);

/**
 * Where the answer sends the shopper back: a path on this site (one leading slash, then only the characters of an
 * encoded URL: no backslash, space or control character), else the cart. Never a 400: a bad return address still gets the shopper somewhere useful.
 */
export const ReturnTo = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[\w\-.~!$&'()*+,;=:@/?%#]*$/)
  .catch('/cart');

export const AddToCartForm = z.object({
  variant_id: Id,
  quantity: Quantity.default(1),
  return_to: ReturnTo.default('/cart'),
  /** `cart` (the Buy now button): go on to the cart instead of back to the page. */
  next: z.enum(['cart', 'back']).catch('back').default('back'),
});
export type AddToCartForm = z.infer<typeof AddToCartForm>;

export const UpdateCartForm = z.object({ variant_id: Id, quantity: Quantity, return_to: ReturnTo.default('/cart') });
export const RemoveFromCartForm = z.object({ variant_id: Id, return_to: ReturnTo.default('/cart') });
