import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig, trustProxyWarning } from '../../server/config.ts';
import { BACKENDS, createAgent, openTestDatabase } from '../helpers/app.ts';

// TRUST_PROXY decides which address a per-client limit counts (docs/operations.md "Behind a load balancer"). A
// balancer appends the address it saw to X-Forwarded-For; whatever the client wrote before it is the client's own
// claim. A hop count or the balancers' addresses take the entry the balancer wrote; only `true` believes the claim.

const LIMIT = 3;

describe.each(BACKENDS)('TRUST_PROXY and per-client limits [%s]', (backend) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let saved: string | undefined;
  beforeAll(async () => {
    saved = process.env.LOGIN_LIMIT_PER_IP;
    process.env.LOGIN_LIMIT_PER_IP = String(LIMIT);
    db = await openTestDatabase(backend, { seed: false });
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.LOGIN_LIMIT_PER_IP;
    else process.env.LOGIN_LIMIT_PER_IP = saved;
    await db?.close();
  });

  /**
   * Five wrong logins from `shopper` (as the balancer saw it), each naming a different address of its own first,
   * then one from another shopper behind the same balancer.
   */
  async function spoofedLogins(setting: string, shopper: string, neighbour: string): Promise<number[]> {
    const app = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: readConfig({ TRUST_PROXY: setting }).TRUST_PROXY },
      handle: db.handle,
      clientDir: null,
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await createAgent(app).post(
          '/api/auth/login',
          { email_or_mobile: `nobody${i}@kasrat.test`, customer_password: 'Whatever1' },
          // The request arrives from the balancer (127.0.0.1); its last entry is the shopper it saw.
          { 'x-forwarded-for': `198.51.100.${i + 1}, ${shopper}` },
        );
        codes.push(res.statusCode);
      }
      const other = await createAgent(app).post(
        '/api/auth/login',
        { email_or_mobile: 'neighbour@kasrat.test', customer_password: 'Whatever1' },
        { 'x-forwarded-for': neighbour },
      );
      codes.push(other.statusCode);
      return codes;
    } finally {
      await app.close();
    }
  }

  const stamp = `${process.pid % 250}.${Date.now() % 250}`;

  // The last answer is the neighbour's: not refused, so the limit counted the shopper, not the balancer.
  test('TRUST_PROXY=1 is one balancer: a spoofed X-Forwarded-For does not escape the per-address limit', async () => {
    expect(await spoofedLogins('1', `10.90.${stamp}`, `10.93.${stamp}`)).toEqual([400, 400, 400, 429, 429, 400]);
  });

  test("the balancers' addresses (a CIDR) count the same address", async () => {
    expect(await spoofedLogins('127.0.0.0/8', `10.91.${stamp}`, `10.94.${stamp}`)).toEqual([400, 400, 400, 429, 429, 400]);
  });

  test('unset, every shopper behind the balancer is the balancer: one budget for all', async () => {
    expect(await spoofedLogins('false', `10.95.${stamp}`, `10.96.${stamp}`)).toEqual([400, 400, 400, 429, 429, 429]);
  });

  test('TRUST_PROXY=true believes the client, which is why start-up warns about it', async () => {
    // Each request names a new address of its own and is never limited.
    expect(await spoofedLogins('true', `10.92.${stamp}`, `10.97.${stamp}`)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(trustProxyWarning(readConfig({ TRUST_PROXY: 'true' }))).toMatch(/any client can name its own address/);
    expect(trustProxyWarning(readConfig({ TRUST_PROXY: '1' }))).toBeNull();
  });
});
