import type { ColumnType, Generated } from 'kysely';

// Row types of the database. Each domain adds its tables as an interface and extends Database below.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface FoundationTables {
  app_meta: { key: string; value: string };
  importers: { id: Generated<number>; name: string; slug: string; address: string; licence_no: string };
  brands: {
    id: Generated<number>;
    name: string;
    slug: string;
    description: string;
    country: string;
    is_top: Generated<boolean>;
    launched_at: ColumnType<Date, string, string>;
    importer_id: number | null;
  };
  brand_certificates: {
    id: Generated<number>;
    brand_id: number;
    importer_id: number | null;
    title: string;
    certificate_no: string;
    issued_on: ColumnType<Date, string, string>;
    valid_till: ColumnType<Date, string, string>;
  };
  categories: {
    id: Generated<number>;
    name: string;
    slug: string;
    parent_id: number | null;
    position: Generated<number>;
    is_top: Generated<boolean>;
  };
  products: {
    id: Generated<number>;
    name: string;
    slug: string;
    brand_id: number;
    category_id: number;
    description: string;
    highlights: Json<string[]>;
    food_type: string;
    parent_sku: string;
    rating: ColumnType<string, number | string | undefined, number | string>;
    rating_count: Generated<number>;
    sales_count: Generated<number>;
    is_bestseller: Generated<boolean>;
    synonyms: Generated<string>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  variants: {
    id: Generated<number>;
    product_id: number;
    sku: string;
    weight: string | null;
    flavour: string | null;
    pack_size: string | null;
    mrp: number;
    sale_price: number;
    stock: number;
    is_default: Generated<boolean>;
    image_hue: Generated<number>;
    position: Generated<number>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  offers: {
    id: Generated<number>;
    kind: string;
    title: string;
    description: string;
    brand_id: number | null;
    product_id: number | null;
    image_hue: Generated<number>;
    starts_at: Timestamp;
    ends_at: Timestamp;
    is_preview: Generated<boolean>;
    position: Generated<number>;
    data: Json<Record<string, unknown>>;
  };
  coupons: {
    code: string;
    description: string;
    kind: 'percent' | 'flat';
    value: number;
    max_discount: number | null;
    min_cart: Generated<number>;
    brand_id: number | null;
    category_id: number | null;
    first_order_only: Generated<boolean>;
    per_customer_limit: number | null;
    starts_at: Timestamp;
    ends_at: Timestamp;
    active: Generated<boolean>;
  };
  bank_offers: {
    id: Generated<number>;
    bank: string;
    instrument: string;
    card_bins: ColumnType<string[], string[] | undefined, string[]>;
    kind: 'percent' | 'flat';
    value: number;
    max_discount: number | null;
    min_cart: Generated<number>;
    description: string;
    starts_at: Timestamp;
    ends_at: Timestamp;
  };
  freebies: { id: Generated<number>; variant_id: number; threshold: number; title: string; active: Generated<boolean> };
  cities: { id: Generated<number>; name: string; slug: string; state: string };
  stores: {
    id: Generated<number>;
    city_id: number;
    name: string;
    address: string;
    pincode: string;
    phone: string;
    hours: string;
    latitude: number;
    longitude: number;
  };
  pincodes: {
    pincode: string;
    city: string;
    district: string;
    state: string;
    serviceable: Generated<boolean>;
    cod_available: Generated<boolean>;
  };
  customers: {
    id: Generated<number>;
    first_name: string;
    last_name: Generated<string>;
    email: string | null;
    mobile: string | null;
    c_code: Generated<string>;
    password_hash: string | null;
    google_sub: string | null;
    is_blocked: Generated<boolean>;
    opt_in: Generated<boolean>;
    email_verified: Generated<boolean>;
    referrer: string | null;
    last_order_at: Date | null;
    deletion_requested_at: Date | null;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  reviews: {
    id: Generated<number>;
    product_id: number;
    customer_id: number | null;
    author_name: string;
    rating: number;
    title: string;
    body: string;
    helpful: Generated<number>;
    verified: Generated<boolean>;
    created_at: Timestamp & Generated<Date>;
  };
  sessions: {
    id: string;
    customer_id: number | null;
    created_at: Timestamp & Generated<Date>;
    expires_at: Timestamp;
    data: ColumnType<Record<string, unknown>, string | undefined, string>;
  };
  error_logs: {
    id: Generated<string>;
    error: string;
    error_info: string | null;
    location: string | null;
    user_agent: string | null;
    request_id: string | null;
    created_at: Timestamp & Generated<Date>;
  };
}

export interface Database extends FoundationTables {}
