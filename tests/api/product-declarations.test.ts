import { DECLARATION_MESSAGES, type DeclarationsInput, type StaffDeclarations } from '../../schemas/declarations.ts';
import { describeBackends } from '../helpers/app.ts';
import { signedInStaff } from './staff-fixtures.ts';

// A product's label declarations (docs/product-declarations.md): seeded for every food product, shown by the
// product call and the page's JSON-LD, edited by the catalogue role with an optimistic version and an audit entry
// (docs/decisions/019).

process.env.OUTBOX_WORKER = 'off';

describeBackends('product declarations', (ctx) => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
    );

  /** The first imported whey product's "1 kg" pack (a brand with an importer). */
  async function importedWhey() {
    return ctx()
      .handle.db.selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .innerJoin('importers as i', 'i.id', 'b.importer_id')
      .select(['p.id as pid', 'p.slug', 'v.id as vid', 'v.sale_price', 'i.name as importer', 'i.licence_no', 'b.country'])
      .where('c.slug', '=', 'whey-protein')
      .where('v.weight', '=', '1 kg')
      .where('v.pack_size', 'is', null)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
  }

  test('a whey product declares its maker, importer, FSSAI licence, nutrition and net quantity, with the green mark', async () => {
    const w = await importedWhey();
    const res = await ctx().agent().get(`/api/product-details/declarations?product_id=${w.pid}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.food_type).toBe('veg');
    expect(d.importer.name).toBe(w.importer);
    expect(d.fssai_licence).toBe(w.licence_no.replace(/\D/g, ''));
    expect(d.fssai_licence).toMatch(/^\d{14}$/);
    expect(d.manufacturer.name).toBeTruthy();
    expect(d.manufacturer.address).toBeTruthy();
    expect(d.customer_care).toMatchObject({ phone: expect.stringMatching(/^1800-/), email: expect.stringContaining('@') });
    expect(d.country_of_origin).not.toBe('India');
    // 33 g servings of a powder with 72.7 g protein per 100 g: 24 g protein a serving.
    expect(d.serving_size_g).toBe(33);
    expect(d.nutrition.per_100g.protein_g).toBe(72.7);
    expect(d.nutrition.per_serving.protein_g).toBe(24);
    expect(d.nutrition.per_serving.energy_kcal).toBe(128.7);
    const pack = d.variants.find((v: { variant_id: number }) => v.variant_id === w.vid);
    expect(pack).toMatchObject({ net_quantity: 1, net_unit: 'kg', base_quantity: { amount: 1000, unit: 'g' }, servings: 30 });
    // Derived from the price now: the price over 30 servings, and over 30 × 24 g of protein.
    expect(pack.price_per_serving).toBe(Math.round(w.sale_price / 30));
    expect(pack.price_per_protein_gram).toBe(Math.round(w.sale_price / 720));
    expect(d.shelf_life_months).toBe(18);
  });

  test('fish oil carries the brown mark; the shaker declares nothing; an unknown product is a 404', async () => {
    const { db } = ctx().handle;
    const fish = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select('p.id')
      .where('c.slug', '=', 'fish-oil')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const d = (await ctx().agent().get(`/api/product-details/declarations?product_id=${fish.id}`)).json().data;
    expect(d.food_type).toBe('non-veg');
    expect(d.variants[0].net_unit).toMatch(/capsules/);
    const shaker = await db.selectFrom('products').select('id').where('slug', '=', 'kasrat-shaker-bottle-700-ml').executeTakeFirstOrThrow();
    const none = await ctx().agent().get(`/api/product-details/declarations?product_id=${shaker.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
    expect((await ctx().agent().get('/api/product-details/declarations?product_id=999999999')).statusCode).toBe(404);
    expect((await ctx().agent().get('/api/product-details/declarations?product_id=abc')).statusCode).toBe(400);
  });

  test("the product page's JSON-LD carries manufacturer, country of origin, nutrition, weight and VegetarianDiet", async () => {
    const w = await importedWhey();
    const res = await ctx().app.inject({ method: 'GET', url: `/product/${w.slug}/?pId=${w.pid}&vId=${w.vid}` });
    const product = jsonLd(res.body).find((b) => b['@type'] === 'Product') as Record<string, Record<string, unknown>>;
    expect(product.manufacturer).toMatchObject({ '@type': 'Organization', name: expect.any(String), address: expect.any(String) });
    expect(product.countryOfOrigin).toMatchObject({ '@type': 'Country' });
    expect(product.nutrition).toMatchObject({ '@type': 'NutritionInformation', servingSize: '1 scoop (33 g)', proteinContent: '24 g' });
    expect(product.weight).toMatchObject({ '@type': 'QuantitativeValue', value: 1000, unitCode: 'GRM' });
    expect(product.suitableForDiet).toBe('https://schema.org/VegetarianDiet');
  });

  /** The form's values as they are, with `change` applied. */
  function edit(current: StaffDeclarations, change: Partial<DeclarationsInput>) {
    const values = current.values as NonNullable<StaffDeclarations['values']>;
    return {
      ...values,
      variants: current.variants.map((v) => ({
        variant_id: v.variant_id,
        net_quantity: v.net_quantity ?? 1,
        net_unit: v.net_unit ?? 'kg',
        servings: v.servings ?? 1,
        best_before: v.best_before,
      })),
      ...change,
      expected_version: current.version,
    };
  }

  test('the catalogue role edits declarations: versioned, audited, shown at once; a stale edit is a 409', async () => {
    const t = ctx();
    const w = await importedWhey();
    const editor = await signedInStaff(t, 'catalogue');
    const url = `/api/ops/catalogue/products/${w.pid}/declarations`;
    const seen = (await editor.agent.get(url)).json().data as StaffDeclarations;
    expect(seen.version).toBe(1);
    const body = edit(seen, {
      manufacturer_name: 'Test Maker Foods Pvt Ltd',
      country_of_origin: 'Ireland',
      variants: [{ variant_id: w.vid, net_quantity: 2, net_unit: 'lb', servings: 27, best_before: '2027-09-30' }],
    });
    const res = await editor.agent.post(url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(DECLARATION_MESSAGES.saved);
    expect(res.json().data.version).toBe(2);

    const d = (await t.agent().get(`/api/product-details/declarations?product_id=${w.pid}`)).json().data;
    expect(d.manufacturer.name).toBe('Test Maker Foods Pvt Ltd');
    expect(d.country_of_origin).toBe('Ireland');
    expect(d.variants.find((v: { variant_id: number }) => v.variant_id === w.vid)).toMatchObject({
      net_quantity_label: '2 lb (907 g)',
      base_quantity: { amount: 907, unit: 'g' },
      servings: 27,
      best_before: '2027-09-30',
    });

    // A second editor who opened version 1 is told, and nothing of theirs is written.
    const late = await editor.agent.post(url, { ...body, manufacturer_name: 'Late Editor Ltd' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DECLARATION_MESSAGES.stale);
    expect(late.json().data.current.version).toBe(2);
    const stored = await t.handle.db
      .selectFrom('product_declarations')
      .select(['manufacturer_name', 'version'])
      .where('product_id', '=', w.pid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ manufacturer_name: 'Test Maker Foods Pvt Ltd', version: 2 });

    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    const entry = trail.find((e) => e.action === 'product.declarations' && e.target === `product:${w.pid}`) as {
      actor: string;
      before: { version: number; values: { manufacturer_name: string } };
      after: { version: number; values: { manufacturer_name: string } };
    };
    expect(entry.actor).toBe(`staff:${editor.id}`);
    expect(entry.before.version).toBe(1);
    expect(entry.after).toMatchObject({ version: 2, values: { manufacturer_name: 'Test Maker Foods Pvt Ltd' } });
  });

  test('only the catalogue role (and the owner) may edit; a bad FSSAI licence and bad packs are 400s', async () => {
    const t = ctx();
    const w = await importedWhey();
    const url = `/api/ops/catalogue/products/${w.pid}/declarations`;
    const editor = await signedInStaff(t, 'catalogue');
    const seen = (await editor.agent.get(url)).json().data as StaffDeclarations;
    const body = edit(seen, { ingredients: 'Whey protein concentrate (milk).' });
    for (const role of ['fulfilment', 'support', 'marketing'] as const) {
      const other = await signedInStaff(t, role);
      expect((await other.agent.get(url)).statusCode).toBe(200);
      expect((await other.agent.post(url, body)).statusCode).toBe(403);
    }
    expect((await t.agent().post(url, body)).statusCode).toBe(401);

    for (const fssai_licence of ['1234567890123', '123456789012345', 'FSSAI-10019011', '1001901100012a']) {
      const bad = await editor.agent.post(url, { ...body, fssai_licence });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(DECLARATION_MESSAGES.fssai);
    }
    const otherVariant = await t.handle.db.selectFrom('variants').select('id').where('product_id', '!=', w.pid).executeTakeFirstOrThrow();
    const foreign = await editor.agent.post(url, {
      ...body,
      variants: [{ variant_id: otherVariant.id, net_quantity: 1, net_unit: 'kg', servings: 30, best_before: null }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(DECLARATION_MESSAGES.unknownVariant);
    for (const wrong of [{ net_unit: 'stone' }, { net_quantity: 0 }, { servings: 1.5 }, { best_before: '31-12-2027' }]) {
      const res = await editor.agent.post(url, { ...body, variants: [{ ...body.variants[0], ...wrong }] });
      expect(res.statusCode).toBe(400);
    }
    expect((await editor.agent.post(url, { ...body, importer_address: null })).statusCode).toBe(400);
    expect((await editor.agent.post(url, { ...body, serving_size_g: 0.001 })).statusCode).toBe(400);
    expect((await editor.agent.post(url, { ...body, customer_care_email: 'not an email' })).statusCode).toBe(400);
    expect((await editor.agent.post(url, { ...body, expected_version: -1 })).statusCode).toBe(400);
    expect((await editor.agent.post('/api/ops/catalogue/products/999999999/declarations', body)).statusCode).toBe(404);

    const ok = await editor.agent.post(url, body);
    expect(ok.statusCode).toBe(200);
    const owner = await signedInStaff(t, 'owner');
    const again = await owner.agent.post(url, { ...body, expected_version: ok.json().data.version });
    expect(again.statusCode).toBe(200);
  });
});
