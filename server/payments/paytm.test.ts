import { binOfMaskedCard } from './paytm.ts';

// Paytm's Transaction Status answer names the card by `maskedCardNo` (paytm-pg-node-sdk,
// NativePaymentStatusResponseBody), the prefix in clear: the bank offer's card check reads it from there.
describe('the card prefix of a masked card number', () => {
  test('the first six digits, in the forms a masked number is written', () => {
    expect(binOfMaskedCard('485446XXXXXX1111')).toBe('485446');
    expect(binOfMaskedCard('4854 46XX XXXX 1111')).toBe('485446');
    expect(binOfMaskedCard('4854-46xx-xxxx-1111')).toBe('485446');
  });
  test('nothing when the prefix is masked, missing or not text', () => {
    expect(binOfMaskedCard('XXXXXXXXXXXX1111')).toBeNull();
    expect(binOfMaskedCard('4854XXXXXXXX1111')).toBeNull();
    expect(binOfMaskedCard('')).toBeNull();
    expect(binOfMaskedCard(undefined)).toBeNull();
    expect(binOfMaskedCard(485446)).toBeNull();
  });
});
