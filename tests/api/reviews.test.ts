import { sql } from 'kysely';
import {
  CarouselImage,
  IsUserVerified,
  LogisticRatingDetails,
  MAX_REVIEW_PHOTOS,
  REVIEW_MESSAGES as M,
  REVIEW_PAGE_SIZE,
  Review,
  ReviewAggregate,
  ReviewList,
  ReviewModalData,
} from '../../schemas/review.ts';
import { hitLimit } from '../../server/http/rate-limit.ts';
import { REVIEW_LIMITS, reviewLimitKey } from '../../server/modules/reviews/index.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { multipartForm, PNG } from '../helpers/multipart.ts';
import { createOrderFor, setShipmentStatus } from '../helpers/orders.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

// Every /api/review/v1 call (SPEC §7) on both databases: reading, votes, writing, photos, logistics rating,
// moderation, the direct review-service aliases, and bad input that must change nothing.

const OPS_TOKEN = 'test-ops-token-0123456789';
process.env.OPS_TOKEN = OPS_TOKEN;

const V1 = '/api/review/v1';
// biome-ignore lint/suspicious/noExplicitAny: answers are checked with their zod schema where the shape matters.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };

describeBackends('reviews API', (ctx) => {
  const db = () => ctx().handle.db;

  /** A product with at least `min` published reviews, some of them with photos. */
  async function busyProduct(min = 25): Promise<{ id: number; brand_id: number; name: string }> {
    return db()
      .selectFrom('products as p')
      .select(['p.id', 'p.brand_id', 'p.name'])
      .where((eb) =>
        eb(
          eb
            .selectFrom('reviews')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('product_id', '=', 'p.id')
            .where('status', '=', 'published'),
          '>=',
          min,
        ),
      )
      .where((eb) => eb.exists(eb.selectFrom('reviews').select('id').whereRef('product_id', '=', 'p.id').where('photo_count', '>', 0)))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
  }

  /** A product nobody in these tests has bought yet (each test takes a fresh one). */
  let nextFresh = 0;
  async function freshProduct(): Promise<{ id: number; brand_id: number; name: string }> {
    const rows = await db().selectFrom('products').select(['id', 'brand_id', 'name']).orderBy('id', 'desc').limit(60).execute();
    return rows[nextFresh++] as { id: number; brand_id: number; name: string };
  }

  async function shopper(): Promise<{ agent: Agent; id: number }> {
    const id = await createCustomer(db());
    const agent = ctx().agent();
    await signInDirectly(db(), agent, id);
    return { agent, id };
  }

  async function recount(productId: number) {
    const rows = await db()
      .selectFrom('reviews')
      .select(['rating'])
      .where('product_id', '=', productId)
      .where('status', '=', 'published')
      .execute();
    return rows.length;
  }

  const aggregate = async (productId: number) =>
    ReviewAggregate.parse(json(await ctx().agent().get(`${V1}/product-aggregate?product_id=${productId}`)).data);

  // ---- reading -------------------------------------------------------------------------------------

  test('product aggregate: average, count and distribution by star equal the published reviews', async () => {
    const p = await busyProduct();
    const a = await aggregate(p.id);
    const rows = await db()
      .selectFrom('reviews')
      .select('rating')
      .where('product_id', '=', p.id)
      .where('status', '=', 'published')
      .execute();
    expect(a.count).toBe(rows.length);
    expect(a.distribution.map((d) => d.rating)).toEqual([5, 4, 3, 2, 1]);
    for (const d of a.distribution) expect(d.count).toBe(rows.filter((r) => r.rating === d.rating).length);
    expect(a.average).toBeCloseTo(Math.round((rows.reduce((s, r) => s + r.rating, 0) / rows.length) * 10) / 10, 5);
    // The catalogue's product rating is the same figure (the product page shows it).
    const product = await db().selectFrom('products').select(['rating', 'rating_count']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(product.rating_count).toBe(rows.length);
    const detail = json(await ctx().agent().get(`/api/product-details/product-detail-page?product_id=${p.id}`));
    expect(detail.data.product.rating_count).toBe(rows.length);
  });

  test('brand and store aggregates count every published review of the brand / store', async () => {
    const p = await busyProduct();
    const brand = ReviewAggregate.parse(json(await ctx().agent().get(`${V1}/brand-review-aggrigate?brand_id=${p.brand_id}`)).data);
    const all = ReviewAggregate.parse(json(await ctx().agent().get(`${V1}/all-review-aggrigate`)).data);
    const n = async (brandId?: number) => {
      let q = db()
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'published');
      if (brandId) q = q.where('brand_id', '=', brandId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    expect(brand.count).toBe(await n(p.brand_id));
    expect(all.count).toBe(await n());
    expect(all.with_photos).toBeGreaterThan(0);
  });

  test('product list pages by 10 with has_next, newest first; the last page says has_next false', async () => {
    const p = await busyProduct();
    const total = await recount(p.id);
    const seen: number[] = [];
    let page = 1;
    for (;;) {
      const res = await ctx().agent().get(`${V1}/product-review-list?product_id=${p.id}&page=${page}`);
      expect(res.statusCode).toBe(200);
      const list = ReviewList.parse(json(res).data);
      expect(list.reviews.length).toBeLessThanOrEqual(REVIEW_PAGE_SIZE);
      seen.push(...list.reviews.map((r) => r.review_id));
      const dates = list.reviews.map((r) => r.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      if (page === 1) expect(list.carousel.length).toBeGreaterThan(0);
      else expect(list.carousel).toEqual([]);
      if (!list.has_next) break;
      page++;
    }
    expect(new Set(seen).size).toBe(total);
    expect(page).toBe(Math.ceil(total / REVIEW_PAGE_SIZE));
  });

  test('sort helpful, filter by star and by photos; guests get a vote map of false for every review shown', async () => {
    const p = await busyProduct();
    const helpful = ReviewList.parse(json(await ctx().agent().get(`${V1}/product-review-list?product_id=${p.id}&sort=helpful`)).data);
    const counts = helpful.reviews.map((r) => r.helpful);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(Object.keys(helpful.vote_map).sort()).toEqual(helpful.reviews.map((r) => String(r.review_id)).sort());
    expect(Object.values(helpful.vote_map).every((v) => v === false)).toBe(true);

    const five = ReviewList.parse(json(await ctx().agent().get(`${V1}/product-review-list?product_id=${p.id}&rating=5`)).data);
    expect(five.reviews.length).toBeGreaterThan(0);
    expect(five.reviews.every((r) => r.rating === 5)).toBe(true);

    const photos = ReviewList.parse(json(await ctx().agent().get(`${V1}/product-review-list?product_id=${p.id}&with_photos=true`)).data);
    expect(photos.reviews.length).toBeGreaterThan(0);
    expect(photos.reviews.every((r) => r.photos.length > 0)).toBe(true);
    // A seeded photo is drawn by the server as an image.
    const img = await ctx()
      .agent()
      .get(photos.reviews[0]?.photos[0]?.url as string);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
    // Well-formed XML, or a browser shows the fallback image instead: no element repeats an attribute.
    for (const tag of img.body.match(/<[a-z]+\s[^>]*>/g) ?? []) {
      const names = [...tag.matchAll(/\s([a-z-]+)=/g)].map((m) => m[1]);
      expect(new Set(names).size, tag).toBe(names.length);
    }
  });

  test('brand and all lists, carousel images and review modal data', async () => {
    const p = await busyProduct();
    const brand = ReviewList.parse(json(await ctx().agent().get(`${V1}/brand-review-list?brand_id=${p.brand_id}`)).data);
    expect(brand.reviews.every((r) => r.brand_id === p.brand_id)).toBe(true);
    expect(brand.has_next).toBe(true);
    const all = ReviewList.parse(json(await ctx().agent().get(`${V1}/all-review-list?sort=helpful`)).data);
    expect(all.reviews).toHaveLength(REVIEW_PAGE_SIZE);
    const carousel = json(await ctx().agent().get(`${V1}/review-carousel-images?product_id=${p.id}`)).data;
    expect(carousel.length).toBeGreaterThan(0);
    for (const c of carousel) CarouselImage.parse(c);
    const ids = await db().selectFrom('reviews').select('id').where('product_id', '=', p.id).execute();
    expect(carousel.every((c: { review_id: number }) => ids.some((r) => r.id === c.review_id))).toBe(true);
    const modal = ReviewModalData.parse(
      json(await ctx().agent().get(`${V1}/review-modal-data?review_id=${brand.reviews[0]?.review_id}`)).data,
    );
    expect(modal.review.review_id).toBe(brand.reviews[0]?.review_id);
    expect(modal.voted).toBe(false);
  });

  test('bad or unknown ids are clear 4xx answers', async () => {
    const agent = ctx().agent();
    expect((await agent.get(`${V1}/product-aggregate?product_id=abc`)).statusCode).toBe(400);
    expect((await agent.get(`${V1}/product-aggregate`)).statusCode).toBe(400);
    expect((await agent.get(`${V1}/product-aggregate?product_id=999999`)).statusCode).toBe(404);
    expect((await agent.get(`${V1}/brand-review-list?brand_id=999999`)).statusCode).toBe(404);
    expect((await agent.get(`${V1}/product-review-list?product_id=1&rating=6`)).statusCode).toBe(400);
    expect((await agent.get(`${V1}/product-review-list?product_id=1&sort=oldest`)).statusCode).toBe(400);
    expect((await agent.get(`${V1}/review-modal-data?review_id=999999`)).statusCode).toBe(404);
  });

  // ---- helpful votes -------------------------------------------------------------------------------

  test('a helpful vote counts once; a second vote is refused and changes nothing; the vote map shows it', async () => {
    const p = await busyProduct();
    const { agent, id } = await shopper();
    const list = ReviewList.parse(json(await agent.get(`${V1}/product-review-list?product_id=${p.id}`)).data);
    const target = list.reviews[0] as Review;
    const first = await agent.post(`${V1}/product-review-upvote`, { review_id: target.review_id });
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toEqual({ review_id: target.review_id, helpful: target.helpful + 1, voted: true });
    const second = await agent.post(`${V1}/product-review-upvote`, { review_id: target.review_id });
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe(M.alreadyVoted);
    // The same rule from the brand and all-review lists.
    expect((await agent.post(`${V1}/brand-review-upvote`, { review_id: target.review_id })).statusCode).toBe(409);
    expect((await agent.post(`${V1}/all-review-upvote`, { review_id: target.review_id })).statusCode).toBe(409);
    const row = await db().selectFrom('reviews').select('helpful').where('id', '=', target.review_id).executeTakeFirstOrThrow();
    expect(row.helpful).toBe(target.helpful + 1);
    const votes = await db()
      .selectFrom('review_votes')
      .selectAll()
      .where('review_id', '=', target.review_id)
      .where('customer_id', '=', id)
      .execute();
    expect(votes).toHaveLength(1);
    const again = ReviewList.parse(json(await agent.get(`${V1}/product-review-list?product_id=${p.id}`)).data);
    expect(again.vote_map[String(target.review_id)]).toBe(true);
    expect(Object.entries(again.vote_map).filter(([, v]) => v)).toHaveLength(1);
    expect(json(await agent.get(`${V1}/review-modal-data?review_id=${target.review_id}`)).data.voted).toBe(true);
    // The direct review-service variant is the same handler.
    const other = list.reviews[1] as Review;
    expect((await agent.post('/api/review/p/v1/helpful', { review_id: other.review_id })).statusCode).toBe(200);
    expect((await agent.post(`${V1}/product-review-upvote`, { review_id: other.review_id })).statusCode).toBe(409);
  });

  test('votes need a session, a published review that exists, and a valid id', async () => {
    const p = await busyProduct();
    const review = await db()
      .selectFrom('reviews')
      .select(['id', 'helpful'])
      .where('product_id', '=', p.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await ctx().agent().post(`${V1}/product-review-upvote`, { review_id: review.id })).statusCode).toBe(401);
    const { agent } = await shopper();
    expect((await agent.post(`${V1}/product-review-upvote`, { review_id: 99_999_999 })).statusCode).toBe(404);
    expect((await agent.post(`${V1}/product-review-upvote`, { review_id: 'x' })).statusCode).toBe(400);
    expect((await agent.post(`${V1}/product-review-upvote`, {})).statusCode).toBe(400);
    await db().updateTable('reviews').set({ status: 'hidden' }).where('id', '=', review.id).execute();
    try {
      const res = await agent.post(`${V1}/product-review-upvote`, { review_id: review.id });
      expect(res.statusCode).toBe(404);
      const after = await db().selectFrom('reviews').select('helpful').where('id', '=', review.id).executeTakeFirstOrThrow();
      expect(after.helpful).toBe(review.helpful);
    } finally {
      await db().updateTable('reviews').set({ status: 'published' }).where('id', '=', review.id).execute();
    }
  });

  test('concurrent votes by one customer on one review make exactly one vote', async () => {
    const p = await busyProduct();
    const review = await db()
      .selectFrom('reviews')
      .select(['id', 'helpful'])
      .where('product_id', '=', p.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { agent, id } = await shopper();
    const answers = await Promise.all(Array.from({ length: 8 }, () => agent.post(`${V1}/product-review-upvote`, { review_id: review.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const after = await db().selectFrom('reviews').select('helpful').where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(after.helpful).toBe(review.helpful + 1);
    const votes = await db()
      .selectFrom('review_votes')
      .select('customer_id')
      .where('review_id', '=', review.id)
      .where('customer_id', '=', id)
      .execute();
    expect(votes).toHaveLength(1);
  });

  // ---- writing -------------------------------------------------------------------------------------

  test('a customer who did not buy the product cannot rate it; nothing is written', async () => {
    const p = await freshProduct();
    const { agent } = await shopper();
    const before = await aggregate(p.id);
    const res = await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 5, title: 'Nice', body: 'Great' });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(M.notBought);
    expect(await aggregate(p.id)).toEqual(before);
    // A cancelled order is not a purchase either.
    const { agent: b, id } = await shopper();
    await createOrderFor(db(), id, [p.id], { orderStatus: 'cancelled', shipment: 'cancelled' });
    expect((await b.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 4 })).statusCode).toBe(403);
    expect((await ctx().agent().post(`${V1}/set-rate-product`, { product_id: p.id, rating: 4 })).statusCode).toBe(401);
  });

  test('is-user-verified is true only once the bought product is delivered; the review says verified', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    const check = async () => IsUserVerified.parse(json(await agent.get(`${V1}/is-user-verified?product_id=${p.id}`)).data);
    expect(await check()).toMatchObject({ is_verified: false, has_purchased: false, review: null });
    const order = await createOrderFor(db(), id, [p.id], { shipment: 'shipped' });
    expect(await check()).toMatchObject({ is_verified: false, has_purchased: true, delivered_order_id: null });
    await setShipmentStatus(db(), order.shipmentId, 'delivered');
    expect(await check()).toMatchObject({ is_verified: true, has_purchased: true, delivered_order_id: order.orderId });
    // The direct variant.
    expect(json(await agent.get(`/api/review/p/v1/verified?product_id=${p.id}`)).data.is_verified).toBe(true);

    const before = await aggregate(p.id);
    const res = await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 4, title: 'Solid', body: 'Mixes well.' });
    expect(res.statusCode).toBe(200);
    const review = Review.parse(json(res).data.review);
    expect(review).toMatchObject({ rating: 4, title: 'Solid', body: 'Mixes well.', is_verified: true, helpful: 0 });
    expect(json(res).data.delivered_order_id).toBe(order.orderId);
    const after = await aggregate(p.id);
    expect(after.count).toBe(before.count + 1);
    expect(after.distribution.find((d) => d.rating === 4)?.count).toBe((before.distribution.find((d) => d.rating === 4)?.count ?? 0) + 1);
    expect((await check()).review?.review_id).toBe(review.review_id);
    // Shown first among the newest.
    const list = ReviewList.parse(json(await agent.get(`${V1}/product-review-list?product_id=${p.id}`)).data);
    expect(list.reviews[0]?.review_id).toBe(review.review_id);
  });

  test('bought but not delivered: the review is written, not marked verified; a second rating is refused', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    await createOrderFor(db(), id, [p.id], { shipment: 'packed' });
    const res = await agent.post('/api/review/p/v1/submit', { product_id: p.id, rating: 3 });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.review.is_verified).toBe(false);
    const again = await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(M.alreadyReviewed);
    expect(await db().selectFrom('reviews').select('rating').where('customer_id', '=', id).execute()).toEqual([{ rating: 3 }]);
  });

  test('6 stars, 0 stars, 20,000 characters or a variant of another product: 400 and nothing written', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    await createOrderFor(db(), id, [p.id]);
    const before = await aggregate(p.id);
    const bad = [
      { product_id: p.id, rating: 6 },
      { product_id: p.id, rating: 0 },
      { product_id: p.id, rating: 4.5 },
      { product_id: p.id },
      { product_id: p.id, rating: 5, body: 'x'.repeat(20_000) },
      { product_id: p.id, rating: 5, title: 't'.repeat(151) },
      { product_id: p.id, rating: 5, photo_ids: Array.from({ length: MAX_REVIEW_PHOTOS + 1 }, (_, i) => `p${i}`) },
      { product_id: p.id, rating: 5, photo_ids: ['not-an-upload'] },
      { product_id: p.id, rating: 5, variant_id: 1 },
      { product_id: 'abc', rating: 5 },
    ];
    for (const body of bad) {
      const res = await agent.post(`${V1}/set-rate-product`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json(res).status).toBe(0);
      expect(json(res).message.length).toBeGreaterThan(0);
    }
    expect(json(await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 6 })).message).toContain(M.rating);
    expect(json(await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 5, body: 'x'.repeat(20_000) })).message).toContain(
      M.bodyLong,
    );
    expect(await aggregate(p.id)).toEqual(before);
    expect(await db().selectFrom('reviews').select('id').where('customer_id', '=', id).execute()).toEqual([]);
  });

  test('review text is stored exactly as given (markup is text, rendered as text by the app)', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    await createOrderFor(db(), id, [p.id]);
    const title = '<script>alert("t")</script>';
    const body = '<img src=x onerror="alert(1)"> <a href="javascript:alert(2)">click</a> & "quotes" \'single\'';
    const res = await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 2, title, body });
    expect(res.statusCode).toBe(200);
    const stored = await db().selectFrom('reviews').select(['title', 'body']).where('customer_id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ title, body });
    const modal = json(await agent.get(`${V1}/review-modal-data?review_id=${json(res).data.review.review_id}`)).data;
    expect(modal.review.body).toBe(body);
    // The API answers JSON, never HTML a browser would run.
    expect(res.headers['content-type']).toContain('application/json');
  });

  test('update-review changes stars and text of the own review, moves the aggregate; another customer may not', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    await createOrderFor(db(), id, [p.id]);
    const created = json(await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 2, title: 'Meh', body: 'Clumps.' })).data
      .review;
    const before = await aggregate(p.id);
    const res = await agent.post(`${V1}/update-review`, { review_id: created.review_id, rating: 5, body: 'Better with a blender.' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ rating: 5, title: 'Meh', body: 'Better with a blender.' });
    const after = await aggregate(p.id);
    expect(after.count).toBe(before.count);
    const n = (a: typeof before, star: number) => a.distribution.find((d) => d.rating === star)?.count ?? 0;
    expect(n(after, 2)).toBe(n(before, 2) - 1);
    expect(n(after, 5)).toBe(n(before, 5) + 1);

    const { agent: other } = await shopper();
    const denied = await other.post(`${V1}/update-review`, { review_id: created.review_id, rating: 1, body: 'hacked' });
    expect(denied.statusCode).toBe(403);
    expect(json(denied).message).toBe(M.notYours);
    expect((await other.post('/api/review/p/v1/update', { review_id: created.review_id, rating: 1 })).statusCode).toBe(403);
    expect((await agent.post(`${V1}/update-review`, { review_id: created.review_id, rating: 6 })).statusCode).toBe(400);
    expect((await agent.post(`${V1}/update-review`, { review_id: 99_999_999, rating: 4 })).statusCode).toBe(404);
    const row = await db().selectFrom('reviews').select(['rating', 'body']).where('id', '=', created.review_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, body: 'Better with a blender.' });
    expect(await aggregate(p.id)).toEqual(after);
  });

  // ---- photos --------------------------------------------------------------------------------------

  test('review photos are public only while their review is published: not before, and not once hidden', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    await createOrderFor(db(), id, [p.id]);
    const up = await agent.request({
      method: 'POST',
      url: `${V1}/rate-product-image-upload`,
      ...multipartForm([{ name: 'file', filename: 'tub.png', type: 'image/png', data: PNG }]),
    });
    expect(up.statusCode).toBe(200);
    const { photo_id: photoId, url } = json(up).data.photos[0] as { photo_id: string; url: string };
    const guest = async () => (await ctx().agent().get(url)).statusCode;
    // Uploaded, on no review yet: its sender sees it, nobody else.
    expect(await guest()).toBe(404);
    expect((await agent.get(url)).statusCode).toBe(200);
    const rated = await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 4, title: 'Photo', photo_ids: [photoId] });
    expect(rated.statusCode).toBe(200);
    const reviewId = Review.parse(json(rated).data.review).review_id;
    expect(await guest()).toBe(200);
    const moderate = (status: 'hidden' | 'published') =>
      ctx()
        .agent()
        .post(`${V1}/ops/review-status`, { review_id: reviewId, status }, { authorization: `Bearer ${OPS_TOKEN}` });
    expect((await moderate('hidden')).statusCode).toBe(200);
    expect(await guest()).toBe(404);
    expect((await agent.get(url)).statusCode).toBe(200);
    expect((await moderate('published')).statusCode).toBe(200);
    expect(await guest()).toBe(200);
  });

  test('photos: upload, attach on rating, add on update; non-image, oversize and others’ reviews are refused', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    await createOrderFor(db(), id, [p.id]);
    const upload = (url: string, parts: Parameters<typeof multipartForm>[0]) =>
      agent.request({ method: 'POST', url, ...multipartForm(parts) });
    const up = await upload(`${V1}/rate-product-image-upload`, [{ name: 'file', filename: 'tub.jpg', type: 'image/jpeg', data: PNG }]);
    expect(up.statusCode).toBe(200);
    const photoId = json(up).data.photos[0].photo_id as string;
    const served = await agent.get(json(up).data.photos[0].url);
    expect(served.headers['content-type']).toBe('image/png');

    const uploadsBefore = Number(
      (
        await db()
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const text = await upload(`${V1}/rate-product-image-upload`, [
      { name: 'file', filename: 'x.png', type: 'image/png', data: '<html><script>alert(1)</script></html>' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(json(text).message).toMatch(/not accepted/);
    const huge = await upload(`${V1}/rate-product-image-upload`, [
      { name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect((await agent.post(`${V1}/rate-product-image-upload`, { file: 'x' })).statusCode).toBe(400);
    const uploadsAfter = Number(
      (
        await db()
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(uploadsAfter).toBe(uploadsBefore);

    const before = await aggregate(p.id);
    const rated = await agent.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 5, title: 'With photo', photo_ids: [photoId] });
    expect(rated.statusCode).toBe(200);
    const review = Review.parse(json(rated).data.review);
    expect(review.photos).toHaveLength(1);
    expect(review.photos[0]?.url).toBe(json(up).data.photos[0].url);
    expect((await aggregate(p.id)).with_photos).toBe(before.with_photos + 1);

    // The same upload cannot be attached twice.
    const { agent: other, id: otherId } = await shopper();
    await createOrderFor(db(), otherId, [p.id]);
    expect((await other.post(`${V1}/set-rate-product`, { product_id: p.id, rating: 5, photo_ids: [photoId] })).statusCode).toBe(400);

    const added = await upload(`${V1}/update-review-image-upload`, [
      { name: 'review_id', data: String(review.review_id) },
      { name: 'file', filename: 'b.png', type: 'image/png', data: PNG },
    ]);
    expect(added.statusCode).toBe(200);
    expect(json(added).data.review.photos).toHaveLength(2);
    const denied = await other.request({
      method: 'POST',
      url: `${V1}/update-review-image-upload`,
      ...multipartForm([
        { name: 'review_id', data: String(review.review_id) },
        { name: 'file', filename: 'c.png', type: 'image/png', data: PNG },
      ]),
    });
    expect(denied.statusCode).toBe(403);
    const notImage = await upload(`${V1}/update-review-image-upload`, [
      { name: 'review_id', data: String(review.review_id) },
      { name: 'file', filename: 'c.png', type: 'image/png', data: 'GIF89a nope' },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect((await db().selectFrom('review_photos').select('id').where('review_id', '=', review.review_id).execute()).length).toBe(2);

    // Removing photos on update.
    const removed = await agent.post(`${V1}/update-review`, {
      review_id: review.review_id,
      remove_photo_ids: review.photos.map((x) => x.id),
    });
    expect(json(removed).data.photos).toHaveLength(1);
  });

  // ---- logistics -----------------------------------------------------------------------------------

  test('logistics rating: details of the own order, rated once delivered, refused before and for others', async () => {
    const p = await freshProduct();
    const { agent, id } = await shopper();
    const order = await createOrderFor(db(), id, [p.id], { shipment: 'shipped' });
    const details = async () =>
      LogisticRatingDetails.parse(json(await agent.get(`${V1}/logistic-rating-details?order_id=${order.orderId}&product_id=${p.id}`)).data);
    expect(await details()).toMatchObject({ order_id: order.orderId, delivered: false, rating: null, product_id: p.id });
    const early = await agent.post(`${V1}/set-after-rate-product`, { order_id: order.orderId, product_id: p.id, rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(M.notDelivered);
    await setShipmentStatus(db(), order.shipmentId, 'delivered');
    const rated = await agent.post(`${V1}/set-after-rate-product`, {
      order_id: order.orderId,
      product_id: p.id,
      rating: 4,
      comment: 'On time',
    });
    expect(rated.statusCode).toBe(200);
    expect(await details()).toMatchObject({ delivered: true, rating: 4, comment: 'On time' });
    // Rated again: the new rating replaces the first (direct variant "revised").
    expect((await agent.post('/api/review/p/v1/revised', { order_id: order.orderId, product_id: p.id, rating: 5 })).statusCode).toBe(200);
    expect((await details()).rating).toBe(5);
    expect(json(await agent.get(`/api/review/p/v1/logistics-rating?order_id=${order.orderId}`)).data.rating).toBeNull();
    expect((await agent.post(`${V1}/set-after-rate-product`, { order_id: order.orderId, rating: 7 })).statusCode).toBe(400);

    const { agent: other } = await shopper();
    expect((await other.get(`${V1}/logistic-rating-details?order_id=${order.orderId}`)).statusCode).toBe(404);
    expect((await other.post(`${V1}/set-after-rate-product`, { order_id: order.orderId, rating: 1 })).statusCode).toBe(404);
    const rows = await db().selectFrom('logistics_ratings').select(['rating']).where('order_id', '=', order.orderId).execute();
    expect(rows).toEqual([{ rating: 5 }]);
  });

  // ---- moderation ----------------------------------------------------------------------------------

  test('operations hide a review with the ops token: it leaves lists, aggregates and votes; publish brings it back', async () => {
    const p = await busyProduct();
    const review = await db()
      .selectFrom('reviews')
      .select(['id', 'rating'])
      .where('product_id', '=', p.id)
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const hide = { review_id: review.id, status: 'hidden' };
    const url = `${V1}/ops/review-status`;
    const agent = ctx().agent();
    expect((await agent.post(url, hide)).statusCode).toBe(401);
    expect((await agent.post(url, hide, { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    const before = await aggregate(p.id);
    const ok = await agent.post(url, hide, { authorization: `Bearer ${OPS_TOKEN}` });
    expect(ok.statusCode).toBe(200);
    const after = await aggregate(p.id);
    expect(after.count).toBe(before.count - 1);
    expect(after.distribution.find((d) => d.rating === review.rating)?.count).toBe(
      (before.distribution.find((d) => d.rating === review.rating)?.count ?? 0) - 1,
    );
    expect((await agent.get(`${V1}/review-modal-data?review_id=${review.id}`)).statusCode).toBe(404);
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const list = ReviewList.parse(json(await agent.get(`${V1}/product-review-list?product_id=${p.id}&page=${page}`)).data);
      ids.push(...list.reviews.map((r) => r.review_id));
      if (!list.has_next) break;
    }
    expect(ids).not.toContain(review.id);
    expect(ids).toHaveLength(after.count);
    // Hiding twice changes nothing more.
    await agent.post(url, hide, { authorization: `Bearer ${OPS_TOKEN}` });
    expect(await aggregate(p.id)).toEqual(after);
    expect((await agent.post(url, { review_id: review.id, status: 'deleted' }, { authorization: `Bearer ${OPS_TOKEN}` })).statusCode).toBe(
      400,
    );
    expect((await agent.post(url, { review_id: 99_999_999, status: 'hidden' }, { authorization: `Bearer ${OPS_TOKEN}` })).statusCode).toBe(
      404,
    );
    await agent.post(url, { review_id: review.id, status: 'published' }, { authorization: `Bearer ${OPS_TOKEN}` });
    expect(await aggregate(p.id)).toEqual(before);
  });

  // ---- rate limits ---------------------------------------------------------------------------------

  test('writes, uploads and votes are rate limited per customer, counted in the database', async () => {
    const p = await busyProduct();
    const review = await db().selectFrom('reviews').select('id').where('product_id', '=', p.id).orderBy('id').executeTakeFirstOrThrow();
    const { agent, id } = await shopper();
    for (let i = 0; i < REVIEW_LIMITS.votesPerHour; i++) await hitLimit(db(), reviewLimitKey('vote', id), 3600);
    const vote = await agent.post(`${V1}/product-review-upvote`, { review_id: review.id });
    expect(vote.statusCode).toBe(429);
    expect(json(vote).message).toBe(M.tooMany);
    expect(await db().selectFrom('review_votes').select('review_id').where('customer_id', '=', id).execute()).toEqual([]);

    for (let i = 0; i < REVIEW_LIMITS.uploadsPerHour; i++) await hitLimit(db(), reviewLimitKey('upload', id), 3600);
    const up = await agent.request({
      method: 'POST',
      url: `${V1}/rate-product-image-upload`,
      ...multipartForm([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]),
    });
    expect(up.statusCode).toBe(429);
    expect(await db().selectFrom('uploads').select('id').where('customer_id', '=', id).execute()).toEqual([]);

    const fresh = await freshProduct();
    await createOrderFor(db(), id, [fresh.id]);
    for (let i = 0; i < REVIEW_LIMITS.writesPerHour; i++) await hitLimit(db(), reviewLimitKey('write', id), 3600);
    expect((await agent.post(`${V1}/set-rate-product`, { product_id: fresh.id, rating: 5 })).statusCode).toBe(429);
    expect(await db().selectFrom('reviews').select('id').where('customer_id', '=', id).execute()).toEqual([]);
  });

  test('seeded volume: 5 to 40 reviews a product, some with photos, helpful counts equal the votes', async () => {
    const per = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products p LEFT JOIN reviews r ON r.product_id = p.id
      AND r.customer_id IS NULL GROUP BY p.id`.execute(db());
    expect(Math.min(...per.rows.map((r) => r.n))).toBeGreaterThanOrEqual(5);
    expect(Math.max(...per.rows.map((r) => r.n))).toBeLessThanOrEqual(40);
    const mismatched = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reviews r
      WHERE r.customer_id IS NULL AND r.helpful <> (SELECT count(*) FROM review_votes v WHERE v.review_id = r.id)`.execute(db());
    expect(mismatched.rows[0]?.n).toBe(0);
  });
});
