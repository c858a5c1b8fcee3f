import { type FormEvent, useEffect, useState } from 'react';
import { FOOD_TYPES } from '../../../../../schemas/catalogue-rules.ts';
import { FSSAI_LICENCE, NET_UNITS, NUTRIENTS, type NetUnit, type Nutrition } from '../../../../../schemas/declaration-rules.ts';
import type { StaffDeclarations } from '../../../../../schemas/declarations.ts';
import { type DeclarationsUpdateBody, productDeclarations, saveProductDeclarations } from '../../api-catalogue.ts';
import { css } from '../console-styles.ts';
import { ErrorLine, errorData, messageOf, Status, type StatusLine } from '../shared.tsx';

// A product's label declarations (docs/product-declarations.md), edited with the version the editor saw: the
// server refuses a stale edit (409) and the form then shows the current values (docs/decisions/019).

type Values = NonNullable<StaffDeclarations['values']>;
type Pack = { variant_id: number; label: string; net_quantity: string; net_unit: NetUnit; servings: string; best_before: string };

const EMPTY_NUTRITION = Object.fromEntries(NUTRIENTS.map((n) => [n.key, 0])) as Nutrition;
const blank = (food: Values['food_type']): Values => ({
  food_type: food,
  manufacturer_name: '',
  manufacturer_address: '',
  packer_name: null,
  packer_address: null,
  importer_name: null,
  importer_address: null,
  country_of_origin: 'India',
  customer_care_phone: '',
  customer_care_email: '',
  customer_care_address: '',
  fssai_licence: '',
  serving_size: '',
  serving_size_g: 1,
  shelf_life_months: null,
  ingredients: '',
  allergens: null,
  nutrition: EMPTY_NUTRITION,
});
const packsOf = (d: StaffDeclarations): Pack[] =>
  d.variants.map((v) => ({
    variant_id: v.variant_id,
    label: v.label,
    net_quantity: v.net_quantity === null ? '' : String(v.net_quantity),
    net_unit: v.net_unit ?? 'g',
    servings: v.servings === null ? '' : String(v.servings),
    best_before: v.best_before ?? '',
  }));

const TEXT_FIELDS: Array<{ key: keyof Values; label: string; long?: boolean; optional?: boolean }> = [
  { key: 'manufacturer_name', label: 'Manufacturer' },
  { key: 'manufacturer_address', label: 'Manufacturer address', long: true },
  { key: 'packer_name', label: 'Packer', optional: true },
  { key: 'packer_address', label: 'Packer address', long: true, optional: true },
  { key: 'importer_name', label: 'Importer', optional: true },
  { key: 'importer_address', label: 'Importer address', long: true, optional: true },
  { key: 'country_of_origin', label: 'Country of origin' },
  { key: 'customer_care_phone', label: 'Customer care phone' },
  { key: 'customer_care_email', label: 'Customer care email' },
  { key: 'customer_care_address', label: 'Customer care address', long: true },
  { key: 'fssai_licence', label: 'FSSAI licence number' },
  { key: 'serving_size', label: 'Serving size' },
  { key: 'ingredients', label: 'Ingredients', long: true },
  { key: 'allergens', label: 'Allergens', long: true, optional: true },
];

