import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// After purchase (SPEC §2 account order pages, §7 /api/order): returns with photos, refunds, saved bank
// accounts for pay-on-delivery refunds, the pickup address of a return, and IFSC branch details.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    -- The address a return is picked up from (set-select-address); the delivery address when unset.
    CREATE TABLE shipment_pickup_addresses (
      shipment_id integer PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
      address_id integer NOT NULL REFERENCES addresses(id) ON DELETE CASCADE
    );

    -- Branch details for fetch-ifsc-details. Codes are validated and banks named offline by the ifsc package;
    -- branch details need Razorpay's web API, so the branches we know are kept here.
    CREATE TABLE ifsc_branches (
      ifsc text PRIMARY KEY CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
      branch text NOT NULL, address text NOT NULL, city text NOT NULL, district text NOT NULL, state text NOT NULL
    );
    INSERT INTO ifsc_branches (ifsc, branch, address, city, district, state) VALUES
      ('HDFC0000001', 'Sandoz House, Worli', 'Sandoz House, Dr Annie Besant Road, Worli', 'Mumbai', 'Mumbai', 'Maharashtra'),
      ('HDFC0000240', 'Connaught Place', 'G-3/4, Surya Kiran Building, Kasturba Gandhi Marg', 'New Delhi', 'New Delhi', 'Delhi'),
      ('SBIN0000691', 'New Delhi Main Branch', '11, Sansad Marg, Connaught Place', 'New Delhi', 'New Delhi', 'Delhi'),
      ('SBIN0001707', 'Koramangala', '80 Feet Road, 6th Block, Koramangala', 'Bengaluru', 'Bengaluru Urban', 'Karnataka'),
      ('ICIC0000001', 'Nariman Point', 'ICICI Bank Towers, Bandra Kurla Complex', 'Mumbai', 'Mumbai', 'Maharashtra'),
      ('ICIC0000104', 'Jayanagar', '9th Main, 4th Block, Jayanagar', 'Bengaluru', 'Bengaluru Urban', 'Karnataka'),
      ('UTIB0000009', 'Chennai Main', '82, Dr Radhakrishnan Salai, Mylapore', 'Chennai', 'Chennai', 'Tamil Nadu'),
      ('KKBK0000958', 'Pune Camp', 'Clover Centre, Moledina Road, Camp', 'Pune', 'Pune', 'Maharashtra'),
      ('PUNB0015200', 'Sector 17 Chandigarh', 'SCO 17-18, Sector 17-B', 'Chandigarh', 'Chandigarh', 'Chandigarh'),
      ('BARB0DBDELH', 'Delhi Main', 'Parliament Street, Sansad Marg', 'New Delhi', 'New Delhi', 'Delhi');

    -- Refunds of pay-on-delivery orders are paid to an account the shopper saves. The full number is kept for
    -- the payout and never answered: shoppers see the last four digits only.
    CREATE TABLE bank_accounts (
      id serial PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      account_holder text NOT NULL, account_number text NOT NULL, account_last4 text NOT NULL,
      ifsc text NOT NULL, bank_name text NOT NULL, branch text,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (customer_id, ifsc, account_number)
    );
    CREATE INDEX bank_accounts_customer_idx ON bank_accounts(customer_id, updated_at DESC);

    CREATE TABLE returns (
      id serial PRIMARY KEY, shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      reason_code text NOT NULL, comment text, pickup_address jsonb NOT NULL,
      refund_method text NOT NULL CHECK (refund_method IN ('original','bank')),
      bank_account_id integer REFERENCES bank_accounts(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested','withdrawn','picked_up','received')),
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- A shipment has at most one return that is not withdrawn: returning twice is refused by the database too.
    CREATE UNIQUE INDEX returns_one_per_shipment ON returns(shipment_id) WHERE status <> 'withdrawn';
    CREATE TABLE return_items (
      return_id integer NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
      order_item_id integer NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity > 0), PRIMARY KEY (return_id, order_item_id)
    );
    -- Photos uploaded for a return before it is submitted (return_id set on submit).
    CREATE TABLE return_media (
      upload_id integer PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      return_id integer REFERENCES returns(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX return_media_shipment_idx ON return_media(shipment_id);

    -- One row per refund. idempotency_key is also the key given to the gateway: a refund is paid once however
    -- often its processing is retried.
    CREATE TABLE refunds (
      id serial PRIMARY KEY, order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason IN ('cancel','return')),
      method text NOT NULL CHECK (method IN ('original','bank')),
      payment_id integer REFERENCES payments(id), bank_account_id integer REFERENCES bank_accounts(id) ON DELETE SET NULL,
      amount integer NOT NULL CHECK (amount > 0),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','processed','failed')),
      idempotency_key text NOT NULL UNIQUE, gateway_refund_id text, failure_reason text,
      created_at timestamptz NOT NULL DEFAULT now(), processed_at timestamptz
    );
    CREATE INDEX refunds_order_idx ON refunds(order_id);
    CREATE INDEX refunds_pending_idx ON refunds(created_at) WHERE status = 'pending';
    CREATE TABLE refund_items (
      refund_id integer NOT NULL REFERENCES refunds(id) ON DELETE CASCADE,
      order_item_id integer NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity > 0), amount integer NOT NULL CHECK (amount >= 0),
      PRIMARY KEY (refund_id, order_item_id)
    );
  `,
  );
}
