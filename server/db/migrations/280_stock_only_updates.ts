import { type Kysely, sql } from 'kysely';
import { execScript } from '../exec-script.ts';

// A variant's change number (migration 020) tells each instance's catalogue read model and search index what to
// fetch again. What they show of stock is only whether there is any (server/search/snapshot.ts), so an update of
// the stock alone that leaves a variant in stock, or out of it, takes no new number. Order placement under a sale
// is such an update on every order: with no indexed column changed, PostgreSQL writes it as a heap-only tuple on
// the row's own page, without a new entry in each of the variant's four indexes (docs/decisions/027-checkout-plans.md).
// The free space on each page that this needs is kept by a fill factor of 90.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement: execScript splits on a semicolon at the end of a line.
  await sql
    .raw(`CREATE FUNCTION variant_row_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      unchanged variants := OLD;
    BEGIN
      IF (NEW.stock > 0) = (OLD.stock > 0) THEN
        unchanged.stock := NEW.stock;
        IF NEW IS NOT DISTINCT FROM unchanged THEN
          RETURN NEW;
        END IF;
      END IF;
      NEW.change_seq := nextval('catalogue_change_seq');
      RETURN NEW;
    END $$`)
    .execute(db);
  await execScript(
    db,
    `
    DROP TRIGGER variants_catalogue_touch ON variants;
    CREATE TRIGGER variants_catalogue_touch BEFORE UPDATE ON variants FOR EACH ROW EXECUTE FUNCTION variant_row_touch();
    ALTER TABLE variants SET (fillfactor = 90);
  `,
  );
}
