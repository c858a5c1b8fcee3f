import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Orders, shipments and payments (SPEC §3 order, §7 checkout and orders). One order per cart (UNIQUE cart_id);
// stock is taken from variants.stock (CHECK stock >= 0) in the same transaction that writes the order. Item
// prices are a snapshot: later catalogue edits never change what a shopper paid. Money is integer paise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE SEQUENCE order_number_seq START 100001;
    CREATE TABLE orders (
      id serial PRIMARY KEY, order_number text NOT NULL UNIQUE,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      cart_id text NOT NULL UNIQUE REFERENCES carts(id),
      status text NOT NULL DEFAULT 'payment_pending'
        CHECK (status IN ('payment_pending','placed','confirmed','cancelled','payment_failed','expired')),
      -- SPEC §9 payment method codes: 1 UPI, 2 cards, 3 net banking, 4 pay on delivery, 6 wallets.
      payment_method integer CHECK (payment_method IN (1,2,3,4,6)),
      address_id integer REFERENCES addresses(id) ON DELETE SET NULL, address jsonb NOT NULL,
      coupon_code text, mrp_total integer NOT NULL CHECK (mrp_total >= 0),
      item_total integer NOT NULL CHECK (item_total >= 0), coupon_discount integer NOT NULL DEFAULT 0 CHECK (coupon_discount >= 0),
      bank_offer_discount integer NOT NULL DEFAULT 0 CHECK (bank_offer_discount >= 0),
      shipping_total integer NOT NULL DEFAULT 0 CHECK (shipping_total >= 0), total integer NOT NULL CHECK (total >= 0),
      paid_total integer NOT NULL DEFAULT 0 CHECK (paid_total >= 0),
      expires_at timestamptz, placed_at timestamptz, version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX orders_customer_idx ON orders(customer_id, created_at DESC);
    CREATE INDEX orders_pending_idx ON orders(expires_at) WHERE status = 'payment_pending';

    -- Fulfilment state lives on the shipment (one order may ship in several parcels).
    CREATE TABLE shipments (
      id serial PRIMARY KEY, order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      shipment_number text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'payment_pending' CHECK (status IN ('payment_pending','placed','confirmed','packed',
        'shipped','delivered','cancelled','return_requested','return_picked_up','returned','refunded')),
      awb text, shipping_total integer NOT NULL DEFAULT 0 CHECK (shipping_total >= 0),
      version integer NOT NULL DEFAULT 0, delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shipments_order_idx ON shipments(order_id);

    CREATE TABLE order_items (
      id serial PRIMARY KEY, order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      variant_id integer NOT NULL REFERENCES variants(id), product_id integer NOT NULL REFERENCES products(id),
      sku text NOT NULL, name text NOT NULL, brand_name text NOT NULL, category_name text NOT NULL, swatch text,
      quantity integer NOT NULL CHECK (quantity > 0),
      cancelled_quantity integer NOT NULL DEFAULT 0 CHECK (cancelled_quantity >= 0),
      returned_quantity integer NOT NULL DEFAULT 0 CHECK (returned_quantity >= 0),
      mrp integer NOT NULL CHECK (mrp >= 0), sale_price integer NOT NULL CHECK (sale_price >= 0),
      -- This line's share of the order's coupon and bank-offer discounts, so a refund never exceeds what was paid.
      discount_share integer NOT NULL DEFAULT 0 CHECK (discount_share >= 0),
      is_freebie boolean NOT NULL DEFAULT false,
      CHECK (cancelled_quantity + returned_quantity <= quantity)
    );
    CREATE INDEX order_items_order_idx ON order_items(order_id);
    CREATE INDEX order_items_shipment_idx ON order_items(shipment_id);
    CREATE INDEX order_items_product_idx ON order_items(product_id);

    -- Every state change of a shipment, for the timeline shown to the shopper and for audits.
    CREATE TABLE shipment_events (
      id serial PRIMARY KEY, shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      from_status text, to_status text NOT NULL, note text, created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shipment_events_shipment_idx ON shipment_events(shipment_id, id);

    -- One row per payment attempt (retry-payment adds an attempt to the same order, never a second order).
    -- gateway_payment_id is the key of the one idempotent finalize.
    CREATE TABLE payments (
      id serial PRIMARY KEY, order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      attempt integer NOT NULL CHECK (attempt > 0), gateway text NOT NULL,
      method integer NOT NULL CHECK (method IN (1,2,3,4,6)), instrument text,
      amount integer NOT NULL CHECK (amount >= 0),
      status text NOT NULL DEFAULT 'created' CHECK (status IN ('created','pending','success','failed','expired')),
      gateway_order_ref text NOT NULL UNIQUE, gateway_payment_id text UNIQUE, failure_reason text,
      created_at timestamptz NOT NULL DEFAULT now(), finalized_at timestamptz,
      UNIQUE (order_id, attempt)
    );

    -- Stripe's rule: the same key gets the same answer for 24 hours.
    CREATE TABLE idempotency_keys (
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE, scope text NOT NULL, key text NOT NULL,
      request_hash text NOT NULL, status_code integer, response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL,
      PRIMARY KEY (customer_id, scope, key)
    );
    CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys(expires_at);

    -- Coupon use counted at order time, guarded by used < usage_limit (NULL: no global limit).
    ALTER TABLE coupons ADD COLUMN usage_limit integer CHECK (usage_limit IS NULL OR usage_limit > 0);
    ALTER TABLE coupons ADD COLUMN used integer NOT NULL DEFAULT 0 CHECK (used >= 0);

    -- Files shoppers upload (return photos, review photos, help-centre attachments): bytes kept in the database
    -- so every instance can serve them; content_type comes from the bytes, never from the file name.
    CREATE TABLE uploads (
      id serial PRIMARY KEY, public_id text NOT NULL UNIQUE,
      customer_id integer REFERENCES customers(id) ON DELETE CASCADE, purpose text NOT NULL,
      content_type text NOT NULL, size integer NOT NULL CHECK (size > 0), sha256 text NOT NULL, bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX uploads_customer_idx ON uploads(customer_id, purpose);
  `,
  );
}
