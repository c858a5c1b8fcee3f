import { readPaymentConfig } from './config.ts';

// Production refuses a development secret only where it would let someone forge a payment.
describe('payment configuration in production', () => {
  const paytm = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'paytm', PAYTM_MERCHANT_KEY: 'Live0Merchant0Ky' };
  const livePaytm = { ...paytm, PAYTM_MID: 'KasratLive0000000001', PAYTM_HOST: 'https://securegw.paytm.in', PAYTM_WEBSITE: 'DEFAULT' };
  const liveJuspay = {
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: 'juspay',
    JUSPAY_RESPONSE_KEY: 'a-live-juspay-response-key',
    JUSPAY_WEBHOOK_PASSWORD: 'a-live-juspay-webhook-password',
    JUSPAY_API_KEY: 'live-api-key',
    JUSPAY_BASE_URL: 'https://api.juspay.in',
  };

  test('another gateway starts with the sandbox secret left at its default (the sandbox callback answers 404 then)', () => {
    expect(readPaymentConfig(livePaytm).PAYMENT_GATEWAY).toBe('paytm');
    expect(readPaymentConfig(liveJuspay).PAYMENT_GATEWAY).toBe('juspay');
  });

  test("the chosen gateway's development key is refused", () => {
    expect(() => readPaymentConfig({ ...livePaytm, PAYTM_MERCHANT_KEY: undefined })).toThrow(/PAYTM_MERCHANT_KEY/);
    expect(() => readPaymentConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'juspay' })).toThrow(/JUSPAY_RESPONSE_KEY/);
  });

  test('the sandbox is refused, and named with its secret', () => {
    expect(() => readPaymentConfig({ NODE_ENV: 'production' })).toThrow(
      /PAYMENT_GATEWAY \(sandbox takes no money\), SANDBOX_GATEWAY_SECRET/,
    );
  });

  test('Paytm in production: real settings start; a staging host, website or the development MID is refused', () => {
    expect(readPaymentConfig(livePaytm).PAYTM_HOST).toBe('https://securegw.paytm.in');
    expect(() => readPaymentConfig({ ...livePaytm, PAYTM_HOST: 'https://securegw-stage.paytm.in' })).toThrow(/PAYTM_HOST \(staging\)/);
    // Paytm's staging host on its paytmpayments.com domain, beside the older securegw-stage.paytm.in.
    expect(() => readPaymentConfig({ ...livePaytm, PAYTM_HOST: 'https://securestage.paytmpayments.com' })).toThrow(
      /PAYTM_HOST \(staging\)/,
    );
    expect(readPaymentConfig({ ...livePaytm, PAYTM_HOST: 'https://secure.paytmpayments.com' }).PAYTM_HOST).toBe(
      'https://secure.paytmpayments.com',
    );
    expect(() => readPaymentConfig({ ...livePaytm, PAYTM_WEBSITE: 'WEBSTAGING' })).toThrow(/PAYTM_WEBSITE/);
    expect(() => readPaymentConfig({ ...livePaytm, PAYTM_MID: undefined })).toThrow(/PAYTM_MID/);
  });

  test('Juspay in production: the sandbox host and the development API key are refused', () => {
    const live = liveJuspay;
    expect(readPaymentConfig(live).JUSPAY_BASE_URL).toBe('https://api.juspay.in');
    expect(() => readPaymentConfig({ ...live, JUSPAY_BASE_URL: undefined })).toThrow(/JUSPAY_BASE_URL/);
    expect(() => readPaymentConfig({ ...live, JUSPAY_API_KEY: undefined })).toThrow(/JUSPAY_API_KEY/);
  });

  test('JUSPAY_CLIENT_ID is optional (the merchant id stands in) and read when set', () => {
    expect(readPaymentConfig(liveJuspay).JUSPAY_CLIENT_ID).toBeUndefined();
    expect(readPaymentConfig({ ...liveJuspay, JUSPAY_CLIENT_ID: 'kasrat-web' }).JUSPAY_CLIENT_ID).toBe('kasrat-web');
  });
});

// The development keys ship with the source: a real gateway never runs with them, whatever NODE_ENV says.
describe('published keys', () => {
  test.each([undefined, 'development', 'test'])('are refused with NODE_ENV=%s', (NODE_ENV) => {
    expect(() => readPaymentConfig({ NODE_ENV, PAYMENT_GATEWAY: 'paytm' })).toThrow(/PAYTM_MERCHANT_KEY must not be the published/);
    expect(() => readPaymentConfig({ NODE_ENV, PAYMENT_GATEWAY: 'juspay' })).toThrow(/JUSPAY_RESPONSE_KEY, JUSPAY_WEBHOOK_PASSWORD/);
  });

  test('the sandbox still starts on its own defaults outside production', () => {
    expect(readPaymentConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
  });
});
