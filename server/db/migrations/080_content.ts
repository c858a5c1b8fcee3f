import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Content pages (SPEC §1 "other areas"): authenticity codes, retailer requests, newsletter unsubscribes, the help
// centre's FAQ, support reasons and tickets, and staff customers (SPEC §6 preview).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    -- One row per sealed unit: the NAC code printed on the pack and the scratch code under its strip.
    -- A scratch code is claimed once (claimed_at); the claim is one guarded UPDATE so concurrent claims have one winner.
    CREATE TABLE authenticity_codes (
      id serial PRIMARY KEY, brand_id integer NOT NULL REFERENCES brands(id), nac_code text NOT NULL,
      scratch_code text NOT NULL UNIQUE, claimed_at timestamptz,
      claimed_by integer REFERENCES customers(id) ON DELETE SET NULL
    );
    CREATE INDEX authenticity_codes_nac_idx ON authenticity_codes(nac_code);

    CREATE TABLE retailer_requests (
      id serial PRIMARY KEY, reference text NOT NULL UNIQUE, full_name text NOT NULL, business_name text NOT NULL,
      mobile text NOT NULL, email text NOT NULL, city text NOT NULL, pincode text NOT NULL, gstin text,
      message text NOT NULL DEFAULT '', created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE newsletter_unsubscribes (email text PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now());

    CREATE TABLE faqs (
      id serial PRIMARY KEY, topic text NOT NULL, question text NOT NULL, answer text NOT NULL,
      position integer NOT NULL DEFAULT 0
    );
    CREATE TABLE support_reasons (
      id serial PRIMARY KEY, channel text NOT NULL CHECK (channel IN ('phone','email')), label text NOT NULL,
      needs_order boolean NOT NULL DEFAULT false, position integer NOT NULL DEFAULT 0
    );
    CREATE TABLE support_tickets (
      id serial PRIMARY KEY, reference text NOT NULL UNIQUE,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('phone','email')), reason_id integer NOT NULL REFERENCES support_reasons(id),
      order_id integer REFERENCES orders(id) ON DELETE SET NULL, shipment_id integer REFERENCES shipments(id) ON DELETE SET NULL,
      contact text NOT NULL, message text NOT NULL, attachments jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX support_tickets_customer_idx ON support_tickets(customer_id, created_at DESC);

    -- SPEC §6: preview is for internal staff; in production a staff session is one of the ways to prove it.
    ALTER TABLE customers ADD COLUMN is_staff boolean NOT NULL DEFAULT false;

    INSERT INTO support_reasons (channel, label, needs_order, position) VALUES
      ('phone', 'Where is my order?', true, 1),
      ('phone', 'Payment deducted but order not placed', false, 2),
      ('phone', 'Return or replacement', true, 3),
      ('phone', 'Product authenticity', false, 4),
      ('phone', 'Something else', false, 5),
      ('email', 'Order not delivered yet', true, 1),
      ('email', 'Damaged or wrong product received', true, 2),
      ('email', 'Refund status', true, 3),
      ('email', 'Authenticity concern', false, 4),
      ('email', 'Account and sign-in', false, 5),
      ('email', 'Something else', false, 6);

    INSERT INTO faqs (topic, question, answer, position) VALUES
      ('Orders', 'How can I track my order?', 'Open My Account, then Orders, and choose the order. Each shipment shows its courier, tracking number and every step of its journey.', 1),
      ('Orders', 'Can I cancel my order?', 'Yes, until the shipment is packed. Open the order in My Account and choose Cancel on the shipment.', 2),
      ('Orders', 'How long does delivery take?', 'Most orders reach metro cities in 2 to 4 days and the rest of India in 4 to 7 days.', 3),
      ('Payments', 'Which payment methods do you accept?', 'UPI, debit and credit cards (MasterCard, Rupay, VISA, Amex), net banking, wallets and pay on delivery.', 4),
      ('Payments', 'Money was deducted but my order failed. What now?', 'A failed payment is refunded to the source automatically within 5 to 7 working days. You can also retry the payment from the order-failed page.', 5),
      ('Returns', 'How do I return a product?', 'Open the delivered order in My Account and choose Return. Sealed products can be returned within 7 days of delivery.', 6),
      ('Returns', 'When will I get my refund?', 'Refunds are issued once the return is picked up: to the original payment method, or to your bank account for pay-on-delivery orders.', 7),
      ('Authenticity', 'How do I know a product is authentic?', 'Every product is sourced from its brand or authorised importer. Enter the NAC code and scratch code from the pack on the authenticity page to verify it.', 8),
      ('Authenticity', 'My scratch code says it was already used. What should I do?', 'A scratch code can be verified only once. If you did not verify it yourself, contact us with the order number and a photo of the pack.', 9),
      ('Account', 'How do I reset my password?', 'On the sign-in page choose Forgot password and verify the one-time password sent to your mobile number or email.', 10);
  `,
  );
}
