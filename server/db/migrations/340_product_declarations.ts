import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// What a packaged food must declare where it is sold (docs/product-declarations.md): the Legal Metrology (Packaged
// Commodities) Rules 2011, rule 6, and the FSSAI labelling and display regulations 2020.
// - product_declarations: one row per product, the label's product-wide facts. `version` is the console's
//   optimistic version (docs/decisions/019); nutrition is per 100 g (or ml), per serving is derived from
//   serving_size_g. The tariff heading for the tax invoice is the GST tables' (migration 350), not a label fact.
// - variant_declarations: what differs by pack: the net quantity as declared (value and unit), servings, and the
//   best-before date of the batch on sale where stock carries one (else the product's shelf life stands).
// Edits touch the product's row too (updated_at), so every instance's catalogue snapshot and page caches follow.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE product_declarations (
      product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
      version integer NOT NULL DEFAULT 1,
      manufacturer_name text NOT NULL, manufacturer_address text NOT NULL,
      packer_name text, packer_address text,
      importer_name text, importer_address text,
      country_of_origin text NOT NULL,
      customer_care_phone text NOT NULL, customer_care_email text NOT NULL, customer_care_address text NOT NULL,
      fssai_licence text NOT NULL CHECK (fssai_licence ~ '^[0-9]{14}$'),
      serving_size text NOT NULL, serving_size_g numeric(8,2) NOT NULL CHECK (serving_size_g > 0),
      shelf_life_months integer CHECK (shelf_life_months BETWEEN 1 AND 120),
      ingredients text NOT NULL, allergens text,
      nutrition jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE variant_declarations (
      variant_id integer PRIMARY KEY REFERENCES variants(id) ON DELETE CASCADE,
      net_quantity numeric(10,3) NOT NULL CHECK (net_quantity > 0),
      net_unit text NOT NULL CHECK (net_unit IN ('g','kg','lb','ml','l','tablets','capsules','bars','pieces')),
      servings integer NOT NULL CHECK (servings > 0),
      best_before date
    );
  `,
  );
}
