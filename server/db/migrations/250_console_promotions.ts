import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// The console's promotions (docs/decisions/019):
// - bank_offers.active: marketing switches an offer off without deleting it (payments name their offer).
// - version on bank offers, free gifts, delivery rules and sale pages: an edit names the version its editor saw,
//   so of two editors the second is told what changed instead of silently overwriting the first.
// - sale_pages / sale_page_sections: the sale pages (/sale/:slug) were fixed in code (the clearance sale, the mega
//   sale); they become rows, seeded with the same values, so marketing can edit the title, dates, publishing and
//   the product lists of their sections. A section with products listed shows those products in that order;
//   without, it is filled by the sale's discount rule as before. Both tables move the content counter, so every
//   instance reloads them (docs/caches-across-instances.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE bank_offers ADD COLUMN active boolean NOT NULL DEFAULT true;
    ALTER TABLE bank_offers ADD COLUMN version integer NOT NULL DEFAULT 1;
    ALTER TABLE freebies ADD COLUMN version integer NOT NULL DEFAULT 1;
    ALTER TABLE delivery_rules ADD COLUMN version integer NOT NULL DEFAULT 1;

    CREATE TABLE sale_pages (
      id serial PRIMARY KEY, slug text NOT NULL UNIQUE, title text NOT NULL,
      min_discount integer NOT NULL DEFAULT 1 CHECK (min_discount BETWEEN 0 AND 95),
      starts_at timestamptz, ends_at timestamptz, is_published boolean NOT NULL DEFAULT true,
      version integer NOT NULL DEFAULT 1, updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sale_page_sections (
      sale_page_id integer NOT NULL REFERENCES sale_pages(id) ON DELETE CASCADE,
      section text NOT NULL CHECK (section IN ('blockbuster', 'deals_on_favourites', 'category_products')),
      position integer NOT NULL DEFAULT 0, is_hidden boolean NOT NULL DEFAULT false,
      product_ids integer[] NOT NULL DEFAULT '{}',
      PRIMARY KEY (sale_page_id, section)
    );
    INSERT INTO sale_pages (slug, title, min_discount) VALUES ('clearance', 'Clearance Sale', 30), ('mega-sale', 'Mega Sale', 1);
    INSERT INTO sale_page_sections (sale_page_id, section, position)
      SELECT p.id, s.section, s.position FROM sale_pages p
      CROSS JOIN (VALUES ('blockbuster', 0), ('deals_on_favourites', 1), ('category_products', 2)) AS s(section, position);
    CREATE TRIGGER sale_pages_content_touch AFTER INSERT OR UPDATE OR DELETE ON sale_pages FOR EACH STATEMENT EXECUTE FUNCTION catalogue_content_touch();
    CREATE TRIGGER sale_page_sections_content_touch AFTER INSERT OR UPDATE OR DELETE ON sale_page_sections FOR EACH STATEMENT EXECUTE FUNCTION catalogue_content_touch();
  `,
  );
}
