import { formatUnitPrice, NUTRIENTS, pricePerProteinGram, pricePerServing } from '../../../../schemas/declaration-rules.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { declarationsResource } from '../resources.ts';
import { formatDay } from '../../../../schemas/dates.ts';
import { FoodMarker } from './FoodMarker.tsx';
import * as catalogueCss from './catalogue.css.ts';
import * as css from './ProductDetails.css.ts';

// The product page's "Product details" (docs/product-declarations.md): every declaration of the label, for the
// pack shown, and the nutrition table per serving and per 100 g. Server-rendered with the page (its loader preloads
// them); each part reads the one cached answer, so its arrival redraws these parts, not the page. A product that
// declares nothing (not food), or a failed call, shows neither part.

const useDeclarations = (productId: number) => {
  const def = declarationsResource(productId);
  return useResource(def.key, def.load).data ?? null;
};

/** '2027-03-31' → '31 Mar 2027' (read as UTC, so no time zone moves the day). */
const calendarDay = (iso: string): string => formatDay(new Date(`${iso}T00:00:00Z`), 'UTC') || iso;
const amount = (n: number) => String(Number(n.toFixed(1)));

/** Price per serving, and per gram of protein where a serving has protein, for the price shown. */
export function ServingPrice({ productId, variantId, price }: { productId: number; variantId: number; price: number }) {
  const declarations = useDeclarations(productId);
  const pack = declarations?.variants.find((v) => v.variant_id === variantId);
  if (!declarations || !pack) return null;
  const serving = pricePerServing(price, pack.servings);
  const protein = pricePerProteinGram(price, pack.servings, declarations.nutrition.per_serving.protein_g);
  if (serving === null) return null;
  return (
    <p className={css.perServing} data-testid="price-per-serving">
      {formatUnitPrice(serving)} per serving{protein !== null && <> · {formatUnitPrice(protein)} per g of protein</>}
    </p>
  );
}

export function ProductDetails({ productId, variantId }: { productId: number; variantId: number }) {
  const d = useDeclarations(productId);
  if (!d) return null;
  const pack = d.variants.find((v) => v.variant_id === variantId);
  const veg = d.food_type === 'veg';
  return (
    <section className={catalogueCss.section} aria-labelledby="pdp-details" data-testid="product-details">
      <h2 id="pdp-details" className={catalogueCss.sectionTitle}>
        Product details
      </h2>
      <dl className={css.facts}>
        <dt>Food type</dt>
        <dd className={css.mark} data-testid="declared-food">
          <FoodMarker value={d.food_type} />
          {veg ? 'Vegetarian' : 'Non-vegetarian'}
        </dd>
        {pack && (
          <>
            <dt>Net quantity</dt>
            <dd data-testid="declared-net-quantity">{pack.net_quantity_label}</dd>
            <dt>Servings per pack</dt>
            <dd data-testid="declared-servings">
              {pack.servings} servings of {d.serving_size}
            </dd>
          </>
        )}
        {!pack && (
          <>
            <dt>Serving size</dt>
            <dd data-testid="declared-serving-size">{d.serving_size}</dd>
          </>
        )}
        {(pack?.best_before || d.shelf_life_months) && (
          <>
            <dt>Best before</dt>
            <dd data-testid="declared-best-before">
              {pack?.best_before
                ? `${calendarDay(pack.best_before)} (the batch in stock)`
                : `${d.shelf_life_months} months from the date of manufacture`}
            </dd>
          </>
        )}
        <dt>Country of origin</dt>
        <dd data-testid="declared-origin">{d.country_of_origin}</dd>
        <dt>Manufactured by</dt>
        <dd data-testid="declared-manufacturer">
          {d.manufacturer.name}, {d.manufacturer.address}
        </dd>
        {d.packer && (
          <>
            <dt>Packed by</dt>
            <dd data-testid="declared-packer">
              {d.packer.name}, {d.packer.address}
            </dd>
          </>
        )}
        {d.importer && (
          <>
            <dt>Imported by</dt>
            <dd data-testid="declared-importer">
              {d.importer.name}, {d.importer.address}
            </dd>
          </>
        )}
        <dt>FSSAI licence no.</dt>
        <dd data-testid="declared-fssai">{d.fssai_licence}</dd>
        <dt>Customer care</dt>
        <dd data-testid="declared-care">
          <a href={`tel:${d.customer_care.phone.replace(/[^\d+]/g, '')}`}>{d.customer_care.phone}</a>
          {' · '}
          <a href={`mailto:${d.customer_care.email}`}>{d.customer_care.email}</a>
          <br />
          {d.customer_care.address}
        </dd>
        <dt>Ingredients</dt>
        <dd data-testid="declared-ingredients">{d.ingredients}</dd>
        {d.allergens && (
          <>
            <dt>Allergens</dt>
            <dd data-testid="declared-allergens">{d.allergens}</dd>
          </>
        )}
      </dl>
      <table className={css.table} data-testid="nutrition-table">
        <caption>Nutrition information</caption>
        <thead>
          <tr>
            <th scope="col">Nutrient</th>
            <th scope="col">Per serving ({d.serving_size})</th>
            <th scope="col">Per 100 g</th>
          </tr>
        </thead>
        <tbody>
          {NUTRIENTS.map((n) => (
            <tr key={n.key} data-nutrient={n.key}>
              <th scope="row">{n.label}</th>
              <td>
                {amount(d.nutrition.per_serving[n.key])} {n.unit}
              </td>
              <td>
                {amount(d.nutrition.per_100g[n.key])} {n.unit}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
