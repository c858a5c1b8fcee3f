import { buildApp } from '../../server/app.ts';
import { describeBackends } from '../helpers/app.ts';

// README "Security": the CSP allows exactly the configured gateway's hand-off. Paytm's hosted page takes a form
// post (form-action names its origin); the sandbox and Juspay need nothing beyond this site.

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .find((d) => d.trim().startsWith(`${name} `))
    ?.trim();

describeBackends('the CSP and the payment gateway', (ctx) => {
  async function cspWith(env: Record<string, string>) {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle: ctx().handle, clientDir: null });
      try {
        const page = await app.inject({ method: 'GET', url: '/' });
        return String(page.headers['content-security-policy']);
      } finally {
        await app.close();
      }
    } finally {
      process.env = saved;
    }
  }

  test("with Paytm, pages may post the hand-off form to Paytm's host and to no other", async () => {
    const csp = await cspWith({
      PAYMENT_GATEWAY: 'paytm',
      PAYTM_HOST: 'https://securegw.paytm.in',
      PAYTM_MERCHANT_KEY: 'csp-test-key-16c',
    });
    expect(directive(csp, 'form-action')).toBe("form-action 'self' https://securegw.paytm.in");
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
  });

  test('with the sandbox or Juspay, the hand-off is a navigation and the CSP stays closed', async () => {
    for (const gateway of ['sandbox', 'juspay'])
      expect(
        directive(
          await cspWith({
            PAYMENT_GATEWAY: gateway,
            // Any keys but the published development ones, which every environment refuses.
            JUSPAY_RESPONSE_KEY: 'csp-test-juspay-response-key',
            JUSPAY_WEBHOOK_PASSWORD: 'csp-test-juspay-webhook-password',
          }),
          'form-action',
        ),
        gateway,
      ).toBe("form-action 'self'");
  });
});
