import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Reviews (SPEC §7 /api/review v1): moderation state, photos, helpful votes, logistics ratings, and the
// aggregates of product, brand and the whole store, kept in step with the reviews in the writing transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE reviews ADD COLUMN brand_id integer REFERENCES brands(id);
    UPDATE reviews r SET brand_id = p.brand_id FROM products p WHERE p.id = r.product_id;
    ALTER TABLE reviews ALTER COLUMN brand_id SET NOT NULL;
    ALTER TABLE reviews ADD COLUMN variant_id integer REFERENCES variants(id) ON DELETE SET NULL;
    ALTER TABLE reviews ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('published','hidden'));
    ALTER TABLE reviews ADD COLUMN photo_count integer NOT NULL DEFAULT 0 CHECK (photo_count >= 0);
    ALTER TABLE reviews ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE reviews ADD CONSTRAINT reviews_helpful_nonneg CHECK (helpful >= 0);
    -- Text is kept as given (it is rendered as text, never as HTML); the length caps match the request schema.
    ALTER TABLE reviews ADD CONSTRAINT reviews_title_len CHECK (char_length(title) <= 150);
    ALTER TABLE reviews ADD CONSTRAINT reviews_body_len CHECK (char_length(body) <= 5000);
    -- One review per customer and product: a second rating is an update.
    CREATE UNIQUE INDEX reviews_customer_product_uq ON reviews(customer_id, product_id) WHERE customer_id IS NOT NULL;
    DROP INDEX reviews_product_idx;
    -- The list orders (newest, most helpful) walk these indexes; star and photo filters are checked on the way.
    CREATE INDEX reviews_product_newest_idx ON reviews(product_id, created_at DESC, id DESC) WHERE status = 'published';
    CREATE INDEX reviews_product_helpful_idx ON reviews(product_id, helpful DESC, id DESC) WHERE status = 'published';
    CREATE INDEX reviews_brand_newest_idx ON reviews(brand_id, created_at DESC, id DESC) WHERE status = 'published';
    CREATE INDEX reviews_brand_helpful_idx ON reviews(brand_id, helpful DESC, id DESC) WHERE status = 'published';
    CREATE INDEX reviews_newest_idx ON reviews(created_at DESC, id DESC) WHERE status = 'published';
    CREATE INDEX reviews_helpful_idx ON reviews(helpful DESC, id DESC) WHERE status = 'published';
    CREATE INDEX reviews_photos_idx ON reviews(created_at DESC, id DESC) WHERE status = 'published' AND photo_count > 0;
    -- The carousel and the "with photos" filter read only reviews with photos, a small share of the total.
    CREATE INDEX reviews_product_photos_idx ON reviews(product_id, created_at DESC, id DESC) WHERE status = 'published' AND photo_count > 0;
    CREATE INDEX reviews_brand_photos_idx ON reviews(brand_id, created_at DESC, id DESC) WHERE status = 'published' AND photo_count > 0;
    CREATE INDEX reviews_customer_idx ON reviews(customer_id);

    -- A photo is either a shopper's upload or, for seeded reviews, drawn by the server from the product.
    CREATE TABLE review_photos (
      id serial PRIMARY KEY, review_id integer NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      upload_id integer REFERENCES uploads(id) ON DELETE CASCADE, hue integer NOT NULL DEFAULT 0,
      position integer NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX review_photos_review_idx ON review_photos(review_id, position);
    CREATE UNIQUE INDEX review_photos_upload_uq ON review_photos(upload_id) WHERE upload_id IS NOT NULL;

    -- One helpful vote per customer and review: the primary key decides, not a check before the insert.
    CREATE TABLE review_votes (
      review_id integer NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (review_id, customer_id)
    );
    CREATE INDEX review_votes_customer_idx ON review_votes(customer_id);

    -- Count of published reviews by star for a product, a brand, or the store (scope 'all', scope_id 0).
    CREATE TABLE review_stats (
      scope text NOT NULL CHECK (scope IN ('product','brand','all')), scope_id integer NOT NULL,
      r1 integer NOT NULL DEFAULT 0 CHECK (r1 >= 0), r2 integer NOT NULL DEFAULT 0 CHECK (r2 >= 0),
      r3 integer NOT NULL DEFAULT 0 CHECK (r3 >= 0), r4 integer NOT NULL DEFAULT 0 CHECK (r4 >= 0),
      r5 integer NOT NULL DEFAULT 0 CHECK (r5 >= 0),
      with_photos integer NOT NULL DEFAULT 0 CHECK (with_photos >= 0),
      PRIMARY KEY (scope, scope_id)
    );
    INSERT INTO review_stats (scope, scope_id, r1, r2, r3, r4, r5, with_photos)
      SELECT 'product', product_id, count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
        count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5), 0
      FROM reviews WHERE status = 'published' GROUP BY product_id;
    INSERT INTO review_stats (scope, scope_id, r1, r2, r3, r4, r5, with_photos)
      SELECT 'brand', brand_id, count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
        count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5), 0
      FROM reviews WHERE status = 'published' GROUP BY brand_id;
    INSERT INTO review_stats (scope, scope_id, r1, r2, r3, r4, r5, with_photos)
      SELECT 'all', 0, count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
        count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5), 0
      FROM reviews WHERE status = 'published';

    -- How the delivery went, rated by the customer once per order (and product, when rated from a product).
    CREATE TABLE logistics_ratings (
      id serial PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      product_id integer NOT NULL DEFAULT 0, rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
      comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1000),
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (customer_id, order_id, product_id)
    );
  `,
  );
}
