import { readPaymentConfig } from './config.ts';

// Production refuses a development secret only where it would let someone forge a payment.
describe('payment configuration in production', () => {
  const paytm = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'paytm', PAYTM_MERCHANT_KEY: 'Live0Merchant0Ky' };

  test('another gateway starts with the sandbox secret left at its default (the sandbox callback answers 404 then)', () => {
    expect(readPaymentConfig(paytm).PAYMENT_GATEWAY).toBe('paytm');
    expect(
      readPaymentConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'juspay', JUSPAY_RESPONSE_KEY: 'a-live-juspay-response-key' })
        .PAYMENT_GATEWAY,
    ).toBe('juspay');
  });

  test("the chosen gateway's development key is refused", () => {
    expect(() => readPaymentConfig({ ...paytm, PAYTM_MERCHANT_KEY: undefined })).toThrow(/PAYTM_MERCHANT_KEY/);
    expect(() => readPaymentConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'juspay' })).toThrow(/JUSPAY_RESPONSE_KEY/);
  });

  test('the sandbox is refused, and named with its secret', () => {
    expect(() => readPaymentConfig({ NODE_ENV: 'production' })).toThrow(
      /PAYMENT_GATEWAY \(sandbox takes no money\), SANDBOX_GATEWAY_SECRET/,
    );
  });
});
