// Generated from events/catalogue.ts by `npm run gen:events` (events/codegen.ts); do not edit.
// The verdict of CatalogueEvent.safeParse(event).success, without zod (events/codegen.test.ts checks both agree).

function object1(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "page_view")) return false;
  }
  {
    const x = o["title"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object2(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "view_home_page")) return false;
  }
  return true;
}

function object3(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "view_sale_page")) return false;
  }
  {
    const x = o["slug"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  return true;
}

function object4(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "page_drop")) return false;
  }
  {
    const x = o["seconds_on_page"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && x >= 0))) return false;
  }
  return true;
}

function array7(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  if (!(v.length <= 10)) return false;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  return true;
}

function object6(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["variant_id"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["product_id"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["sku"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["parent_sku"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["name"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["brand"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["category"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["cat_hierarchy"];
    if (!(x === undefined || (array7(x)))) return false;
  }
  {
    const x = o["mrp"];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  {
    const x = o["sale_price"];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  {
    const x = o["quantity"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x > 0 && x <= 10000))) return false;
  }
  {
    const x = o["is_freebie"];
    if (!(x === undefined || (typeof x === 'boolean'))) return false;
  }
  {
    const x = o["swatch"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["list_name"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["index"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  return true;
}

function object5(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "view_item")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  return true;
}

const set9 = new Set<unknown>(["brand", "category", "shop", "bestseller", "top10", "search", "sale", "offers", "home", "recommended", "other"]);

function array10(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  if (!(v.length <= 500)) return false;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (!(object6(x))) return false;
  }
  return true;
}

function object8(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "view_item_list")) return false;
  }
  {
    const x = o["list_name"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["listing"];
    if (!(set9.has(x))) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["fill_items"];
    if (!(x === undefined || (array10(x)))) return false;
  }
  {
    const x = o["active_filters"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  {
    const x = o["active_price"];
    if (!(x === undefined || (typeof x === 'boolean'))) return false;
  }
  {
    const x = o["brand"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["category"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object11(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "select_item")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  {
    const x = o["list_name"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["index"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  return true;
}

const set14 = new Set<unknown>(["landing_top_category", "homepage_mini_banner", "authenticity_banner", "top_brands", "categories", "new_brand_launches", "banner_web", "banner_mobile", "carousel_web", "carousel_mobile", "thankyou_banner", "offers_banner", "offers_carousel", "deal_of_the_week", "budget_buys", "brand_page_banner", "category_page_banner", "pdp_banner", "sale_partner_brand_offers", "sale_banner_1", "sale_budget_buys", "sale_deals_on_favourites"]);

function object13(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["section"];
    if (!(set14.has(x))) return false;
  }
  {
    const x = o["id"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["name"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["creative"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["position"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  return true;
}

function object12(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "view_promotion")) return false;
  }
  {
    const x = o["promotion"];
    if (!(object13(x))) return false;
  }
  {
    const x = o["items"];
    if (!(x === undefined || (array10(x)))) return false;
  }
  return true;
}

function object15(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "select_promotion")) return false;
  }
  {
    const x = o["promotion"];
    if (!(object13(x))) return false;
  }
  {
    const x = o["items"];
    if (!(x === undefined || (array10(x)))) return false;
  }
  return true;
}

function object16(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "search")) return false;
  }
  {
    const x = o["search_term"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["results"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  return true;
}

function object17(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "search_query_fetched")) return false;
  }
  {
    const x = o["search_term"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["query_id"];
    if (!(typeof x === 'string' && x.length <= 2000)) return false;
  }
  {
    const x = o["results"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["items"];
    if (!(x === undefined || (array10(x)))) return false;
  }
  return true;
}

const set19 = new Set<unknown>(["pdp", "listing", "wishlist", "cartlist", "save_for_later", "recommended_product", "orderdetail"]);

function object18(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "add_to_cart")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  {
    const x = o["origin"];
    if (!(set19.has(x))) return false;
  }
  return true;
}

function object20(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "remove_from_cart")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  return true;
}

function object21(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "view_cart")) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["value"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["cart_id"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["coupon_code"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object22(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "add_to_wishlist")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  return true;
}

function object23(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "remove_from_wishlist")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  return true;
}

function object24(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "coupon_applied")) return false;
  }
  {
    const x = o["coupon_code"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["discount"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["success"];
    if (!(typeof x === 'boolean')) return false;
  }
  return true;
}

function object25(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "begin_checkout")) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["value"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["coupon_code"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object26(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "add_shipping_info")) return false;
  }
  {
    const x = o["pincode"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["city"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["state"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object27(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "checkout_initiated")) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["value"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["coupon_code"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object28(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "payment_initiated")) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["value"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["order_id"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

const set30 = new Set<unknown>(["upi", "upi_app", "card", "stored_card", "netbanking", "wallet", "cod"]);

function object29(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "add_payment_info")) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["value"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["payment_method"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x))) return false;
  }
  {
    const x = o["group"];
    if (!(x === undefined || (set30.has(x)))) return false;
  }
  {
    const x = o["order_id"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

const set32 = new Set<unknown>(["upi", "upi_app", "card", "stored_card", "netbanking", "wallet", "cod"]);

const set33 = new Set<unknown>(["direct", "retry"]);

function object31(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "payment_option_selected")) return false;
  }
  {
    const x = o["group"];
    if (!(set32.has(x))) return false;
  }
  {
    const x = o["option"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["path"];
    if (!(x === undefined || (set33.has(x)))) return false;
  }
  return true;
}

const set35 = new Set<unknown>(["stored_card", "card", "bank", "wallet", "upi_app"]);

const set36 = new Set<unknown>(["direct", "retry"]);

function object34(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "payment_instrument_selected")) return false;
  }
  {
    const x = o["instrument"];
    if (!(set35.has(x))) return false;
  }
  {
    const x = o["option"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["path"];
    if (!(set36.has(x))) return false;
  }
  return true;
}

const set38 = new Set<unknown>(["direct", "retry", "gateway"]);

function object37(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "payment_failed")) return false;
  }
  {
    const x = o["order_id"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["path"];
    if (!(set38.has(x))) return false;
  }
  {
    const x = o["reason"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object39(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "order_placed")) return false;
  }
  {
    const x = o["order_id"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["value"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["shipping"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  {
    const x = o["coupon_code"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["payment_method"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x)))) return false;
  }
  {
    const x = o["customer_email"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["customer_mobile"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["customer_first_name"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["customer_last_name"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

const set41 = new Set<unknown>(["direct", "retry", "gateway"]);

function object40(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "purchase")) return false;
  }
  {
    const x = o["order_id"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  {
    const x = o["value"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["shipping"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))) return false;
  }
  {
    const x = o["coupon_code"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["payment_method"];
    if (!(x === undefined || (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x)))) return false;
  }
  {
    const x = o["customer_email"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["customer_mobile"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["customer_first_name"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["customer_last_name"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["path"];
    if (!(x === undefined || (set41.has(x)))) return false;
  }
  return true;
}

function object42(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "login_viewed")) return false;
  }
  return true;
}

const set44 = new Set<unknown>(["phone", "email"]);

function object43(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "login_identifier_submitted")) return false;
  }
  {
    const x = o["identifier_type"];
    if (!(set44.has(x))) return false;
  }
  {
    const x = o["exists"];
    if (!(typeof x === 'boolean')) return false;
  }
  return true;
}

const set46 = new Set<unknown>(["password", "otp", "google"]);

function object45(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "login_failed")) return false;
  }
  {
    const x = o["method"];
    if (!(set46.has(x))) return false;
  }
  {
    const x = o["reason"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

const set48 = new Set<unknown>(["password", "otp", "google"]);

const set49 = new Set<unknown>(["phone", "email"]);

function object47(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "user_login")) return false;
  }
  {
    const x = o["method"];
    if (!(set48.has(x))) return false;
  }
  {
    const x = o["identifier_type"];
    if (!(set49.has(x))) return false;
  }
  return true;
}

const set51 = new Set<unknown>(["password", "otp", "google"]);

const set52 = new Set<unknown>(["phone", "email"]);

function object50(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "user_register")) return false;
  }
  {
    const x = o["method"];
    if (!(set51.has(x))) return false;
  }
  {
    const x = o["identifier_type"];
    if (!(set52.has(x))) return false;
  }
  {
    const x = o["opt_in"];
    if (!(typeof x === 'boolean')) return false;
  }
  return true;
}

function object53(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "register_failed")) return false;
  }
  {
    const x = o["reason"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object54(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "user_logout")) return false;
  }
  return true;
}

const set56 = new Set<unknown>(["register", "login", "forgotPassword", "profile"]);

const set57 = new Set<unknown>(["phone", "email"]);

function object55(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "otp_sent")) return false;
  }
  {
    const x = o["type"];
    if (!(set56.has(x))) return false;
  }
  {
    const x = o["identifier_type"];
    if (!(set57.has(x))) return false;
  }
  return true;
}

