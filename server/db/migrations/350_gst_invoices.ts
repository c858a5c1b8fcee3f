import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// GST tax invoices and credit notes (docs/decisions/028-gst-tax-invoices.md).
// - Rates are data: gst_hsn_rates holds each HSN code's rate in basis points; a product takes its own code
//   (gst_product_hsn) or its category's (gst_category_hsn, by slug, walking up to the parents), so a rate change is
//   one row and a new category one row. The rates below are the seed's and are the seller's tax adviser's to confirm.
// - tax_document_series counts each series per financial year: the number is taken by an upsert on the series' row
//   inside the transaction that issues the document, so the row stays locked until commit, a rolled-back issue
//   takes no number, and the numbers are consecutive with no gap.
// - An invoice and its lines are written once, at dispatch, with what they say (seller, buyer, place of supply, HSN,
//   rate, split); a later change of rates or settings does not change an issued invoice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE IF NOT EXISTS gst_hsn_rates (
      hsn_code text PRIMARY KEY CHECK (hsn_code ~ '^[0-9]{4,8}$'),
      description text NOT NULL,
      rate_bp integer NOT NULL CHECK (rate_bp >= 0 AND rate_bp <= 4000)
    );
    CREATE TABLE IF NOT EXISTS gst_category_hsn (
      category_slug text PRIMARY KEY,
      hsn_code text NOT NULL REFERENCES gst_hsn_rates(hsn_code)
    );
    CREATE TABLE IF NOT EXISTS gst_product_hsn (
      product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
      hsn_code text NOT NULL REFERENCES gst_hsn_rates(hsn_code)
    );
    INSERT INTO gst_hsn_rates (hsn_code, description, rate_bp) VALUES
      ('2106', 'Food preparations n.e.s. (protein and supplement preparations)', 1800),
      ('2008', 'Nuts, prepared or preserved (peanut butter)', 500),
      ('1104', 'Cereal grains, rolled or flaked (oats)', 500),
      ('3924', 'Household articles of plastics (shakers)', 1800)
    ON CONFLICT (hsn_code) DO NOTHING;
    INSERT INTO gst_category_hsn (category_slug, hsn_code) VALUES
      ('sports-nutrition', '2106'),
      ('health-wellness', '2106'),
      ('fat-loss', '2106'),
      ('healthy-food-drinks', '2106'),
      ('peanut-butter', '2008'),
      ('oats', '1104'),
      ('accessories', '3924')
    ON CONFLICT (category_slug) DO NOTHING;

    CREATE TABLE IF NOT EXISTS tax_document_series (
      series text NOT NULL,
      fy text NOT NULL CHECK (fy ~ '^[0-9]{4}-[0-9]{2}$'),
      last_number integer NOT NULL CHECK (last_number > 0),
      PRIMARY KEY (series, fy)
    );

    CREATE TABLE IF NOT EXISTS tax_invoices (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL UNIQUE REFERENCES shipments(id),
      order_id integer NOT NULL REFERENCES orders(id),
      serial text NOT NULL UNIQUE CHECK (length(serial) <= 16),
      fy text NOT NULL,
      number integer NOT NULL,
      issued_at timestamptz NOT NULL,
      seller jsonb NOT NULL,
      buyer jsonb NOT NULL,
      supply_state_code text NOT NULL,
      supply_state_name text NOT NULL,
      intrastate boolean NOT NULL,
      total integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS tax_invoices_order_idx ON tax_invoices(order_id);
    CREATE TABLE IF NOT EXISTS tax_invoice_lines (
      id serial PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES tax_invoices(id),
      position integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('goods', 'delivery', 'adjustment')),
      order_item_id integer REFERENCES order_items(id),
      description text NOT NULL,
      hsn_code text NOT NULL,
      quantity integer NOT NULL,
      unit_price integer NOT NULL,
      discount integer NOT NULL,
      taxable integer NOT NULL,
      rate_bp integer NOT NULL,
      cgst integer NOT NULL,
      sgst integer NOT NULL,
      igst integer NOT NULL,
      total integer NOT NULL CHECK (total = taxable + cgst + sgst + igst),
      UNIQUE (invoice_id, position)
    );

    CREATE TABLE IF NOT EXISTS credit_notes (
      id serial PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES tax_invoices(id),
      refund_id integer NOT NULL UNIQUE REFERENCES refunds(id),
      serial text NOT NULL UNIQUE CHECK (length(serial) <= 16),
      fy text NOT NULL,
      number integer NOT NULL,
      issued_at timestamptz NOT NULL,
      total integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS credit_notes_invoice_idx ON credit_notes(invoice_id);
    CREATE TABLE IF NOT EXISTS credit_note_lines (
      id serial PRIMARY KEY,
      credit_note_id integer NOT NULL REFERENCES credit_notes(id),
      position integer NOT NULL,
      invoice_line_id integer NOT NULL REFERENCES tax_invoice_lines(id),
      quantity integer NOT NULL,
      taxable integer NOT NULL,
      rate_bp integer NOT NULL,
      cgst integer NOT NULL,
      sgst integer NOT NULL,
      igst integer NOT NULL,
      total integer NOT NULL CHECK (total = taxable + cgst + sgst + igst),
      UNIQUE (credit_note_id, position)
    );
  `,
  );
}
