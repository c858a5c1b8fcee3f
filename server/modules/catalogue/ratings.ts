import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// A product's rating and rating count are the catalogue's columns, kept from the reviews module's product counts
// (review_stats), which the reviews module calls these to follow (server/db/owners.ts: one writer per table).

const count = sql`s.r1 + s.r2 + s.r3 + s.r4 + s.r5`;
const mean = sql`round((s.r1 + 2 * s.r2 + 3 * s.r3 + 4 * s.r4 + 5 * s.r5)::numeric / (s.r1 + s.r2 + s.r3 + s.r4 + s.r5), 2)`;

/** One product's rating from its counts, inside the caller's transaction. */
export async function refreshProductRating(db: Db, productId: number): Promise<void> {
  await sql`
    UPDATE products p SET
      rating_count = ${count},
      rating = CASE WHEN ${count} = 0 THEN 0 ELSE ${mean} END
    FROM review_stats s
    WHERE s.scope = 'product' AND s.scope_id = p.id AND p.id = ${productId}`.execute(db);
}

/** Every product's rating from the counts (after they were rebuilt); a product with none has no rating. */
export async function refreshAllProductRatings(db: Db): Promise<void> {
  await sql`
    UPDATE products p SET rating = 0, rating_count = 0
    WHERE NOT EXISTS (SELECT 1 FROM review_stats s WHERE s.scope = 'product' AND s.scope_id = p.id)`.execute(db);
  await sql`
    UPDATE products p SET
      rating_count = ${count},
      rating = ${mean}
    FROM review_stats s WHERE s.scope = 'product' AND s.scope_id = p.id`.execute(db);
}
