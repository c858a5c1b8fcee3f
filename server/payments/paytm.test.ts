import { binOfMaskedCard, paytmCardOf } from './paytm.ts';

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

test('a Fetch Saved Cards card becomes the store’s view: savedCardId, network, last four, MMYYYY expiry; inactive tokens drop', () => {
  const card = { savedCardId: '123ptm', cardScheme: 'MASTER', cardSuffix: '4444', expiryDate: '092031', tokenStatus: 'ACTIVE' };
  expect(paytmCardOf(card)).toEqual({ token: '123ptm', network: 'MasterCard', last4: '4444', expiryMonth: 9, expiryYear: 2031 });
  expect(paytmCardOf({ ...card, cardScheme: 'RUPAY', tokenStatus: undefined })?.network).toBe('RuPay');
  expect(paytmCardOf({ ...card, tokenStatus: 'SUSPENDED' })).toBeNull();
  expect(paytmCardOf({ ...card, cardScheme: 'DINERS' })).toBeNull();
  expect(paytmCardOf({ ...card, expiryDate: '132031' })).toBeNull();
  expect(paytmCardOf({ ...card, expiryDate: '0931' })).toBeNull();
  expect(paytmCardOf({ ...card, cardSuffix: '44' })).toBeNull();
  expect(paytmCardOf({ ...card, savedCardId: '' })).toBeNull();
});