export function DeclarationsPanel({ products, canEdit }: { products: Array<{ id: number; name: string }>; canEdit: boolean }) {
  const [productId, setProductId] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<StaffDeclarations | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (productId === null) return;
    let live = true;
    setLoaded(null);
    setError('');
    productDeclarations(productId)
      .then((a) => live && setLoaded(a.data))
      .catch((e) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [productId]);
  return (
    <section aria-labelledby="ops-declarations" className={css.card}>
      <h2 id="ops-declarations" className={css.subheading}>
        Label declarations
      </h2>
      <p className={css.minor}>
        Maker, importer, net quantity, servings, best before, FSSAI licence, nutrition and ingredients, as the product page shows them.
      </p>
      <label className={css.field}>
        Declarations of
        <select
          className={css.input}
          value={productId ?? ''}
          onChange={(e) => setProductId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Choose a product</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <ErrorLine text={error} />
      {loaded && <DeclarationsForm key={`${loaded.product_id}:${loaded.version}`} initial={loaded} canEdit={canEdit} />}
    </section>
  );
}

function DeclarationsForm({ initial, canEdit }: { initial: StaffDeclarations; canEdit: boolean }) {
  const [version, setVersion] = useState(initial.version);
  const [values, setValues] = useState<Values>(initial.values ?? blank(initial.food_type));
  const [packs, setPacks] = useState<Pack[]>(packsOf(initial));
  const [status, setStatus] = useState<StatusLine>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setPack = (i: number, change: Partial<Pack>) => setPacks((all) => all.map((p, n) => (n === i ? { ...p, ...change } : p)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!FSSAI_LICENCE.test(values.fssai_licence.trim()))
      return setStatus({ kind: 'error', text: 'The FSSAI licence number is 14 digits.' });
    const declared = packs.filter((p) => p.net_quantity.trim() || p.servings.trim());
    const body: DeclarationsUpdateBody = {
      ...values,
      variants: declared.map((p) => ({
        variant_id: p.variant_id,
        net_quantity: Number(p.net_quantity),
        net_unit: p.net_unit,
        servings: Number(p.servings),
        best_before: p.best_before || null,
      })),
      expected_version: version,
    };
    try {
      const answer = await saveProductDeclarations(initial.product_id, body);
      setVersion(answer.data.version);
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      const current = errorData<{ current?: StaffDeclarations }>(e)?.current;
      if (current) {
        // Stale: show what is stored now, at its version, for the editor to check and save again.
        setVersion(current.version);
        setValues(current.values ?? blank(current.food_type));
        setPacks(packsOf(current));
      }
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  const text = (key: keyof Values) => {
    const v = values[key];
    return typeof v === 'string' ? v : '';
  };
  return (
    <form onSubmit={save} aria-label={`Declarations of ${initial.product_name}`} className={css.filters}>
      <label className={css.field}>
        Food mark
        <select
          className={css.input}
          value={values.food_type}
          disabled={!canEdit}
          onChange={(e) => set('food_type', e.target.value as Values['food_type'])}
        >
          {FOOD_TYPES.map((f) => (
            <option key={f} value={f}>
              {f === 'veg' ? 'Vegetarian (green)' : 'Non-vegetarian (brown)'}
            </option>
          ))}
        </select>
      </label>
      {TEXT_FIELDS.map((f) =>
        f.long ? (
          <label key={f.key} className={css.field}>
            {f.label}
            <textarea
              className={css.input}
              rows={2}
              value={text(f.key)}
              readOnly={!canEdit}
              onChange={(e) => set(f.key, (f.optional && !e.target.value ? null : e.target.value) as never)}
            />
          </label>
        ) : (
          <label key={f.key} className={css.field}>
            {f.label}
            <input
              className={css.input}
              value={text(f.key)}
              readOnly={!canEdit}
              onChange={(e) => set(f.key, (f.optional && !e.target.value ? null : e.target.value) as never)}
            />
          </label>
        ),
      )}
      <label className={css.field}>
        Serving mass (g)
        <input
          className={css.money}
          inputMode="decimal"
          value={String(values.serving_size_g)}
          readOnly={!canEdit}
          onChange={(e) => set('serving_size_g', Number(e.target.value))}
        />
      </label>
      <label className={css.field}>
        Shelf life (months from manufacture)
        <input
          className={css.money}
          inputMode="numeric"
          value={values.shelf_life_months === null ? '' : String(values.shelf_life_months)}
          readOnly={!canEdit}
          onChange={(e) => set('shelf_life_months', e.target.value ? Number(e.target.value) : null)}
        />
      </label>
      <fieldset className={css.filters}>
        <legend>Nutrition per 100 g</legend>
        {NUTRIENTS.map((n) => (
          <label key={n.key} className={css.field}>
            {n.label} ({n.unit})
            <input
              className={css.money}
              inputMode="decimal"
              value={String(values.nutrition[n.key])}
              readOnly={!canEdit}
              onChange={(e) => set('nutrition', { ...values.nutrition, [n.key]: Number(e.target.value) })}
            />
          </label>
        ))}
      </fieldset>
      {packs.map((p, i) => (
        <fieldset key={p.variant_id} className={css.filters}>
          <legend>Pack: {p.label || `variant ${p.variant_id}`}</legend>
          <label className={css.field}>
            Net quantity
            <input
              className={css.money}
              inputMode="decimal"
              value={p.net_quantity}
              readOnly={!canEdit}
              onChange={(e) => setPack(i, { net_quantity: e.target.value })}
            />
          </label>
          <label className={css.field}>
            Unit
            <select
              className={css.input}
              value={p.net_unit}
              disabled={!canEdit}
              onChange={(e) => setPack(i, { net_unit: e.target.value as NetUnit })}
            >
              {NET_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
          <label className={css.field}>
            Servings
            <input
              className={css.money}
              inputMode="numeric"
              value={p.servings}
              readOnly={!canEdit}
              onChange={(e) => setPack(i, { servings: e.target.value })}
            />
          </label>
          <label className={css.field}>
            Best before (batch in stock)
            <input
              className={css.input}
              type="date"
              value={p.best_before}
              readOnly={!canEdit}
              onChange={(e) => setPack(i, { best_before: e.target.value })}
            />
          </label>
        </fieldset>
      ))}
      {canEdit && (
        <button className={css.button} type="submit">
          Save declarations
        </button>
      )}
      <Status status={status} />
    </form>
  );
}
