import fc from 'fast-check';
import { sql } from 'kysely';
import { rateProduct, setReviewStatus, updateReview } from '../../server/modules/reviews/service.ts';
import { describeBackends } from '../helpers/app.ts';
import { createOrderFor } from '../helpers/orders.ts';
import { createCustomer } from './cart-fixtures.ts';

// The aggregates are kept in step with the reviews in each writing transaction; after any mix of ratings,
// updates, hides and re-publications they must equal a recount from the reviews themselves.

const NO_LIMITS = { writesPerHour: 1e9, uploadsPerHour: 1e9, votesPerHour: 1e9 };

describeBackends('review aggregates', (ctx) => {
  const db = () => ctx().handle.db;

  async function mismatches(): Promise<unknown[]> {
    const { rows } = await sql<{ scope: string; scope_id: number }>`
      WITH counted AS (
        SELECT 'product' AS scope, product_id AS scope_id, rating, photo_count FROM reviews WHERE status = 'published'
        UNION ALL SELECT 'brand', brand_id, rating, photo_count FROM reviews WHERE status = 'published'
        UNION ALL SELECT 'all', 0, rating, photo_count FROM reviews WHERE status = 'published'
      ), recount AS (
        SELECT scope, scope_id, count(*) FILTER (WHERE rating = 1)::int AS r1, count(*) FILTER (WHERE rating = 2)::int AS r2,
          count(*) FILTER (WHERE rating = 3)::int AS r3, count(*) FILTER (WHERE rating = 4)::int AS r4,
          count(*) FILTER (WHERE rating = 5)::int AS r5, count(*) FILTER (WHERE photo_count > 0)::int AS with_photos
        FROM counted GROUP BY scope, scope_id
      )
      SELECT coalesce(s.scope, r.scope) AS scope, coalesce(s.scope_id, r.scope_id) AS scope_id
      FROM review_stats s FULL JOIN recount r ON r.scope = s.scope AND r.scope_id = s.scope_id
      WHERE (coalesce(s.r1, 0), coalesce(s.r2, 0), coalesce(s.r3, 0), coalesce(s.r4, 0), coalesce(s.r5, 0), coalesce(s.with_photos, 0))
        IS DISTINCT FROM (coalesce(r.r1, 0), coalesce(r.r2, 0), coalesce(r.r3, 0), coalesce(r.r4, 0), coalesce(r.r5, 0), coalesce(r.with_photos, 0))`.execute(
      db(),
    );
    const products = await sql<{ id: number }>`
      SELECT p.id FROM products p
      LEFT JOIN (SELECT product_id, count(*)::int AS n, round(avg(rating)::numeric, 2) AS avg FROM reviews
                 WHERE status = 'published' GROUP BY product_id) r ON r.product_id = p.id
      WHERE p.rating_count <> coalesce(r.n, 0) OR p.rating <> coalesce(r.avg, 0)`.execute(db());
    return [...rows, ...products.rows.map((p) => ({ product: p.id }))];
  }

  test('the seed starts in step', async () => {
    expect(await mismatches()).toEqual([]);
  });

  test('aggregates equal a recount after a random mix of writes', async () => {
    // Four shoppers who bought and received the same four products (two brands at least).
    const products = await db().selectFrom('products').select(['id']).orderBy('id').limit(4).execute();
    const shoppers: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await createCustomer(db());
      await createOrderFor(
        db(),
        id,
        products.map((p) => p.id),
      );
      shoppers.push(id);
    }
    const seededReview = await db()
      .selectFrom('reviews')
      .select('id')
      .where('product_id', '=', products[0]?.id as number)
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const command = fc.oneof(
      fc.record({ kind: fc.constant('rate' as const), shopper: fc.nat(3), product: fc.nat(3), rating: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('update' as const), shopper: fc.nat(3), product: fc.nat(3), rating: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('hide' as const), shopper: fc.nat(3), product: fc.nat(3), hidden: fc.boolean() }),
      fc.record({ kind: fc.constant('seeded' as const), hidden: fc.boolean() }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        for (const c of commands) {
          if (c.kind === 'seeded') {
            await setReviewStatus(db(), seededReview.id, c.hidden ? 'hidden' : 'published');
            continue;
          }
          const customerId = shoppers[c.shopper] as number;
          const productId = products[c.product]?.id as number;
          const mine = await db()
            .selectFrom('reviews')
            .select('id')
            .where('customer_id', '=', customerId)
            .where('product_id', '=', productId)
            .executeTakeFirst();
          if (c.kind === 'rate' && !mine)
            await rateProduct(db(), NO_LIMITS, customerId, { product_id: productId, rating: c.rating, title: '', body: '', photo_ids: [] });
          else if (c.kind === 'rate' || c.kind === 'update') {
            if (mine)
              await updateReview(db(), NO_LIMITS, customerId, {
                review_id: mine.id,
                rating: c.rating,
                photo_ids: [],
                remove_photo_ids: [],
              });
          } else if (mine) await setReviewStatus(db(), mine.id, c.hidden ? 'hidden' : 'published');
        }
        expect(await mismatches()).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
