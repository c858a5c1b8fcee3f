import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// The terms each promotion of an order was sold with (docs/decisions/011-order-flows.md, "Promotions after a
// change"): a cancel or a return re-prices the kept lines under these, never under today's rules.
// orders.promotion_terms = { gifts: [{ variant_id, threshold }], free_delivery: { threshold, charge } | null,
//   coupon: { code, min_cart, discount } | null, bank_offer: { min_cart, discount } | null }.
// Orders placed before this column existed get the rules as they stand now: the best record there is of them.
// shipments.due_on_delivery: on a pay-on-delivery order, what a change made the shopper no longer earn, which
// the courier collects with the shipment (no refund exists to take it off).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE orders ADD COLUMN promotion_terms jsonb;
    ALTER TABLE shipments ADD COLUMN due_on_delivery integer NOT NULL DEFAULT 0 CHECK (due_on_delivery >= 0);

    UPDATE orders o SET promotion_terms = jsonb_build_object(
      'gifts', COALESCE((
        SELECT jsonb_agg(jsonb_build_object('variant_id', g.variant_id, 'threshold', g.threshold) ORDER BY g.variant_id)
        FROM (SELECT DISTINCT ON (f.variant_id) f.variant_id, f.threshold
              FROM freebies f JOIN order_items i ON i.variant_id = f.variant_id AND i.is_freebie AND i.order_id = o.id
              ORDER BY f.variant_id, f.threshold) g), '[]'::jsonb),
      'free_delivery', CASE WHEN o.shipping_total = 0 THEN (
        SELECT jsonb_build_object('threshold', d.free_from, 'charge', d.charge)
        FROM delivery_rules d WHERE d.active ORDER BY d.id LIMIT 1) END,
      'coupon', CASE WHEN o.coupon_discount > 0 THEN (
        SELECT jsonb_build_object('code', c.code, 'min_cart', c.min_cart, 'discount', o.coupon_discount)
        FROM coupons c WHERE c.code = o.coupon_code) END,
      'bank_offer', CASE WHEN o.bank_offer_discount > 0 THEN (
        SELECT jsonb_build_object('min_cart', b.min_cart, 'discount', o.bank_offer_discount)
        FROM payments p JOIN bank_offers b ON b.id = p.bank_offer_id
        WHERE p.order_id = o.id AND p.status = 'success' ORDER BY p.attempt DESC LIMIT 1) END
    );
    `,
  );
}
