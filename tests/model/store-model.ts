import fc from 'fast-check';
import type { Db } from '../../server/db/database.ts';
import { cancelOrderShipment, expireUnpaidOrders, finalizePayment } from '../../server/flows/index.ts';
import { adjustStock } from '../../server/modules/inventory/index.ts';
import { readPromotionTerms } from '../../server/modules/orders/promotion-rules.ts';
import { sandboxPayouts } from '../../server/modules/orders/refund-gateway.ts';
import { opsMove, processPendingRefunds, submitReturn } from '../../server/flows/index.ts';
import { createGateway, readPaymentConfig } from '../../server/payments/index.ts';
import { type Agent, type Backend, createTestApp, type TestApp } from '../helpers/app.ts';
import { createShoppers, pincode, type Shopper, signIn } from '../api/checkout-fixtures.ts';
import { pricedVariants } from '../helpers/variants.ts';

// A model of the store checked by random operation sequences (docs/decisions/011-order-flows.md): shoppers add to
// cart, apply a coupon, take the free gift, place orders (pay on delivery or online), gateways call back, orders
// expire, shoppers cancel (whole or in part) and return, operations ship and deliver. After every step the store's
// money and stock invariants are checked against the database.

interface Real {
  t: TestApp;
  db: Db;
  shoppers: Array<{ s: Shopper; agent: Agent }>;
  variants: number[];
  freebieId: number;
  initialStock: Map<number, number>;
  initialUsed: Map<string, number>;
  clock: { now: Date };
  violations: string[];
  steps: number;
  /** Refusals by kind, to show the model reaches the states it means to. */
  refusals: Map<string, number>;
  /** Per command: runs that did what they meant, that the store refused, and that found nothing to act on. */
  outcomes: Map<string, CommandOutcomes>;
  /** The coupon the model applies and the free gift it takes, with the cart value each needs. */
  coupon: { code: string; minCart: number };
  freebieThreshold: number;
  /** Sale price of each variant the shoppers buy. */
  prices: Map<number, number>;
  progress?: (steps: number, commands: Record<string, CommandOutcomes>, violations: number) => void;
}

export interface CommandOutcomes {
  ok: number;
  refused: number;
  noop: number;
}

type Model = Record<string, never>;
type Cmd = fc.AsyncCommand<Model, Real>;

const live = ['payment_pending', 'placed', 'confirmed'] as const;
const RESTOCK_BELOW = 60;
const RESTOCK_TO = 200;

