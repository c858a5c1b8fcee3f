import { devToolsEnabled } from '../../config.ts';
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { slugify } from '../../../schemas/text.ts';
import type { Db } from '../database.ts';
import { recountStats } from '../../modules/reviews/queries.ts';
import { seedAuthenticityCodes } from './authenticity.ts';
import {
  BANK_OFFERS,
  BRANDS,
  CATEGORY_TREE,
  type CategoryNode,
  CITIES,
  BRAND_MAKERS,
  IMPORTERS,
  LINE_DECLARATIONS,
  type LineDeclaration,
  PRODUCT_LINES,
  REVIEW_AUTHORS,
  REVIEW_PHRASES,
} from './data.ts';
import { createRandom, type Random } from './random.ts';
import { loadPincodeDirectory } from '../../modules/stores/index.ts';
import { baseQuantity, NET_UNITS, type NetUnit } from '../../../schemas/declaration-rules.ts';

export const DEMO_CUSTOMER = {
  email: 'demo@kasrat.test',
  mobile: '9876543210',
  password: 'Demo@1234',
  first_name: 'Demo',
  last_name: 'Shopper',
};

const BATCH = 1000;
// Seed dates are fixed so the data is the same on every machine.
const SEED_NOW = new Date('2026-11-01T00:00:00+05:30');
const daysFrom = (days: number) => new Date(SEED_NOW.getTime() + days * 86_400_000).toISOString();

async function insertBatches<T extends Record<string, unknown>>(db: Db, table: string, rows: T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // biome-ignore lint/suspicious/noExplicitAny: generic batch insert over any table of the seed.
    await (db as any)
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/** True when the catalogue has been seeded. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'seeded_at').executeTakeFirst();
  return Boolean(row);
}

// Any fixed number: the advisory lock every instance takes before seeding (two instances on an empty PostgreSQL).
const SEED_LOCK = 7_146_001;

/**
 * First-run seeding as one transaction under an advisory lock: a crash mid-seed leaves nothing behind (the next
 * start seeds again), and of several instances starting on an empty database one seeds while the others wait, then
 * find it seeded. Returns null when the database was already seeded.
 */
export async function seedOnce(
  db: Db,
  options: { scale?: number; demoCustomer?: boolean } = {},
): Promise<{ products: number; variants: number } | null> {
  if (await isSeeded(db)) return null;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await isSeeded(trx)) return null;
    return seed(trx, options);
  });
}

/**
 * Seeds the whole domain deterministically. `scale` is the number of variants wanted (0 = the base catalogue of
 * a few hundred variants); extra products are generated from the same product lines until it is reached.
 */
/**
 * Seeds the catalogue. The demo customer (a published password) is a development tool: seeded only with
 * `demoCustomer`, which defaults to KASRAT_DEV_TOOLS=1.
 */