const set59 = new Set<unknown>(["register", "login", "forgotPassword", "profile"]);

const set60 = new Set<unknown>(["phone", "email"]);

function object58(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "otp_resent")) return false;
  }
  {
    const x = o["type"];
    if (!(set59.has(x))) return false;
  }
  {
    const x = o["identifier_type"];
    if (!(set60.has(x))) return false;
  }
  return true;
}

const set62 = new Set<unknown>(["register", "login", "forgotPassword", "profile"]);

function object61(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "otp_verified")) return false;
  }
  {
    const x = o["type"];
    if (!(set62.has(x))) return false;
  }
  return true;
}

const set64 = new Set<unknown>(["register", "login", "forgotPassword", "profile"]);

function object63(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "otp_failed")) return false;
  }
  {
    const x = o["type"];
    if (!(set64.has(x))) return false;
  }
  {
    const x = o["reason"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

const set66 = new Set<unknown>(["phone", "email"]);

function object65(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "forgot_password_requested")) return false;
  }
  {
    const x = o["identifier_type"];
    if (!(set66.has(x))) return false;
  }
  return true;
}

function object67(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "password_reset")) return false;
  }
  return true;
}

function object68(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "profile_completed")) return false;
  }
  return true;
}

function object69(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "freebie_list_viewed")) return false;
  }
  {
    const x = o["items"];
    if (!(array10(x))) return false;
  }
  return true;
}

