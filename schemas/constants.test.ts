import { GENERIC_ERROR, messageOf } from './constants.ts';

// SPEC §8: a failure shows its own message, or the generic one when it has none.
describe('messageOf', () => {
  test('the error’s own message', () => {
    expect(messageOf({ message: 'Coupon expired' })).toBe('Coupon expired');
    expect(messageOf(new Error('Out of stock'))).toBe('Out of stock');
  });

  test.each([[undefined], [null], [''], [{}], [{ message: '' }], [{ message: 42 }], [new Error('')]])(
    'the generic message when there is none: %o',
    (error) => {
      expect(messageOf(error)).toBe(GENERIC_ERROR);
    },
  );
});
