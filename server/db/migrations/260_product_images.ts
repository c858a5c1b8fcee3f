import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// A product's own image, uploaded in the operations console (docs/decisions/019): checked by its bytes, resized and
// stored as WebP at the product image's two sizes (400 and 800 pixels square), so every instance serves it. The
// product's first view shows it instead of the drawn image; `version` counts replacements.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE IF NOT EXISTS product_images (
      product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
      image_1x bytea NOT NULL,
      image_2x bytea NOT NULL,
      source_type text NOT NULL,
      sha256 text NOT NULL,
      version integer NOT NULL DEFAULT 1,
      staff_id integer REFERENCES staff(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