/** Every invariant of the store; each breach is a line in `real.violations`. */
export async function checkInvariants(real: Real, after: string): Promise<void> {
  const { db } = real;
  const fail = (m: string) => real.violations.push(`${after}: ${m}`);
  const stock = await db
    .selectFrom('variants')
    .select(['id', 'stock'])
    .where('id', 'in', [...real.initialStock.keys()])
    .execute();
  const held = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.variant_id',
      (eb) => eb.fn.sum<string>(eb.ref('i.quantity')).as('q'),
      (eb) => eb.fn.sum<string>(eb.ref('i.cancelled_quantity')).as('c'),
      (eb) => eb.fn.sum<string>(eb.ref('i.returned_quantity')).as('r'),
    ])
    .where('o.status', 'in', live)
    .groupBy('i.variant_id')
    .execute();
  const ledger = await db
    .selectFrom('stock_ledger')
    .select([
      'variant_id',
      (eb) => eb.fn.sum<string>(eb.ref('delta')).as('d'),
      // Staff adjustments (the model's restock) add units no order holds.
      (eb) => eb.fn.sum<string>(eb.case().when('reason', '=', 'staff_adjustment').then(eb.ref('delta')).else(0).end()).as('a'),
    ])
    .where('variant_id', 'in', [...real.initialStock.keys()])
    .groupBy('variant_id')
    .execute();
  for (const v of stock) {
    const h = held.find((x) => x.variant_id === v.id);
    const holding = h ? Number(h.q) - Number(h.c) - Number(h.r) : 0;
    const seed = real.initialStock.get(v.id) as number;
    const row = ledger.find((l) => l.variant_id === v.id);
    const adjusted = Number(row?.a ?? 0);
    if (v.stock + holding !== seed + adjusted)
      fail(`variant ${v.id}: stock ${v.stock} + held ${holding} ≠ seed ${seed} + staff adjustments ${adjusted}`);
    const sum = Number(row?.d ?? 0);
    if (seed + sum !== v.stock) fail(`variant ${v.id}: ledger sums to ${sum}, stock moved ${v.stock - seed}`);
  }
  const customers = real.shoppers.map((x) => x.s.customerId);
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'paid_total', 'cart_id', 'customer_id', 'payment_method', 'item_total', 'promotion_terms'])
    .where('customer_id', 'in', customers)
    .execute();
  const refunds = await db
    .selectFrom('refunds')
    .select(['order_id', 'amount', 'status'])
    .where('order_id', 'in', orders.length ? orders.map((o) => o.id) : [0])
    .execute();
  for (const o of orders) {
    const refunded = refunds.filter((r) => r.order_id === o.id && r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
    if (refunded > Math.max(o.paid_total, 0)) fail(`order ${o.order_number}: refunded ${refunded} > paid ${o.paid_total}`);
  }
  await checkMoneyKept(real, orders, refunds, fail);
  const carts = new Map<string, number>();
  for (const o of orders) carts.set(o.cart_id as string, (carts.get(o.cart_id as string) ?? 0) + 1);
  for (const [cart, n] of carts) if (n > 1) fail(`cart ${cart} has ${n} orders`);
  for (const c of customers)
    if (orders.filter((o) => o.customer_id === c && o.status === 'payment_pending').length > 1)
      fail(`customer ${c} holds two unpaid orders`);
  // Coupon uses = live redemptions: every redemption belongs to a live order, and each coupon's count moved with them.
  const redemptions = await db
    .selectFrom('coupon_redemptions as r')
    .leftJoin('orders as o', 'o.order_number', 'r.order_ref')
    .select(['r.coupon_code', 'o.status'])
    .execute();
  for (const r of redemptions)
    if (r.status && !live.includes(r.status as (typeof live)[number]))
      fail(`a redemption of ${r.coupon_code} outlives its ${r.status} order`);
  for (const c of await db.selectFrom('coupons').select(['code', 'used']).execute()) {
    const n = redemptions.filter((r) => r.coupon_code === c.code).length;
    if (c.used - n !== (real.initialUsed.get(c.code) ?? 0)) fail(`coupon ${c.code}: ${c.used} uses, ${n} redemptions`);
  }
  const shipments = await db
    .selectFrom('order_items as i')
    .innerJoin('shipments as s', 's.id', 'i.shipment_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['s.shipment_number', 's.status', 'i.is_freebie', 'i.quantity', 'i.cancelled_quantity', 'i.returned_quantity'])
    .where('o.customer_id', 'in', customers)
    .where('s.status', 'not in', ['cancelled', 'refunded', 'returned'])
    .where('o.status', 'in', live)
    .execute();
  const byShipment = new Map<string, { paid: number; free: number }>();
  for (const l of shipments) {
    const left = l.quantity - l.cancelled_quantity - l.returned_quantity;
    const e = byShipment.get(l.shipment_number) ?? { paid: 0, free: 0 };
    if (l.is_freebie) e.free += left;
    else e.paid += left;
    byShipment.set(l.shipment_number, e);
  }
  for (const [n, e] of byShipment) if (e.paid === 0 && e.free > 0) fail(`shipment ${n} holds only free lines`);
}

/**
 * Per prepaid order that was paid: paid − refunded = what the kept lines are worth under the promotion terms the
 * order was sold with, + delivery (docs/decisions/011-order-flows.md, "Promotions after a change"). Worth is
 * computed here from scratch (not by the store's incremental rules): kept sale value, less the coupon and bank
 * offer shares still earned, plus the value of a kept gift no longer earned, plus the shipping charged and the
 * free delivery no longer earned. Shares are rounded per line by the store, so a few paise per line may differ.
 */
async function checkMoneyKept(
  real: Real,
  orders: Array<{
    id: number;
    order_number: string;
    paid_total: number;
    payment_method: number | null;
    item_total: number;
    promotion_terms: unknown;
  }>,
  refunds: Array<{ order_id: number; amount: number; status: string }>,
  fail: (m: string) => void,
) {
  const paid = orders.filter((o) => o.payment_method !== 4 && o.paid_total > 0);
  if (paid.length === 0) return;
  const ids = paid.map((o) => o.id);
  const [items, shipments] = await Promise.all([
    real.db
      .selectFrom('order_items')
      .select([
        'order_id',
        'shipment_id',
        'quantity',
        'cancelled_quantity',
        'returned_quantity',
        'sale_price',
        'mrp',
        'is_freebie',
        'variant_id',
      ])
      .where('order_id', 'in', ids)
      .execute(),
    real.db.selectFrom('shipments').select(['id', 'order_id', 'status', 'shipping_total']).where('order_id', 'in', ids).execute(),
  ]);
  for (const o of paid) {
    const terms = readPromotionTerms(o.promotion_terms);
    const lines = items.filter((i) => i.order_id === o.id);
    const left = (i: (typeof lines)[number]) => i.quantity - i.cancelled_quantity - i.returned_quantity;
    const kept = lines.reduce((n, i) => n + (i.is_freebie ? 0 : i.sale_price * left(i)), 0);
    const share = (d: number) => (o.item_total > 0 ? Math.floor((d * kept) / o.item_total) : 0);
    const coupon = terms.coupon && kept >= terms.coupon.min_cart ? share(terms.coupon.discount) : 0;
    const offer = terms.bank_offer && kept - coupon >= terms.bank_offer.min_cart ? share(terms.bank_offer.discount) : 0;
    let worth = kept - coupon - offer;
    if (kept > 0)
      for (const g of lines.filter((i) => i.is_freebie && left(i) > 0)) {
        const rule = terms.gifts.find((r) => r.variant_id === g.variant_id);
        if (rule && kept < rule.threshold) worth += g.mrp * left(g);
      }
    // Shipping stays charged on every shipment not wholly cancelled; free delivery no longer earned is charged too.
    worth += shipments.filter((s) => s.order_id === o.id && s.status !== 'cancelled').reduce((n, s) => n + s.shipping_total, 0);
    if (kept > 0 && terms.free_delivery && kept < terms.free_delivery.threshold) worth += terms.free_delivery.charge;
    const refunded = refunds.filter((r) => r.order_id === o.id && r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
    const tolerance = 2 * lines.length;
    if (Math.abs(o.paid_total - refunded - worth) > tolerance)
      fail(`order ${o.order_number}: paid ${o.paid_total} − refunded ${refunded} ≠ kept worth ${worth}`);
  }
}

const pick = <T>(xs: readonly T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);

async function shipmentsOf(real: Real, who: number, statuses: string[]) {
  return real.db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.id', 's.shipment_number', 'o.payment_method', 'o.id as order_id'])
    .where('o.customer_id', '=', real.shoppers[who].s.customerId)
    .where('s.status', 'in', statuses as never[])
    .orderBy('s.id')
    .execute();
}

/** The gateway's callback for the shopper's latest online attempt. */
async function payLatest(real: Real, i: number, status: 'success' | 'failed' | 'pending'): Promise<false | undefined> {
  const attempt = await real.db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('bank_offers as b', 'b.id', 'p.bank_offer_id')
    .select(['p.gateway_order_ref', 'p.amount', 'p.gateway', 'b.instrument', 'b.bank', 'b.card_bins'])
    .where('o.customer_id', '=', real.shoppers[i].s.customerId)
    .where('p.gateway', '<>', 'cod')
    .orderBy('p.id', 'desc')
    .executeTakeFirst();
  if (!attempt) return false;
  // The shopper pays with the instrument the attempt's bank offer was chosen for (a qualifying payment).
  const instrument = attempt.instrument
    ? { type: attempt.instrument as 'card', bank: attempt.bank, card_bin: attempt.card_bins?.[0] ?? null, vpa: null }
    : undefined;
  const config = readPaymentConfig();
  const gateway = createGateway({ ...config, PAYMENT_GATEWAY: attempt.gateway as never }, { db: real.db });
  await finalizePayment(
    { db: real.db, config, gateway },
    {
      ref: attempt.gateway_order_ref,
      gatewayPaymentId: `pay_${attempt.gateway_order_ref}`,
      status,
      amount: attempt.amount,
      reason: null,
      instrument,
    },
    real.clock.now,
  );
}

/** Operations take a shipment through packing and shipping to delivered. */
async function deliver(real: Real, shipmentNumber: string) {
  const { status } = await real.db
    .selectFrom('shipments')
    .select('status')
    .where('shipment_number', '=', shipmentNumber)
    .executeTakeFirstOrThrow();
  if (status !== 'shipped') {
    await opsMove(real.db, shipmentNumber, 'pack');
    await opsMove(real.db, shipmentNumber, 'ship', { awb: 'MODEL12345' });
  }
  await deliverAt(real, shipmentNumber);
}
/** The model's clock runs behind the wall clock: its shipping is dated by that clock, so its delivery time is after it. */
async function deliverAt(real: { db: Db; clock: { now: Date } }, shipmentNumber: string) {
  const s = await real.db.selectFrom('shipments').select('id').where('shipment_number', '=', shipmentNumber).executeTakeFirstOrThrow();
  // The model's clock may also run ahead of the wall clock, past which no delivery is taken.
  const at = new Date(Math.min(real.clock.now.getTime(), Date.now()));
  await real.db
    .updateTable('shipment_events')
    .set({ created_at: at })
    .where('shipment_id', '=', s.id)
    .where('to_status', '=', 'shipped')
    .where('created_at', '>', at)
    .execute();
  await opsMove(real.db, shipmentNumber, 'deliver', { at });
}


/**
 * What a command's body answers: false when it found nothing to act on, the store's answer when it made a request
 * (a 4xx is a refusal), nothing when it acted.
 */
type Outcome = false | { statusCode: number } | undefined;

function command(name: string, args: fc.Arbitrary<number[]>, run: (real: Real, a: number[]) => Promise<Outcome>): fc.Arbitrary<Cmd> {
  return args.map(
    (a): Cmd => ({
      check: () => true,
      async run(_m, real) {
        const outcome = await run(real, a).then(
          (r): keyof CommandOutcomes => (r === false ? 'noop' : r && r.statusCode >= 400 ? 'refused' : 'ok'),
          (error: unknown): keyof CommandOutcomes => {
            // A refusal (4xx, a rule) is part of the store; anything else is a violation.
            const status = (error as { statusCode?: number }).statusCode;
            if (status === undefined || status >= 500) real.violations.push(`${name}(${a}) threw ${String(error)}`);
            else {
              const k = `${name} ${status} ${String((error as Error).message).slice(0, 60)}`;
              real.refusals.set(k, (real.refusals.get(k) ?? 0) + 1);
            }
            return 'refused';
          },
        );
        const counts = real.outcomes.get(name) ?? { ok: 0, refused: 0, noop: 0 };
        counts[outcome]++;
        real.outcomes.set(name, counts);
        real.steps++;
        if (real.steps % 500 === 0) real.progress?.(real.steps, Object.fromEntries(real.outcomes), real.violations.length);
        await checkInvariants(real, `${name}(${a})`);
      },
      toString: () => `${name}(${a})`,
    }),
  );
}

const who = fc.nat({ max: 2 });
const small = fc.integer({ min: 1, max: 4 });

/** The commands, weighted: returns, refunds and placements come up more often than the rest. */
export function storeCommands(): fc.Arbitrary<Cmd>[] {
  const all = baseCommands();
  const weight: Record<number, number> = { 3: 2, 6: 2, 8: 3, 9: 2 };
  return all.flatMap((c, i) => Array.from({ length: weight[i] ?? 1 }, () => c));
}

function baseCommands(): fc.Arbitrary<Cmd>[] {
  const post = async (real: Real, i: number, url: string, body: unknown) => {
    const res = await real.shoppers[i].agent.post(url, body);
    if (res.statusCode >= 500) real.violations.push(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400) {
      const k = `${url} ${res.statusCode} ${(res.json() as { message: string }).message.slice(0, 60)}`;
      real.refusals.set(k, (real.refusals.get(k) ?? 0) + 1);
    }
    return res;
  };
  const place = async (real: Real, i: number, online: number, v: number) => {
    const { s, agent } = real.shoppers[i];
    // Most placements find a cart with something in it.
    await post(real, i, '/api/cart/add-to-cart', { variant_id: pick(real.variants, v), quantity: 1 });
    await post(real, i, '/api/select-address/deliver-here', { address_id: s.addressId });
    const res = await agent.get('/api/order-confirmation/place-order', {
      'idempotency-key': `model-key-${process.pid}-${Date.now()}-${real.steps}-${i}`,
    });
    if (res.statusCode >= 500) real.violations.push(`place-order answered ${res.statusCode}`);
    if (res.statusCode !== 200) {
      const k = `place ${res.statusCode} ${(res.json() as { message: string }).message.slice(0, 60)}`;
      real.refusals.set(k, (real.refusals.get(k) ?? 0) + 1);
      return res;
    }
    const orderId = (res.json() as { data: { order_id: string } }).data.order_id;
    const paid = online
      ? await post(real, i, '/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: {} })
      : await post(real, i, '/api/payment/pay-on-delivery', { order_id: orderId });
    // Half the online placements are paid at once, so prepaid orders reach cancels, returns and refunds often.
    if (online === 2) await payLatest(real, i, 'success');
    return paid;
  };
  /** Tops the shopper's cart up with units of variant `v` until its paid lines are worth `min` (10 units a line at most). */
  const fillCart = async (real: Real, i: number, v: number, min: number) => {
    const variant = pick(real.variants, v) as number;
    const lines = await real.db
      .selectFrom('cart_items as ci')
      .innerJoin('carts as c', 'c.id', 'ci.cart_id')
      .innerJoin('variants as va', 'va.id', 'ci.variant_id')
      .select(['ci.variant_id', 'ci.quantity', 'va.sale_price'])
      .where('c.customer_id', '=', real.shoppers[i].s.customerId)
      .where('c.status', '=', 'active')
      .where('ci.is_freebie', '=', false)
      .execute();
    const value = lines.reduce((n, l) => n + l.quantity * l.sale_price, 0);
    if (value >= min) return;
    const price = real.prices.get(variant) as number;
    const have = lines.find((l) => l.variant_id === variant)?.quantity ?? 0;
    const quantity = Math.min(Math.ceil((min - value) / price), 10 - have);
    if (quantity > 0) await post(real, i, '/api/cart/add-to-cart', { variant_id: variant, quantity });
  };
  /**
   * A promotion taken at checkout (the coupon, the free gift): three times in four the cart is first filled to the
   * value the promotion needs, so it applies (and later changes cost it); otherwise it is tried on the cart as it is.
   */
  const promotion = (name: string, url: string, body: (real: Real) => unknown, needs: (real: Real) => number) =>
    command(name, fc.tuple(who, fc.nat(), fc.nat({ max: 3 })), async (real, [i, v, fill]) => {
      if (fill) await fillCart(real, i, v, needs(real));
      return post(real, i, url, body(real));
    });
  return [
    command('addToCart', fc.tuple(who, fc.nat(), small), (real, [i, v, q]) =>
      post(real, i, '/api/cart/add-to-cart', { variant_id: pick(real.variants, v), quantity: q }),
    ),
    promotion(
      'coupon',
      '/api/cart/apply-coupon',
      (real) => ({ coupon_code: real.coupon.code }),
      (real) => real.coupon.minCart,
    ),
    promotion(
      'gift',
      '/api/freebie/add-freebie-to-cart',
      (real) => ({ freebie_id: real.freebieId }),
      (real) => real.freebieThreshold,
    ),
    command('place', fc.tuple(who, fc.nat({ max: 2 }), fc.nat()), (real, [i, online, v]) => place(real, i, online, v)),
    command('callback', fc.tuple(who, fc.nat({ max: 2 })), (real, [i, kind]) =>
      payLatest(real, i, (['success', 'failed', 'pending'] as const)[kind]),
    ),
    command('expire', fc.tuple(fc.nat({ max: 1 })), async (real) => {
      real.clock.now = new Date(real.clock.now.getTime() + 20 * 60_000);
      await expireUnpaidOrders(real.db, real.clock.now);
    }),
    command('cancel', fc.tuple(who, fc.nat(), fc.nat({ max: 1 })), async (real, [i, n, partial]) => {
      const s = pick(await shipmentsOf(real, i, ['placed', 'confirmed', 'packed']), n);
      if (!s) return false;
      const items = await real.db
        .selectFrom('order_items')
        .selectAll()
        .where('shipment_id', '=', s.id)
        .where('is_freebie', '=', false)
        .execute();
      const line = pick(
        items.filter((x) => x.quantity - x.cancelled_quantity > 0),
        n,
      );
      const input = { shipmentId: s.shipment_number, reason_id: 'changed_mind', comment: null };
      if (partial && line)
        await cancelOrderShipment(real.db, real.shoppers[i].s.customerId, input, [{ order_item_id: line.id, quantity: 1 }]);
      else await cancelOrderShipment(real.db, real.shoppers[i].s.customerId, input, null);
    }),
    command('ship', fc.tuple(who, fc.nat(), fc.nat({ max: 1 })), async (real, [i, n, deliver]) => {
      const s = pick(await shipmentsOf(real, i, deliver ? ['shipped'] : ['placed', 'confirmed', 'packed']), n);
      if (!s) return false;
      if (deliver) await deliverAt(real, s.shipment_number);
      else {
        await opsMove(real.db, s.shipment_number, 'pack');
        await opsMove(real.db, s.shipment_number, 'ship', { awb: 'MODEL12345' });
      }
    }),
    command('return', fc.tuple(who, fc.nat(), fc.nat({ max: 1 })), async (real, [i, n, whole]) => {
      // Returns are reached often: a prepaid shipment on its way is delivered first when none is delivered yet.
      let s = pick(
        (await shipmentsOf(real, i, ['delivered'])).filter((x) => x.payment_method !== 4),
        n,
      );
      if (!s) {
        const moving = pick(
          (await shipmentsOf(real, i, ['placed', 'confirmed', 'packed', 'shipped'])).filter((x) => x.payment_method !== 4),
          n,
        );
        if (moving) {
          await deliver(real, moving.shipment_number);
          s = moving;
        } else {
          // None on its way either: the shopper buys and pays online, and it is delivered.
          await place(real, i, 2, n);
          const bought = (await shipmentsOf(real, i, ['placed', 'confirmed'])).filter((x) => x.payment_method !== 4).at(-1);
          if (!bought) return false;
          await deliver(real, bought.shipment_number);
          s = bought;
        }
      }
      const items = await real.db
        .selectFrom('order_items')
        .selectAll()
        .where('shipment_id', '=', s.id)
        .where('is_freebie', '=', false)
        .execute();
      const open = items.filter((x) => x.quantity - x.cancelled_quantity - x.returned_quantity > 0);
      const line = pick(open, n);
      if (!line) return false;
      await submitReturn(real.db, real.shoppers[i].s.customerId, {
        shipmentId: s.shipment_number,
        reason_id: 'damaged',
        comment: null,
        items: whole
          ? open.map((x) => ({ order_item_id: x.id, quantity: x.quantity - x.cancelled_quantity - x.returned_quantity }))
          : [{ order_item_id: line.id, quantity: 1 }],
        media_ids: [],
      });
      await opsMove(real.db, s.shipment_number, 'pickup-return');
      await opsMove(real.db, s.shipment_number, 'receive-return');
    }),
    command('refund', fc.tuple(fc.nat({ max: 1 })), async (real) => {
      // Refunds written by cancels and returns are paid out (sandbox gateway), as the retry sweep does.
      const config = readPaymentConfig();
      await processPendingRefunds(real.db, {
        gatewayFor: (name) => createGateway({ ...config, PAYMENT_GATEWAY: name as never }, { db: real.db }),
        payouts: sandboxPayouts,
        production: false,
      });
    }),
  ];
}

/** Opens a store, runs random command sequences for about `steps` steps, returns the steps run and every violation. */
export async function runStoreModel(opts: {
  steps: number;
  seed: number;
  backend?: Backend;
  runs?: number;
  /** Called every 500 steps with the steps run and the outcomes so far (a long run shows where it is). */
  progress?: (steps: number, commands: Record<string, CommandOutcomes>, violations: number) => void;
}) {
  const t = await createTestApp(opts.backend ?? 'pglite', { routeTable: false });
  try {
    const db = t.handle.db;
    const variants = (await pricedVariants(db, 40_000, 200_000, 20).limit(3).execute()).map((v) => v.id);
    const freebie = await db
      .selectFrom('freebies')
      .select(['id', 'variant_id', 'threshold'])
      .orderBy('threshold')
      .executeTakeFirstOrThrow();
    const coupon = await db.selectFrom('coupons').select(['code', 'min_cart']).where('code', '=', 'FIT10').executeTakeFirstOrThrow();
    const prices = await db.selectFrom('variants').select(['id', 'sale_price']).where('id', 'in', variants).execute();
    const tracked = [...variants, freebie.variant_id];
    const real: Real = {
      t,
      db,
      shoppers: [],
      variants,
      freebieId: freebie.id,
      initialStock: new Map(),
      initialUsed: new Map(),
      clock: { now: new Date() },
      violations: [],
      steps: 0,
      refusals: new Map(),
      outcomes: new Map(),
      coupon: { code: coupon.code, minCart: coupon.min_cart },
      freebieThreshold: freebie.threshold,
      prices: new Map(prices.map((p) => [p.id, p.sale_price])),
      progress: opts.progress,
    };
    // Runs go on until the steps are done (a sequence is up to 60 commands, often fewer).
    const runs = Math.max(opts.runs ?? 1, Math.ceil(opts.steps / 10));
    const perRun = 60;
    await fc
      .assert(
        fc.asyncProperty(fc.commands(storeCommands(), { maxCommands: perRun, size: 'max' }), async (cmds) => {
          if (real.steps >= opts.steps) return true;
          // Each run: three fresh shoppers; stock and coupon counts read as they stand (the invariants hold across runs).
          const pin = await pincode(db, 'cod');
          const made = await createShoppers(db, 3, [], pin);
          real.shoppers = made.map((s) => ({ s, agent: signIn(t.agent(), s) }));
          real.clock.now = new Date();
          // Delivered units never come back: a long run would sell the tracked variants out and every later
          // command be refused. Staff restock them (a ledger row, as in the store) before the seed figure is read.
          for (const r of await db.selectFrom('variants').select(['id', 'stock']).where('id', 'in', tracked).execute())
            if (r.stock < RESTOCK_BELOW) await adjustStock(db, r.id, RESTOCK_TO - r.stock, { staff: 'store-model', note: 'restock' });
          for (const r of await db.selectFrom('variants').select(['id', 'stock']).where('id', 'in', tracked).execute()) {
            const sum = await db
              .selectFrom('stock_ledger')
              .select((eb) => eb.fn.sum<string>(eb.ref('delta')).as('d'))
              .where('variant_id', '=', r.id)
              .executeTakeFirst();
            // The seed figure: stock before the first ledger row (orders of earlier runs still hold units).
            real.initialStock.set(r.id, r.stock - Number(sum?.d ?? 0));
          }
          // Uses counted before any redemption was recorded (seeded counts): the difference stays constant.
          const held = await db.selectFrom('coupon_redemptions').select('coupon_code').execute();
          for (const c of await db.selectFrom('coupons').select(['code', 'used']).execute())
            real.initialUsed.set(c.code, c.used - held.filter((r) => r.coupon_code === c.code).length);
          const before = real.violations.length;
          await fc.asyncModelRun(() => ({ model: {} as Model, real }), cmds);
          return real.violations.length === before;
        }),
        { numRuns: runs, seed: opts.seed, endOnFailure: true },
      )
      .catch((error: unknown) => {
        if (real.violations.length === 0) real.violations.push(String(error));
      });
    const count = async (table: 'orders' | 'refunds' | 'returns') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const statuses = await db
      .selectFrom('orders')
      .select(['status', 'payment_method', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy(['status', 'payment_method'])
      .execute();
    return {
      steps: real.steps,
      violations: real.violations,
      orders: await count('orders'),
      refunds: await count('refunds'),
      returns: await count('returns'),
      statuses: Object.fromEntries(statuses.map((r) => [`${r.status}/${r.payment_method ?? '-'}`, Number(r.n)])),
      refusals: Object.fromEntries(real.refusals),
      commands: Object.fromEntries(real.outcomes) as Record<string, CommandOutcomes>,
    };
  } finally {
    await t.close();
  }
}
