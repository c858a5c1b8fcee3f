import { isSessionRefreshTrigger } from './session-refresh.ts';

describe('SPEC §4 session re-fetch triggers', () => {
  test.each([
    ['/api/cart/persist-cart', { status: 0 }, true],
    ['/api/order-confirmation/order-details?x=1', null, true],
    ['/api/payment/initate-transaction', { status: 1 }, true],
    ['/api/payment/pay-on-delivery', { status: 1 }, true],
    ['/api/order-confirmation/place-order', { status: 1 }, true],
    ['/api/myAccount/update-email', { status: 1 }, true],
    ['/api/myAccount/update-email', { status: 0 }, false],
    ['/api/myAccount/update-mobile', { status: 1 }, true],
    ['/api/payment/place-order', { status: 1 }, true],
    ['/api/payment/place-order', { status: 0 }, false],
    ['http://127.0.0.1:3000/api/cart/persist-cart/', {}, true],
    ['/api/cart/cart-list', { status: 1 }, false],
    [undefined, { status: 1 }, false],
  ])('%s %j → %s', (url, body, expected) => {
    expect(isSessionRefreshTrigger(url, body)).toBe(expected);
  });
});
