// Reviews benchmark: a product's review list with its aggregate (what the product page and the product review
// page ask for) over 200,000 reviews on embedded PGlite. Seeds the base catalogue, tops the reviews up to
// REVIEWS_TOTAL with generated rows spread over every product, counts the aggregates, then times
// product-aggregate + product-review-list (newest and most helpful, pages 1 and 2) for random products, one
// request at a time, through the module's own service calls. Prints progress on stderr and one JSON line on
// stdout: { list_p95_ms, list_p50_ms, reviews, products, samples }.
import { sql } from 'kysely';
import { migrate, openDatabase } from '../server/db/database.ts';
import { seed } from '../server/db/seed/seed.ts';
import { recountReviewStats } from '../server/modules/reviews/index.ts';
import { reviewList, scopeAggregate } from '../server/modules/reviews/service.ts';

const TOTAL = Number(process.env.REVIEWS_TOTAL ?? 200_000);
const SAMPLES = Number(process.env.REVIEWS_SAMPLES ?? 600);
const log = (...args: unknown[]) => console.error('[bench:reviews]', ...args);

const handle = await openDatabase({});
const { db } = handle;
await migrate(db);
log('seeding…');
await seed(db, { scale: Number(process.env.SEED_SCALE ?? 0) });
const have = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM reviews`.execute(db)).rows[0]?.n);
const missing = Math.max(0, TOTAL - have);
log(`topping up ${missing} reviews to ${TOTAL}…`);
for (let done = 0; done < missing; done += 20_000) {
  const n = Math.min(20_000, missing - done);
  await sql`
    WITH ids AS (SELECT array_agg(id ORDER BY id) AS a FROM products),
    g AS (SELECT g, (SELECT a[1 + g % array_length(a, 1)] FROM ids) AS pid FROM generate_series(${done + 1}::int, ${done + n}::int) AS g)
    INSERT INTO reviews (product_id, brand_id, author_name, rating, title, body, helpful, verified, created_at)
    SELECT p.id, p.brand_id, 'Bench Shopper', 1 + (g.g % 5), 'Bench review', 'Generated for the benchmark.', g.g % 37, g.g % 3 = 0,
      now() - (g.g % 900) * interval '1 day'
    FROM g JOIN products p ON p.id = g.pid`.execute(db);
}
await sql`ANALYZE`.execute(db);
await recountReviewStats(db);
const products = (await db.selectFrom('products').select('id').execute()).map((p) => p.id);
const reviews = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM reviews`.execute(db)).rows[0]?.n);
log(`${reviews} reviews over ${products.length} products; measuring ${SAMPLES} requests…`);

let seedState = 42;
const rand = () => {
  seedState = (seedState * 1103515245 + 12345) % 2147483648;
  return seedState / 2147483648;
};
const one = async () => {
  const id = products[Math.floor(rand() * products.length)] as number;
  const sort = rand() < 0.5 ? 'newest' : 'helpful';
  const page = rand() < 0.75 ? 1 : 2;
  await scopeAggregate(db, { kind: 'product', id });
  await reviewList(db, { kind: 'product', id }, { sort, page }, null);
};
for (let i = 0; i < 50; i++) await one(); // warm-up
const times: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const t = performance.now();
  await one();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const pct = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor(times.length * p))] as number) * 100) / 100;
await handle.close();
console.log(JSON.stringify({ list_p95_ms: pct(0.95), list_p50_ms: pct(0.5), reviews, products: products.length, samples: SAMPLES }));
