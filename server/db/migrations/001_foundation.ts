import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// The foundation schema: catalogue, content, customers, sessions, carts and the plumbing tables every
// instance shares (docs/architecture.md "Growing past one machine"). Money is integer paise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE app_meta (key text PRIMARY KEY, value text NOT NULL);

    CREATE TABLE importers (
      id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE,
      address text NOT NULL, licence_no text NOT NULL
    );
    CREATE TABLE brands (
      id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE, description text NOT NULL,
      country text NOT NULL, is_top boolean NOT NULL DEFAULT false, launched_at date NOT NULL,
      importer_id integer REFERENCES importers(id)
    );
    CREATE TABLE brand_certificates (
      id serial PRIMARY KEY, brand_id integer NOT NULL REFERENCES brands(id),
      importer_id integer REFERENCES importers(id), title text NOT NULL, certificate_no text NOT NULL,
      issued_on date NOT NULL, valid_till date NOT NULL
    );
    CREATE TABLE categories (
      id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE,
      parent_id integer REFERENCES categories(id), position integer NOT NULL DEFAULT 0,
      is_top boolean NOT NULL DEFAULT false
    );
    CREATE TABLE products (
      id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE,
      brand_id integer NOT NULL REFERENCES brands(id), category_id integer NOT NULL REFERENCES categories(id),
      description text NOT NULL, highlights jsonb NOT NULL DEFAULT '[]', food_type text NOT NULL,
      parent_sku text NOT NULL UNIQUE, rating numeric(3,2) NOT NULL DEFAULT 0, rating_count integer NOT NULL DEFAULT 0,
      sales_count integer NOT NULL DEFAULT 0, is_bestseller boolean NOT NULL DEFAULT false,
      synonyms text NOT NULL DEFAULT '', created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX products_brand_idx ON products(brand_id);
    CREATE INDEX products_category_idx ON products(category_id);
    CREATE TABLE variants (
      id serial PRIMARY KEY, product_id integer NOT NULL REFERENCES products(id), sku text NOT NULL UNIQUE,
      weight text, flavour text, pack_size text, mrp integer NOT NULL CHECK (mrp > 0),
      sale_price integer NOT NULL CHECK (sale_price > 0 AND sale_price <= mrp), stock integer NOT NULL CHECK (stock >= 0),
      is_default boolean NOT NULL DEFAULT false, image_hue integer NOT NULL DEFAULT 0, position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX variants_product_idx ON variants(product_id);

    CREATE TABLE offers (
      id serial PRIMARY KEY, kind text NOT NULL, title text NOT NULL, description text NOT NULL,
      brand_id integer REFERENCES brands(id), product_id integer REFERENCES products(id),
      image_hue integer NOT NULL DEFAULT 0, starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
      is_preview boolean NOT NULL DEFAULT false, position integer NOT NULL DEFAULT 0, data jsonb NOT NULL DEFAULT '{}'
    );
    CREATE TABLE coupons (
      code text PRIMARY KEY, description text NOT NULL, kind text NOT NULL CHECK (kind IN ('percent','flat')),
      value integer NOT NULL CHECK (value > 0), max_discount integer, min_cart integer NOT NULL DEFAULT 0,
      brand_id integer REFERENCES brands(id), category_id integer REFERENCES categories(id),
      first_order_only boolean NOT NULL DEFAULT false, per_customer_limit integer,
      starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, active boolean NOT NULL DEFAULT true
    );
    CREATE TABLE bank_offers (
      id serial PRIMARY KEY, bank text NOT NULL, instrument text NOT NULL, card_bins text[] NOT NULL DEFAULT '{}',
      kind text NOT NULL CHECK (kind IN ('percent','flat')), value integer NOT NULL, max_discount integer,
      min_cart integer NOT NULL DEFAULT 0, description text NOT NULL,
      starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL
    );
    CREATE TABLE freebies (
      id serial PRIMARY KEY, variant_id integer NOT NULL REFERENCES variants(id), threshold integer NOT NULL,
      title text NOT NULL, active boolean NOT NULL DEFAULT true
    );
    CREATE TABLE cities (id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE, state text NOT NULL);
    CREATE TABLE stores (
      id serial PRIMARY KEY, city_id integer NOT NULL REFERENCES cities(id), name text NOT NULL,
      address text NOT NULL, pincode text NOT NULL, phone text NOT NULL, hours text NOT NULL,
      latitude double precision NOT NULL, longitude double precision NOT NULL
    );
    CREATE TABLE pincodes (
      pincode text PRIMARY KEY, city text NOT NULL, district text NOT NULL, state text NOT NULL,
      serviceable boolean NOT NULL DEFAULT true, cod_available boolean NOT NULL DEFAULT true
    );

    CREATE TABLE customers (
      id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL DEFAULT '',
      email text UNIQUE, mobile text UNIQUE, c_code text NOT NULL DEFAULT '+91', password_hash text,
      google_sub text UNIQUE, is_blocked boolean NOT NULL DEFAULT false, opt_in boolean NOT NULL DEFAULT true,
      email_verified boolean NOT NULL DEFAULT false, referrer text,
      last_order_at timestamptz, deletion_requested_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE reviews (
      id serial PRIMARY KEY, product_id integer NOT NULL REFERENCES products(id),
      customer_id integer REFERENCES customers(id), author_name text NOT NULL,
      rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5), title text NOT NULL, body text NOT NULL,
      helpful integer NOT NULL DEFAULT 0, verified boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX reviews_product_idx ON reviews(product_id);

    -- Sessions live in the database so any instance can serve any request. id is the SHA-256 of the cookie token.
    CREATE TABLE sessions (
      id text PRIMARY KEY, customer_id integer REFERENCES customers(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL,
      data jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX sessions_customer_idx ON sessions(customer_id);

    CREATE TABLE error_logs (
      id bigserial PRIMARY KEY, error text NOT NULL, error_info text, location text, user_agent text,
      request_id text, created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
