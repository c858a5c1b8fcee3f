import { type Kysely, sql } from 'kysely';
import { execScript } from '../exec-script.ts';

// The console's catalogue edits (docs/decisions/019):
// - stock_ledger.note: why a member of staff changed stock (a recount, goods received, damage), beside the row
//   that records the change.
// - products.is_published: an unpublished product leaves the listing, search and its product page. Publishing is
//   a structural change for the instances' catalogue snapshots (docs/caches-across-instances.md): flipping it
//   moves catalogue_structure_seq, so every instance reloads its snapshot on its next poll.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE stock_ledger ADD COLUMN note text;
    ALTER TABLE products ADD COLUMN is_published boolean NOT NULL DEFAULT true;
  `,
  );
  await sql
    .raw(
      `CREATE TRIGGER products_publish_touch AFTER UPDATE OF is_published ON products FOR EACH ROW
       WHEN (OLD.is_published IS DISTINCT FROM NEW.is_published) EXECUTE FUNCTION catalogue_structure_touch()`,
    )
    .execute(db);
}
