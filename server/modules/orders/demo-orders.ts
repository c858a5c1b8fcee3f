import { PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { sql } from 'kysely';
import { claimAppMeta } from '../../db/app-meta.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentMethodCode } from '../../db/types.ts';
import { insertOrderedCart } from '../cart/index.ts';
import { recordLastOrder } from '../customers/index.ts';
import { takeStock } from '../inventory/index.ts';
import { insertFirstAttempt } from '../payment/index.ts';
import { promotionTermsSql } from './placement.ts';
import { allocateDiscount } from './refund-rules.ts';
import { moveShipment } from './service.ts';

// Consistent orders written straight into the database: what a placed and paid order looks like (order,
// shipments, item snapshots with their discount shares, a payment, stock taken). Used by the API tests and, with
// KASRAT_DEV_TOOLS=1, to give the demo customer orders in several states. Checkout writes real ones.

export interface NewOrder {
  customerId: number;
  paymentMethod: PaymentMethodCode;
  shipments: Array<{ lines: Array<{ variantId: number; quantity: number; isFreebie?: boolean }>; shippingTotal?: number }>;
  couponCode?: string | null;
  couponDiscount?: number;
  bankOfferDiscount?: number;
  createdAt?: Date;
}

export interface CreatedOrder {
  id: number;
  orderNumber: string;
  total: number;
  shipments: Array<{ id: number; shipmentNumber: string; items: Array<{ id: number; variantId: number; quantity: number }> }>;
}

export async function insertOrder(db: Db, spec: NewOrder): Promise<CreatedOrder> {
  return db.transaction().execute(async (trx) => {
    const variantIds = [...new Set(spec.shipments.flatMap((s) => s.lines.map((l) => l.variantId)))];
    const variants = await trx
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select([
        'v.id',
        'v.product_id',
        'v.sku',
        'v.mrp',
        'v.sale_price',
        'v.weight',
        'v.flavour',
        'p.name',
        'b.name as brand_name',
        'c.name as category_name',
      ])
      .where('v.id', 'in', variantIds)
      .execute();
    const byId = new Map(variants.map((v) => [v.id, v]));
    const lines = spec.shipments.flatMap((s, si) =>
      s.lines.map((l) => {
        const v = byId.get(l.variantId);
        if (!v) throw new Error(`no variant ${l.variantId}`);
        return { si, ...l, v, sale: l.isFreebie ? 0 : v.sale_price };
      }),
    );
    const discount = (spec.couponDiscount ?? 0) + (spec.bankOfferDiscount ?? 0);
    const shares = allocateDiscount(
      lines.map((l) => ({ quantity: l.quantity, sale_price: l.sale, is_freebie: Boolean(l.isFreebie) })),
      discount,
    );
    const mrpTotal = lines.reduce((n, l) => n + l.v.mrp * l.quantity, 0);
    const itemTotal = lines.reduce((n, l) => n + l.sale * l.quantity, 0);
    const shippingTotal = spec.shipments.reduce((n, s) => n + (s.shippingTotal ?? 0), 0);
    const total = itemTotal - shares.reduce((a, b) => a + b, 0) + shippingTotal;
    const prepaid = spec.paymentMethod !== PAY_ON_DELIVERY;

    const seq = await sql<{ n: string }>`select nextval('order_number_seq') as n`.execute(trx);
    const orderNumber = `KS${seq.rows[0].n}`;
    // Stock is taken as checkout takes it (never below zero), through the inventory module and its ledger.
    for (const l of lines)
      if (!(await takeStock(trx, { variant_id: l.v.id, quantity: l.quantity }, { order: orderNumber })))
        throw new Error(`not enough stock of variant ${l.v.id}`);
    const customer = await trx
      .selectFrom('customers')
      .select(['first_name', 'last_name', 'email', 'mobile'])
      .where('id', '=', spec.customerId)
      .executeTakeFirstOrThrow();
    const address = await trx
      .selectFrom('addresses')
      .selectAll()
      .where('customer_id', '=', spec.customerId)
      .orderBy('is_default', 'desc')
      .executeTakeFirst();
    const snapshot = address
      ? {
          full_name: address.full_name,
          mobile: address.mobile,
          email: address.email,
          address: address.address,
          landmark: address.landmark,
          city: address.city,
          state: address.state,
          pincode: address.pincode,
          country: address.country,
        }
      : {
          full_name: `${customer.first_name} ${customer.last_name}`.trim(),
          mobile: customer.mobile ?? '9876543210',
          email: customer.email,
          address: '21, MG Road, Near Metro Station',
          landmark: null,
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
          country: 'India',
        };

    const cartId = await insertOrderedCart(trx, spec.customerId, spec.couponCode ?? null);
    // The gift lines' rules, for the promotions the order is sold with (promotionTermsSql).
    const giftVariants = lines.filter((l) => l.isFreebie).map((l) => l.v.id);
    const giftRules = giftVariants.length
      ? (
          await trx
            .selectFrom('freebies')
            .select(['id', 'variant_id'])
            .where('variant_id', 'in', giftVariants)
            .orderBy('threshold')
            .execute()
        )
          .filter((f, i, all) => all.findIndex((g) => g.variant_id === f.variant_id) === i)
          .map((f) => f.id)
      : [];
    const at = spec.createdAt ?? new Date();
    const order = await trx
      .insertInto('orders')
      .values({
        order_number: orderNumber,
        customer_id: spec.customerId,
        cart_id: cartId,
        status: prepaid ? 'confirmed' : 'placed',
        payment_method: spec.paymentMethod,
        address_id: address?.id ?? null,
        address: JSON.stringify(snapshot),
        coupon_code: spec.couponCode ?? null,
        mrp_total: mrpTotal,
        item_total: itemTotal,
        coupon_discount: spec.couponDiscount ?? 0,
        bank_offer_discount: spec.bankOfferDiscount ?? 0,
        shipping_total: shippingTotal,
        total,
        paid_total: prepaid ? total : 0,
        promotion_terms: promotionTermsSql({
          giftRules,
          couponCode: spec.couponCode ?? null,
          couponDiscount: spec.couponDiscount ?? 0,
          shippingTotal,
        }),
        placed_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const created: CreatedOrder = { id: order.id, orderNumber, total, shipments: [] };
    const status = prepaid ? 'confirmed' : 'placed';
    let lineIndex = 0;
    for (const [si, s] of spec.shipments.entries()) {
      const shipment = await trx
        .insertInto('shipments')
        .values({
          order_id: order.id,
          shipment_number: `${orderNumber}-${si + 1}`,
          status,
          shipping_total: s.shippingTotal ?? 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('shipment_events')
        .values({ shipment_id: shipment.id, from_status: null, to_status: 'placed', note: null, created_at: at })
        .execute();
      if (prepaid)
        await trx
          .insertInto('shipment_events')
          .values({ shipment_id: shipment.id, from_status: 'placed', to_status: 'confirmed', note: 'Payment received', created_at: at })
          .execute();
      const items: CreatedOrder['shipments'][number]['items'] = [];
      for (const l of lines.filter((x) => x.si === si)) {
        const row = await trx
          .insertInto('order_items')
          .values({
            order_id: order.id,
            shipment_id: shipment.id,
            variant_id: l.v.id,
            product_id: l.v.product_id,
            sku: l.v.sku,
            name: l.v.name,
            brand_name: l.v.brand_name,
            category_name: l.v.category_name,
            swatch: [l.v.weight, l.v.flavour].filter(Boolean).join(', ') || null,
            quantity: l.quantity,
            mrp: l.v.mrp,
            sale_price: l.sale,
            discount_share: shares[lineIndex++],
            is_freebie: Boolean(l.isFreebie),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        items.push({ id: row.id, variantId: l.v.id, quantity: l.quantity });
      }
      created.shipments.push({ id: shipment.id, shipmentNumber: `${orderNumber}-${si + 1}`, items });
    }
    await insertFirstAttempt(trx, { id: order.id, orderNumber, method: spec.paymentMethod, amount: total, at });
    await recordLastOrder(trx, spec.customerId, at);
    return created;
  });
}

/**
 * KASRAT_DEV_TOOLS=1: the demo customer gets three orders to look at — a confirmed prepaid one (can be cancelled),
 * a pay-on-delivery one with a delivered and a shipped parcel, and a delivered prepaid one (can be returned).
 * Runs once per database, whichever instance gets there first.
 */
export async function seedDemoOrders(db: Db, demoEmail: string): Promise<boolean> {
  if (!(await claimAppMeta(db, 'demo_orders_seeded', new Date().toISOString()))) return false;
  const demo = await db.selectFrom('customers').select('id').where('email', '=', demoEmail).executeTakeFirst();
  if (!demo) return false;
  const pick = await db
    .selectFrom('variants')
    .select(['id', 'sale_price'])
    .where('stock', '>=', 30)
    .where('sale_price', '>=', 50_000)
    .where('sale_price', '<=', 400_000)
    .where('id', 'not in', (eb) => eb.selectFrom('freebies').select('variant_id'))
    .orderBy('id')
    .limit(6)
    .execute();
  if (pick.length < 6) return false;
  const [a, b, c, d, e, f] = pick.map((p) => p.id);
  const day = 86_400_000;
  const now = Date.now();
  await insertOrder(db, {
    customerId: demo.id,
    paymentMethod: 2,
    couponCode: 'FIT10',
    couponDiscount: 20_000,
    createdAt: new Date(now - 3 * day),
    shipments: [
      {
        lines: [
          { variantId: a, quantity: 2 },
          { variantId: b, quantity: 1 },
        ],
      },
    ],
  });
  const cod = await insertOrder(db, {
    customerId: demo.id,
    paymentMethod: 4,
    createdAt: new Date(now - 2 * day),
    shipments: [{ lines: [{ variantId: c, quantity: 1 }], shippingTotal: 5_000 }, { lines: [{ variantId: d, quantity: 1 }] }],
  });
  for (const action of ['pack', 'ship', 'deliver'] as const)
    await moveShipment(db, cod.shipments[0].shipmentNumber, action, { awb: 'DLV1234567' });
  for (const action of ['pack', 'ship'] as const) await moveShipment(db, cod.shipments[1].shipmentNumber, action, { awb: 'DLV7654321' });
  const delivered = await insertOrder(db, {
    customerId: demo.id,
    paymentMethod: 1,
    createdAt: new Date(now - day),
    shipments: [
      {
        lines: [
          { variantId: e, quantity: 1 },
          { variantId: f, quantity: 1 },
        ],
      },
    ],
  });
  for (const action of ['pack', 'ship', 'deliver'] as const)
    await moveShipment(db, delivered.shipments[0].shipmentNumber, action, { awb: 'BLR9988776' });
  return true;
}

/**
 * KASRAT_DEV_TOOLS=1: one unit of `variantId` bought by the customer and delivered (or only shipped), so people
 * and browser tests can try the verified-buyer review flow without a checkout. A pay-on-delivery order written
 * and moved as operations would move it.
 */
export async function recordDevPurchase(db: Db, customerId: number, variantId: number, delivered: boolean): Promise<number> {
  const order = await insertOrder(db, { customerId, paymentMethod: PAY_ON_DELIVERY, shipments: [{ lines: [{ variantId, quantity: 1 }] }] });
  const shipment = order.shipments[0].shipmentNumber;
  for (const action of delivered ? (['pack', 'ship', 'deliver'] as const) : (['pack', 'ship'] as const))
    await moveShipment(db, shipment, action, { awb: 'DEV0000001' });
  return order.id;
}
