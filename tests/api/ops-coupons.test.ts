import { randomBytes } from 'node:crypto';
import { COUPON_MESSAGES, PROMOTION_MESSAGES } from '../../schemas/staff.ts';
import { describeBackends } from '../helpers/app.ts';
import { createCustomer, signInDirectly, variantsPriced } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's coupons (docs/decisions/019): a marketer creates and edits the coupons the cart's rules read; an
// impossible rule is a 400 naming the field; every write is on record with before / after; an edit names the
// version its editor saw, and of two marketers editing one coupon the second is refused with what changed.

process.env.OUTBOX_WORKER = 'off';

const code = () => `T${randomBytes(4).toString('hex').toUpperCase()}`;
const HOUR = 3_600_000;
const coupon = (over: Record<string, unknown> = {}) => ({
  description: 'Ten percent off whey',
  kind: 'percent',
  value: 10,
  max_discount: 50_000,
  min_cart: 100_000,
  per_customer_limit: 1,
  usage_limit: 100,
  starts_at: new Date(Date.now() - HOUR).toISOString(),
  ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
  ...over,
});

describeBackends('operations console: coupons', (ctx) => {
  test('a marketer creates a coupon, a shopper applies it; editing it changes what the cart gives; all on record', async () => {
    const t = ctx();
    const { db } = t.handle;
    const marketer = await signedInStaff(t, 'marketing');
    const name = code();
    const created = await marketer.agent.post('/api/ops/coupons', { code: name.toLowerCase(), ...coupon() });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: COUPON_MESSAGES.created,
      data: { code: name, kind: 'percent', value: 10, used: 0, version: 1 },
    });
    const listed = (await marketer.agent.get('/api/ops/coupons')).json().data.coupons as Array<{ code: string }>;
    expect(listed.map((c) => c.code)).toContain(name);
    expect((await marketer.agent.post('/api/ops/coupons', { code: name, ...coupon() })).statusCode).toBe(409);

    const shopper = t.agent();
    await signInDirectly(db, shopper, await createCustomer(db));
    const [variant] = await variantsPriced(db, 150_000, 300_000);
    if (!variant) throw new Error('no variant priced for the coupon');
    expect((await shopper.post('/api/cart/add-to-cart', { variant_id: variant.id, quantity: 1 })).statusCode).toBe(200);
    const applied = await shopper.post('/api/cart/apply-coupon', { coupon_code: name });
    expect(applied.statusCode).toBe(200);
    const discount = applied.json().data.coupon_discount as number;
    expect(discount).toBeGreaterThan(0);
    expect(discount).toBeLessThanOrEqual(Math.ceil(variant.sale_price / 10));

    // The marketer moves the end into the past: the same coupon no longer applies.
    const edited = await marketer.agent.post(
      `/api/ops/coupons/${name}`,
      coupon({ ends_at: new Date(Date.now() - HOUR / 2).toISOString(), expected_version: 1 }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.version).toBe(2);
    expect(edited.json().message).toBe(COUPON_MESSAGES.saved);
    await shopper.post('/api/cart/remove-coupon', {});
    expect((await shopper.post('/api/cart/apply-coupon', { coupon_code: name })).statusCode).toBeGreaterThanOrEqual(400);

    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    const mine = trail.filter((e) => e.target === `coupon:${name}`);
    expect(mine.map((e) => [e.actor, e.action])).toEqual([
      [`staff:${marketer.id}`, 'coupon.update'],
      [`staff:${marketer.id}`, 'coupon.create'],
    ]);
    expect((mine[0] as { before: { ends_at: string } }).before.ends_at).not.toBe((mine[0] as { after: { ends_at: string } }).after.ends_at);
  });

  test.each([
    ['percent above 100', { value: 101 }, 'value'],
    ['end before start', { ends_at: new Date(Date.now() - 2 * HOUR).toISOString() }, 'ends_at'],
    ['flat not below the minimum cart', { kind: 'flat', value: 100_000, min_cart: 100_000 }, 'min_cart'],
    ['negative minimum cart', { min_cart: -1 }, 'min_cart'],
    ['negative value', { value: -5 }, 'value'],
    ['zero per-customer limit', { per_customer_limit: 0 }, 'per_customer_limit'],
    ['per-customer above the overall limit', { per_customer_limit: 5, usage_limit: 2 }, 'per_customer_limit'],
    ['unknown brand', { brand_id: 999_999 }, 'brand_id'],
    ['bad date', { starts_at: 'tomorrow' }, 'starts_at'],
  ])('an impossible rule is a 400 naming the field: %s', async (_what, over, field) => {
    const t = ctx();
    const marketer = await signedInStaff(t, 'marketing');
    const name = code();
    const res = await marketer.agent.post('/api/ops/coupons', { code: name, ...coupon(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await t.handle.db.selectFrom('coupons').select('code').where('code', '=', name).executeTakeFirst()).toBeUndefined();
  });

  test('editing an unknown coupon is 404; support cannot write coupons (403); a guest gets 401', async () => {
    const t = ctx();
    const marketer = await signedInStaff(t, 'marketing');
    expect((await marketer.agent.post('/api/ops/coupons/NOSUCH123', coupon({ expected_version: 1 }))).statusCode).toBe(404);
    expect((await marketer.agent.post('/api/ops/coupons/a-b', coupon({ expected_version: 1 }))).statusCode).toBe(400);
    // An edit without the version its editor saw is refused, naming the field.
    const name = code();
    expect((await marketer.agent.post('/api/ops/coupons', { code: name, ...coupon() })).statusCode).toBe(200);
    const unversioned = await marketer.agent.post(`/api/ops/coupons/${name}`, coupon());
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().message).toContain('expected_version');
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.post('/api/ops/coupons', { code: code(), ...coupon() })).statusCode).toBe(403);
    expect((await support.agent.get('/api/ops/coupons')).statusCode).toBe(403);
    expect((await t.agent().get('/api/ops/coupons')).statusCode).toBe(401);
  });

  test('two marketers edit one coupon: the second, stale, gets 409 naming what changed, and nothing is lost', async () => {
    const t = ctx();
    const { db } = t.handle;
    const a = await signedInStaff(t, 'marketing');
    const b = await signedInStaff(t, 'marketing');
    const name = code();
    const body = coupon();
    expect((await a.agent.post('/api/ops/coupons', { code: name, ...body })).statusCode).toBe(200);
    // Both open version 1; the first saves a new value.
    const first = await a.agent.post(`/api/ops/coupons/${name}`, { ...body, value: 15, expected_version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ value: 15, version: 2 });
    // The second, still on version 1, changes the minimum cart: refused, told the value changed, shown the row now.
    const stale = await b.agent.post(`/api/ops/coupons/${name}`, { ...body, min_cart: 200_000, expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(PROMOTION_MESSAGES.stale('coupon', ['value']));
    expect(stale.json().data).toMatchObject({ changed: ['value'], current: { code: name, value: 15, min_cart: 100_000, version: 2 } });
    // Nothing lost: the first edit stands, the stale one wrote nothing (row and trail).
    const row = await db.selectFrom('coupons').select(['value', 'min_cart', 'version']).where('code', '=', name).executeTakeFirstOrThrow();
    expect(row).toEqual({ value: 15, min_cart: 100_000, version: 2 });
    const trail = await db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('target', '=', `coupon:${name}`)
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { action: 'coupon.create', staff_id: a.id },
      { action: 'coupon.update', staff_id: a.id },
    ]);
    // The second editor, now on version 2, saves both changes together.
    const again = await b.agent.post(`/api/ops/coupons/${name}`, { ...body, value: 15, min_cart: 200_000, expected_version: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ value: 15, min_cart: 200_000, version: 3 });
  });

  test('two stale-free edits racing on one coupon: one saves, the other gets 409; the version moves once', async () => {
    const t = ctx();
    const { db } = t.handle;
    const a = await signedInStaff(t, 'marketing');
    const b = await signedInStaff(t, 'marketing');
    const name = code();
    expect((await a.agent.post('/api/ops/coupons', { code: name, ...coupon() })).statusCode).toBe(200);
    // Both send version 1 at once: the row lock orders them, so the second sees version 2 and is refused.
    const answers = await Promise.all([
      a.agent.post(`/api/ops/coupons/${name}`, coupon({ value: 20, expected_version: 1 })),
      b.agent.post(`/api/ops/coupons/${name}`, coupon({ value: 30, expected_version: 1 })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)?.json().data.value;
    const row = await db.selectFrom('coupons').select(['value', 'version']).where('code', '=', name).executeTakeFirstOrThrow();
    expect(row).toEqual({ value: won, version: 2 });
  });
});
