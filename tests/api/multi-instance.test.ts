import type { FastifyInstance } from 'fastify';
import { BACKENDS, openTwoInstances } from '../helpers/app.ts';

// docs/architecture.md "Growing past one machine": two stateless instances on one PostgreSQL share sessions, carts and
// rate limits, because all of them are rows.
describe.skipIf(!BACKENDS.includes('postgres'))('two instances on one PostgreSQL', () => {
  let a: FastifyInstance;
  let browser: Awaited<ReturnType<typeof openTwoInstances>>['browser'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ a, browser, close } = await openTwoInstances());
  });
  afterAll(async () => close?.());

  test('a session started on one instance is signed in on the other, and logout on either ends it', async () => {
    const { onA, onB } = browser();
    const login = await onA.post('/api/auth/login', {
      email_or_mobile: 'demo@kasrat.test',
      c_code: '+91',
      customer_password: 'Demo@1234',
      is_encrypted: false,
    });
    expect(login.json().status).toBe(1);
    const ping = await onB.get('/api/ping');
    expect(ping.json().data?.customer_email).toBe('demo@kasrat.test');
    await onB.post('/api/logout/logout-operation');
    onA.cookies.set('ksid', login.cookies.find((c) => c.name === 'ksid')?.value ?? '');
    expect((await onA.get('/api/ping')).json().data).toBeNull();
  });

  test('a guest cart filled on one instance is the same cart on the other', async () => {
    const { onA, onB } = browser();
    const hits = await a.inject({ method: 'GET', url: '/api/search/product-search-listing?q=whey' });
    const vid = hits.json().data.hits.find((h: { stock_status: string }) => h.stock_status !== 'outofstock')?.vid as number;
    const added = await onA.post('/api/cart/add-to-cart', { variant_id: vid, quantity: 2 });
    expect(added.json().status).toBe(1);
    const list = await onB.post('/api/cart/cart-list', {});
    const lines = list.json().data.cart_data as Array<{ variant_id: number; quantity: number }>;
    expect(lines.find((l) => l.variant_id === vid)?.quantity).toBe(2);
  });

  test('an OTP send limit counted on one instance holds on the other', async () => {
    const { onA, onB } = browser();
    const send = (agent: typeof onA) => agent.post('/api/auth/otp', { type: 'login', email_or_mobile: '9876543210', c_code: '+91' });
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await send(i % 2 ? onB : onA)).statusCode);
    expect(answers.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(answers[5]).toBe(429);
  });
});
