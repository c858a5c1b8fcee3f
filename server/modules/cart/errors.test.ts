import { MAX_QUANTITY_PER_LINE } from '../../../schemas/cart.ts';
import { AppError, RULE_STATUS } from '../../http/errors.ts';
import { CouponNotApplicable, OutOfStock, QuantityLimit, quantityRefused } from './errors.ts';
import { checkLineQuantity } from './quantity.ts';

const refusal = (stock: number, wanted: number) => {
  const check = checkLineQuantity('Whey', stock, wanted);
  if (check.ok) throw new Error('expected a refusal');
  return quantityRefused(check, 0);
};

describe('cart domain errors', () => {
  test('a quantity beyond stock is OutOfStock; beyond the per-line maximum it is QuantityLimit', () => {
    expect(refusal(2, 3)).toBeInstanceOf(OutOfStock);
    expect(refusal(0, 1)).toBeInstanceOf(OutOfStock);
    expect(refusal(500, MAX_QUANTITY_PER_LINE + 1)).toBeInstanceOf(QuantityLimit);
    expect(refusal(2, 3).data).toEqual({ max_quantity: 2, in_cart: 0 });
  });
  test('each takes its HTTP status from the one table (RULE_STATUS)', () => {
    const error = new CouponNotApplicable('Coupon code X is not valid.');
    expect(error).toBeInstanceOf(AppError);
    expect(error.httpStatus).toBe(RULE_STATUS['coupon-not-applicable']);
    expect(refusal(2, 3).httpStatus).toBe(RULE_STATUS['out-of-stock']);
  });
});
