import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Carts are rows so every instance sees the same cart (docs/architecture.md "Growing past one machine"); the row is
// locked (SELECT … FOR UPDATE) for every change. Wishlist and save-for-later belong to a signed-in customer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE carts (
      id text PRIMARY KEY, customer_id integer REFERENCES customers(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','merged','ordered')),
      coupon_code text, version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- One open cart per customer; a second one can only arise from a race, which this index refuses.
    CREATE UNIQUE INDEX carts_customer_active_idx ON carts(customer_id) WHERE status = 'active' AND customer_id IS NOT NULL;

    CREATE TABLE cart_items (
      id serial PRIMARY KEY, cart_id text NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
      variant_id integer NOT NULL REFERENCES variants(id), quantity integer NOT NULL CHECK (quantity > 0),
      is_freebie boolean NOT NULL DEFAULT false, freebie_id integer REFERENCES freebies(id),
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX cart_items_line_idx ON cart_items(cart_id, variant_id, is_freebie);

    CREATE TABLE wishlist_items (
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      variant_id integer NOT NULL REFERENCES variants(id), evt_d jsonb,
      created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (customer_id, variant_id)
    );
    CREATE TABLE saved_items (
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      variant_id integer NOT NULL REFERENCES variants(id), quantity integer NOT NULL CHECK (quantity > 0),
      created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (customer_id, variant_id)
    );

    -- Written by checkout when an order with a coupon is placed; read by the per-customer limit rule.
    CREATE TABLE coupon_redemptions (
      id serial PRIMARY KEY, coupon_code text NOT NULL,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      order_ref text, discount integer NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX coupon_redemptions_customer_idx ON coupon_redemptions(customer_id, coupon_code);

    -- Delivery is charged below free_from (cart value after coupon, paise); the first active rule applies.
    CREATE TABLE delivery_rules (
      id serial PRIMARY KEY, name text NOT NULL, free_from integer NOT NULL CHECK (free_from >= 0),
      charge integer NOT NULL CHECK (charge >= 0), active boolean NOT NULL DEFAULT true
    );
    INSERT INTO delivery_rules (name, free_from, charge) VALUES ('Standard delivery: free from ₹499, else ₹50', 49900, 5000);
  `,
  );
}