function object70(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "freebie_added")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  {
    const x = o["cart_id"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object71(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "freebie_removed")) return false;
  }
  {
    const x = o["item"];
    if (!(object6(x))) return false;
  }
  return true;
}

function object72(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "store_locator_viewed")) return false;
  }
  {
    const x = o["city"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object73(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "store_city_selected")) return false;
  }
  {
    const x = o["city"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  return true;
}

const set75 = new Set<unknown>(["call", "directions"]);

function object74(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "store_contact_clicked")) return false;
  }
  {
    const x = o["store_id"];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)) return false;
  }
  {
    const x = o["store_name"];
    if (!(typeof x === 'string' && x.length <= 500)) return false;
  }
  {
    const x = o["city"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  {
    const x = o["action"];
    if (!(set75.has(x))) return false;
  }
  return true;
}

function object76(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "retailer_form_viewed")) return false;
  }
  return true;
}

function object77(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "retailer_form_submitted")) return false;
  }
  {
    const x = o["city"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function object78(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  {
    const x = o["name"];
    if (!(x === "retailer_form_failed")) return false;
  }
  {
    const x = o["reason"];
    if (!(x === undefined || (typeof x === 'string' && x.length <= 500))) return false;
  }
  return true;
}

function union0(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  switch ((v as Record<string, unknown>)["name"]) {
    case "page_view":
      return object1(v);
    case "view_home_page":
      return object2(v);
    case "view_sale_page":
      return object3(v);
    case "page_drop":
      return object4(v);
    case "view_item":
      return object5(v);
    case "view_item_list":
      return object8(v);
    case "select_item":
      return object11(v);
    case "view_promotion":
      return object12(v);
    case "select_promotion":
      return object15(v);
    case "search":
      return object16(v);
    case "search_query_fetched":
      return object17(v);
    case "add_to_cart":
      return object18(v);
    case "remove_from_cart":
      return object20(v);
    case "view_cart":
      return object21(v);
    case "add_to_wishlist":
      return object22(v);
    case "remove_from_wishlist":
      return object23(v);
    case "coupon_applied":
      return object24(v);
    case "begin_checkout":
      return object25(v);
    case "add_shipping_info":
      return object26(v);
    case "checkout_initiated":
      return object27(v);
    case "payment_initiated":
      return object28(v);
    case "add_payment_info":
      return object29(v);
    case "payment_option_selected":
      return object31(v);
    case "payment_instrument_selected":
      return object34(v);
    case "payment_failed":
      return object37(v);
    case "order_placed":
      return object39(v);
    case "purchase":
      return object40(v);
    case "login_viewed":
      return object42(v);
    case "login_identifier_submitted":
      return object43(v);
    case "login_failed":
      return object45(v);
    case "user_login":
      return object47(v);
    case "user_register":
      return object50(v);
    case "register_failed":
      return object53(v);
    case "user_logout":
      return object54(v);
    case "otp_sent":
      return object55(v);
    case "otp_resent":
      return object58(v);
    case "otp_verified":
      return object61(v);
    case "otp_failed":
      return object63(v);
    case "forgot_password_requested":
      return object65(v);
    case "password_reset":
      return object67(v);
    case "profile_completed":
      return object68(v);
    case "freebie_list_viewed":
      return object69(v);
    case "freebie_added":
      return object70(v);
    case "freebie_removed":
      return object71(v);
    case "store_locator_viewed":
      return object72(v);
    case "store_city_selected":
      return object73(v);
    case "store_contact_clicked":
      return object74(v);
    case "retailer_form_viewed":
      return object76(v);
    case "retailer_form_submitted":
      return object77(v);
    case "retailer_form_failed":
      return object78(v);
    default:
      return false;
  }
}

export function isValidEvent(v: unknown): boolean {
  return union0(v);
}