export async function seed(
  db: Db,
  options: { scale?: number; demoCustomer?: boolean } = {},
): Promise<{ products: number; variants: number }> {
  const rng = createRandom(20161201);

  const importerIds: number[] = [];
  for (const imp of IMPORTERS) {
    const row = await db.insertInto('importers').values(imp).returning('id').executeTakeFirstOrThrow();
    importerIds.push(row.id);
  }
  const brandIds: number[] = [];
  for (const b of BRANDS) {
    const row = await db
      .insertInto('brands')
      .values({
        name: b.name,
        slug: slugify(b.name),
        description: `${b.name} makes sports nutrition in ${b.country}. Every ${b.name} product sold on Kasrat comes with an authenticity certificate.`,
        country: b.country,
        is_top: b.top,
        launched_at: b.launched,
        importer_id: b.importer === null ? null : (importerIds[b.importer] ?? null),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    brandIds.push(row.id);
    await db
      .insertInto('brand_certificates')
      .values({
        brand_id: row.id,
        importer_id: b.importer === null ? null : (importerIds[b.importer] ?? null),
        title: `${b.name} authorised seller certificate`,
        certificate_no: `KSR-${b.initials}-${2020 + (row.id % 5)}-${String(1000 + row.id * 37).slice(-4)}`,
        issued_on: '2026-01-01',
        valid_till: '2027-12-31',
      })
      .execute();
  }

  const categoryIds = new Map<string, number>();
  const insertCategory = async (node: CategoryNode, parentId: number | null, position: number) => {
    const row = await db
      .insertInto('categories')
      .values({ name: node.name, slug: node.slug, parent_id: parentId, position, is_top: node.top ?? false })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(node.slug, row.id);
    let i = 0;
    for (const child of node.children ?? []) await insertCategory(child, row.id, i++);
  };
  let pos = 0;
  for (const root of CATEGORY_TREE) await insertCategory(root, null, pos++);

  // Products: each product line x brand pairing, then more "editions" until the requested scale.
  const target = Math.max(options.scale ?? 0, 0);
  type ProductRow = Parameters<ReturnType<Db['insertInto']>['values']>[0];
  const products: Array<Record<string, unknown>> = [];
  const variantsByProduct: Array<Array<Record<string, unknown>>> = [];
  let variantCount = 0;
  let edition = 0;
  const usedSlugs = new Set<string>();
  /** Each product's line and brand (index into BRANDS), for its label declarations; null for the shaker. */
  const origins: Array<{ category: string; brand: number } | null> = [];

  const makeProduct = (line: (typeof PRODUCT_LINES)[number], brandIndex: number, series: string, r: Random) => {
    const brand = BRANDS[brandIndex] as (typeof BRANDS)[number];
    const name = `${brand.name} ${series} ${line.noun}${edition > 0 ? ` Edition ${edition}` : ''}`;
    let slug = slugify(name);
    if (usedSlugs.has(slug)) slug = `${slug}-${products.length + 1}`;
    usedSlugs.add(slug);
    const n = products.length + 1;
    const base = `${brand.initials}${line.category.slice(0, 3).toUpperCase()}${String(n).padStart(6, '0')}`;
    const rating = r.int(30, 50) / 10;
    origins.push({ category: line.category, brand: brandIndex });
    products.push({
      name,
      slug,
      brand_id: brandIds[brandIndex],
      category_id: categoryIds.get(line.category),
      description: `${name} is ${line.highlights[0]?.toLowerCase() ?? 'made for athletes'}. Sourced directly from ${brand.name}${brand.importer !== null ? ' through its authorised importer' : ''}, stored in climate-controlled warehouses and shipped sealed.`,
      highlights: JSON.stringify(line.highlights),
      food_type: line.food,
      parent_sku: `${base}PA`,
      rating: rating.toFixed(2),
      rating_count: r.int(0, 900),
      sales_count: r.int(0, 5000),
      is_bestseller: r.chance(0.2),
      synonyms: line.synonyms,
      created_at: daysFrom(-r.int(0, 700)),
    });
    const combos: Array<{ weight: string | null; flavour: string | null; pack: string | null; mrp: number }> = [];
    line.weights.forEach((weight, wi) => {
      const flavours = line.flavours.length ? line.flavours : [null];
      const packs = line.packs?.length ? line.packs : [null];
      for (const flavour of flavours)
        for (const pack of packs) {
          const packMultiplier = pack ? Number.parseInt(pack.replace(/\D/g, ''), 10) || 1 : 1;
          combos.push({ weight, flavour, pack, mrp: (line.mrp[wi] ?? line.mrp[0] ?? 999) * packMultiplier });
        }
    });
    const chosen = r.sample(combos, Math.min(combos.length, r.int(2, 6)));
    const variants = chosen.map((c, i) => {
      const mrpRupees = Math.round((c.mrp * (0.9 + r.next() * 0.25)) / 100) * 100 - 1;
      const off = r.pick([0, 5, 10, 15, 20, 25, 30, 35]);
      const saleRupees = Math.max(1, Math.round(mrpRupees * (1 - off / 100)));
      return {
        sku: `${base}${i.toString(36).toUpperCase().padStart(2, '0')}`,
        weight: c.weight,
        flavour: c.flavour,
        pack_size: c.pack,
        mrp: mrpRupees * 100,
        sale_price: saleRupees * 100,
        stock: r.chance(0.1) ? 0 : r.int(3, 150),
        is_default: i === 0,
        image_hue: r.int(0, 359),
        position: i,
      };
    });
    variantsByProduct.push(variants);
    variantCount += variants.length;
  };

  const series = ['Gold', 'Elite', 'Prime', 'Max', 'Core', 'Plus', 'Select', 'Signature', 'Sport', 'Classic'];
  do {
    for (const line of PRODUCT_LINES) {
      for (const s of line.lines) {
        // Two or three brands carry each product line.
        for (const bi of rng.sample(
          BRANDS.map((_, i) => i),
          rng.int(2, 3),
        )) {
          makeProduct(line, bi, edition === 0 ? s : `${s} ${rng.pick(series)}`, rng);
          if (target && variantCount >= target) break;
        }
        if (target && variantCount >= target) break;
      }
      if (target && variantCount >= target) break;
    }
    edition++;
  } while (target && variantCount < target);

  // The shaker used as a free gift.
  const shakerIndex = products.length;
  origins.push(null);
  products.push({
    name: 'Kasrat Shaker Bottle 700 ml',
    slug: 'kasrat-shaker-bottle-700-ml',
    brand_id: brandIds[1],
    category_id: categoryIds.get('shakers'),
    description: 'Leak-proof shaker with a mixing ball. Given free with orders above the freebie threshold.',
    highlights: JSON.stringify(['BPA free', '700 ml']),
    food_type: 'veg',
    parent_sku: 'KSRSHK000001PA',
    rating: '4.50',
    rating_count: 120,
    sales_count: 300,
    is_bestseller: false,
    synonyms: 'shaker bottle gym bottle',
    created_at: daysFrom(-400),
  });
  variantsByProduct.push([
    {
      sku: 'KSRSHK00000100',
      weight: '700 ml',
      flavour: null,
      pack_size: 'Pack of 1',
      mrp: 49_900,
      sale_price: 29_900,
      stock: 500,
      is_default: true,
      image_hue: 200,
      position: 0,
    },
  ]);
  variantCount += 1;

  const productIds: number[] = [];
  for (let i = 0; i < products.length; i += BATCH) {
    const rows = await db
      .insertInto('products')
      .values(products.slice(i, i + BATCH) as ProductRow as never)
      .returning('id')
      .execute();
    for (const r of rows) productIds.push(r.id);
  }
  const variantRows: Array<Record<string, unknown>> = [];
  variantsByProduct.forEach((vs, i) => {
    for (const v of vs) variantRows.push({ ...v, product_id: productIds[i] });
  });
  await insertBatches(db, 'variants', variantRows);

  const shakerVariant = await db
    .selectFrom('variants')
    .select('id')
    .where('product_id', '=', productIds[shakerIndex] as number)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('freebies')
    .values([{ variant_id: shakerVariant.id, threshold: 199_900, title: 'Free shaker on orders above ₹1,999' }])
    .execute();

  await seedDeclarations(db, productIds, origins);
  await seedOffersAndCoupons(db, rng, brandIds, categoryIds, productIds);
  await seedPlaces(db, rng);
  await seedAuthenticityCodes(db, brandIds);

  if (options.demoCustomer ?? devToolsEnabled()) await seedDemoCustomer(db);

  await seedReviews(
    db,
    productIds,
    products.map((p) => p.brand_id as number),
  );

  await db
    .insertInto('app_meta')

    .values([
      { key: 'seeded_at', value: new Date().toISOString() },
      { key: 'seed_scale', value: String(target) },
      { key: 'catalogue_version', value: '1' },
    ])
    .execute();
  return { products: products.length, variants: variantCount };
}

/** "1 kg" -> 1 kg, "60 capsules" -> 60 capsules, times the pack ("Pack of 2"): a pack's declared net quantity. */
function netQuantityOf(weight: string | null, pack: string | null): { value: number; unit: NetUnit } | null {
  const m = weight ? /^([\d.]+)\s*([a-z]+)$/i.exec(weight.trim()) : null;
  if (!m) return null;
  const unit = (m[2] as string).toLowerCase() as NetUnit;
  if (!NET_UNITS.includes(unit)) return null;
  const packs = pack ? Number.parseInt(pack.replace(/\D/g, ''), 10) || 1 : 1;
  const value = Number(m[1]) * packs;
  // A pack of several kilograms or litres reads as such; a pack of grams stays in grams.
  return { value, unit };
}

/**
 * The label declarations of every product but the shaker (docs/product-declarations.md): the maker from the brand,
 * the importer (with its FSSAI licence) for an imported brand, the line's serving and nutrition; per pack the net
 * quantity, servings and, for every third pack, the best-before date of the batch in stock. No random numbers are
 * drawn, so the rest of the seed is the same with or without them.
 */
async function seedDeclarations(db: Db, productIds: number[], origins: Array<{ category: string; brand: number } | null>) {
  const rows: Array<Record<string, unknown>> = [];
  const declared = new Map<number, LineDeclaration>();
  origins.forEach((o, i) => {
    const line = o ? LINE_DECLARATIONS[o.category] : undefined;
    const productId = productIds[i];
    if (!o || !line || productId === undefined) return;
    const brand = BRANDS[o.brand] as (typeof BRANDS)[number];
    const maker = BRAND_MAKERS[brand.name] as (typeof BRAND_MAKERS)[string];
    const importer = brand.importer === null ? null : IMPORTERS[brand.importer];
    const care = importer ?? { name: maker.packer?.name ?? maker.maker, address: maker.packer?.address ?? maker.address };
    const [energy, protein, carb, sugars, added, fat, saturated, trans, cholesterol, sodium] = line.per100;
    declared.set(productId, line);
    rows.push({
      product_id: productId,
      manufacturer_name: maker.maker,
      manufacturer_address: maker.address,
      packer_name: maker.packer?.name ?? null,
      packer_address: maker.packer?.address ?? null,
      importer_name: importer?.name ?? null,
      importer_address: importer?.address ?? null,
      country_of_origin: brand.country === 'USA' ? 'United States' : brand.country === 'UK' ? 'United Kingdom' : brand.country,
      customer_care_phone: `1800-102-${String(4100 + o.brand * 37).padStart(4, '0')}`,
      customer_care_email: `care@${slugify(brand.name)}.in`,
      customer_care_address: `Customer Care, ${care.name}, ${care.address}`,
      // Imported: the importer's central licence; made in India: the maker's state licence (14 digits either way).
      fssai_licence: importer
        ? importer.licence_no.replace(/\D/g, '')
        : `1002${String(2019 + (o.brand % 5))}${String(100_000 + o.brand * 7919).slice(-6)}`.padEnd(14, '0').slice(0, 14),
      serving_size: line.serving,
      serving_size_g: line.serving_g,
      shelf_life_months: line.shelf_life_months,
      ingredients: line.ingredients,
      allergens: line.allergens,
      nutrition: JSON.stringify({
        energy_kcal: energy,
        protein_g: protein,
        carbohydrate_g: carb,
        sugars_g: sugars,
        added_sugars_g: added,
        fat_g: fat,
        saturated_fat_g: saturated,
        trans_fat_g: trans,
        cholesterol_mg: cholesterol,
        sodium_mg: sodium,
      }),
    });
  });
  await insertBatches(db, 'product_declarations', rows);
  const variants = await db.selectFrom('variants').select(['id', 'product_id', 'weight', 'pack_size']).orderBy('id').execute();
  const packs: Array<Record<string, unknown>> = [];
  let n = 0;
  for (const v of variants) {
    const line = declared.get(v.product_id);
    const net = netQuantityOf(v.weight, v.pack_size);
    if (!line || !net) continue;
    const base = baseQuantity(net.value, net.unit);
    const servings =
      base.unit === 'g' || base.unit === 'ml' ? Math.floor(base.amount / line.serving_g) : Math.floor(base.amount / (line.units ?? 1));
    if (servings < 1) continue;
    packs.push({
      variant_id: v.id,
      net_quantity: net.value,
      net_unit: net.unit,
      servings,
      best_before: n++ % 3 === 0 ? daysFrom(240 + (v.id % 7) * 30).slice(0, 10) : null,
    });
  }
  await insertBatches(db, 'variant_declarations', packs);
}

async function seedOffersAndCoupons(db: Db, rng: Random, brandIds: number[], categoryIds: Map<string, number>, productIds: number[]) {
  const start = daysFrom(-30);
  const end = daysFrom(365);
  const offers: Array<Record<string, unknown>> = [];
  const add = (kind: string, title: string, description: string, extra: Record<string, unknown> = {}) =>
    offers.push({
      kind,
      title,
      description,
      starts_at: start,
      ends_at: end,
      image_hue: rng.int(0, 359),
      position: offers.length,
      data: JSON.stringify(extra.data ?? {}),
      brand_id: extra.brand_id ?? null,
      product_id: extra.product_id ?? null,
    });

  for (const [i, b] of BRANDS.entries())
    if (b.top) add('top_brand', b.name, `Up to ${rng.pick([20, 25, 30, 40])}% off ${b.name}`, { brand_id: brandIds[i] });
  for (const [i, b] of BRANDS.entries())
    if (Number(b.launched.slice(0, 4)) >= 2024) add('new_launch', b.name, `New on Kasrat: ${b.name}`, { brand_id: brandIds[i] });
  for (const slug of ['whey-protein', 'mass-gainer', 'creatine', 'pre-workout', 'multivitamins', 'peanut-butter'])
    add('top_category', slug, `Shop ${slug.replace(/-/g, ' ')}`, { data: { category_slug: slug } });
  add('mini_banner', 'Flat 10% off with FIT10', 'On orders above ₹999', { data: { href: '/offers-coupons/' } });
  add('mini_banner', 'Free shaker above ₹1,999', 'While stocks last', { data: { href: '/freebies' } });
  add('authenticity_banner', '100% authentic, sourced from brands', 'Check any product with its authenticity code', {
    data: { href: '/authenticity' },
  });
  for (const device of ['web', 'mobile'] as const) {
    add(`banner_${device}`, 'Whey protein festival', 'Up to 35% off top whey brands', { data: { href: '/product-category/whey-protein' } });
    add(`carousel_${device}`, 'Gainers for the bulk season', 'Mass gainers from ₹1,199', {
      data: { href: '/product-category/mass-gainer' },
    });
    add(`carousel_${device}`, 'Creatine week', 'Creatine from ₹499', { data: { href: '/product-category/creatine' } });
  }
  for (const id of rng.sample(productIds.slice(0, 60), 4))
    add('deal_of_week', 'Deal of the week', 'Lowest price this week', { product_id: id });
  for (const id of rng.sample(productIds.slice(0, 120), 6)) add('budget_buy', 'Budget buy', 'Under ₹999', { product_id: id });
  add('limited', 'Limited time: extra 5% on prepaid', 'Pay online and save more');
  add('brand_of_week', 'Brand of the week', 'Titan Forge at its lowest prices', { brand_id: brandIds[0] });
  add('partner', 'Partner offer: 3 months gym membership', 'With orders above ₹4,999');
  add('clearance', 'Clearance sale', 'Short-dated stock at up to 60% off');
  await insertBatches(db, 'offers', offers);

  await db
    .insertInto('coupons')
    .values([
      {
        code: 'FIT10',
        description: '10% off on orders above ₹999',
        kind: 'percent',
        value: 10,
        max_discount: null,
        min_cart: 99_900,
        brand_id: null,
        category_id: null,
        per_customer_limit: null,
        starts_at: daysFrom(-365),
        ends_at: daysFrom(3650),
      },
      {
        code: 'WELCOME200',
        description: 'Flat ₹200 off your first order above ₹1,499',
        kind: 'flat',
        value: 20_000,
        max_discount: null,
        min_cart: 149_900,
        brand_id: null,
        category_id: null,
        first_order_only: true,
        per_customer_limit: 1,
        starts_at: daysFrom(-365),
        ends_at: daysFrom(3650),
      },
      {
        code: 'WHEY15',
        description: '15% off whey protein, up to ₹750',
        kind: 'percent',
        value: 15,
        max_discount: 75_000,
        min_cart: 199_900,
        brand_id: null,
        category_id: categoryIds.get('whey-protein') ?? null,
        per_customer_limit: 3,
        starts_at: daysFrom(-365),
        ends_at: daysFrom(3650),
      },
      {
        code: 'TITAN5',
        description: '5% off Titan Forge',
        kind: 'percent',
        value: 5,
        max_discount: 50_000,
        min_cart: 0,
        brand_id: brandIds[0] ?? null,
        category_id: null,
        per_customer_limit: null,
        starts_at: daysFrom(-365),
        ends_at: daysFrom(3650),
      },
      {
        code: 'DIWALI25',
        description: '25% off, festival ended',
        kind: 'percent',
        value: 25,
        max_discount: 100_000,
        min_cart: 0,
        brand_id: null,
        category_id: null,
        per_customer_limit: null,
        starts_at: daysFrom(-60),
        ends_at: daysFrom(-20),
      },
    ])
    .execute();
  await db
    .insertInto('bank_offers')
    .values(BANK_OFFERS.map((offer) => ({ ...offer, card_bins: [...offer.card_bins], starts_at: daysFrom(-30), ends_at: daysFrom(365) })))
    .execute();
}

async function seedPlaces(db: Db, rng: Random) {
  for (const c of CITIES) {
    const city = await db
      .insertInto('cities')
      .values({ name: c.name, slug: slugify(c.name), state: c.state })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stores = rng.int(1, 3);
    for (let i = 0; i < stores; i++) {
      await db
        .insertInto('stores')
        .values({
          city_id: city.id,
          name: `Kasrat ${c.name} ${['Central', 'North', 'South'][i]}`,
          address: `Shop ${rng.int(1, 60)}, ${['Main Market', 'High Street', 'City Mall'][i]}, ${c.name}`,
          pincode: String(c.pin + i * 3),
          phone: `+91 ${rng.int(70000, 99999)} ${rng.int(10000, 99999)}`,
          hours: '10:00 – 21:00',
          latitude: c.lat + (rng.next() - 0.5) / 20,
          longitude: c.lng + (rng.next() - 0.5) / 20,
        })
        .execute();
    }
  }
  // Every real pincode: India Post's directory shipped with the store (docs/pincodes.md).
  await loadPincodeDirectory(db);
}

/** The demo customer of the README's demo line (development tools only); a no-op when it exists. */
export async function seedDemoCustomer(db: Db): Promise<void> {
  await db
    .insertInto('customers')
    .values({
      first_name: DEMO_CUSTOMER.first_name,
      last_name: DEMO_CUSTOMER.last_name,
      email: DEMO_CUSTOMER.email,
      mobile: DEMO_CUSTOMER.mobile,
      c_code: '+91',
      password_hash: await hash(DEMO_CUSTOMER.password, { algorithm: 2 }),
      email_verified: true,
      mobile_verified: true,
      google_sub: null,
      referrer: null,
      last_order_at: null,
      deletion_requested_at: null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

/** Products whose reviews also get helpful votes from seeded shoppers (more would make large seeds slow). */
const VOTED_PRODUCTS = 300;
const VOTERS = 40;

/**
 * 5 to 40 reviews per product (so the volume follows SEED_SCALE), some with photos the server draws, and helpful
 * votes cast by seeded shoppers; then the aggregates and product ratings are counted from them. Its own random
 * sequence, so the rest of the seed does not depend on how many reviews there are.
 */
async function seedReviews(db: Db, productIds: number[], brandIds: number[]): Promise<void> {
  const r = createRandom(20250101);
  const voters = await db
    .insertInto('customers')
    .values(
      Array.from({ length: VOTERS }, (_, i) => ({
        first_name: 'Kasrat',
        last_name: `Shopper ${i + 1}`,
        email: `shopper${i + 1}@reviews.kasrat.test`,
      })),
    )
    .returning('id')
    .execute();
  const rows: Array<{ product: number; helpful: number; photos: number; values: Record<string, unknown> }> = [];
  productIds.forEach((productId, i) => {
    const count = r.int(5, 40);
    for (let j = 0; j < count; j++) {
      // Mostly good ratings, as in any store, with a tail of poor ones.
      const rating = r.pick([5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 1]) as 1 | 2 | 3 | 4 | 5;
      const phrases = REVIEW_PHRASES[rating];
      const body = r.sample(phrases.lines, r.int(1, 3)).join(' ');
      const photos = r.chance(0.15) ? r.int(1, 3) : 0;
      rows.push({
        product: i,
        helpful: i < VOTED_PRODUCTS ? r.int(0, 6) : 0,
        photos,
        values: {
          product_id: productId,
          brand_id: brandIds[i],
          author_name: r.pick(REVIEW_AUTHORS),
          rating,
          title: r.pick(phrases.titles),
          body,
          verified: r.chance(0.7),
          photo_count: photos,
          created_at: daysFrom(-r.int(1, 600)),
        },
      });
    }
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await db
      .insertInto('reviews')
      .values(rows.slice(i, i + BATCH).map((x) => x.values) as never)
      .returning('id')
      .execute();
    for (const x of inserted) ids.push(x.id);
  }
  const photoRows: Array<Record<string, unknown>> = [];
  const voteRows: Array<Record<string, unknown>> = [];
  const helpfulById = new Map<number, number>();
  rows.forEach((row, i) => {
    const id = ids[i] as number;
    for (let p = 0; p < row.photos; p++) photoRows.push({ review_id: id, hue: r.int(0, 359), position: p });
    if (row.helpful) {
      for (const v of r.sample(voters, row.helpful)) voteRows.push({ review_id: id, customer_id: v.id });
      helpfulById.set(id, row.helpful);
    }
  });
  await insertBatches(db, 'review_photos', photoRows);
  await insertBatches(db, 'review_votes', voteRows);
  // The helpful count is the number of votes: set from the vote rows, never separately.
  await sql`UPDATE reviews r SET helpful = v.n FROM (SELECT review_id, count(*)::int AS n FROM review_votes GROUP BY review_id) v
    WHERE v.review_id = r.id`.execute(db);
  await recountStats(db);
}
