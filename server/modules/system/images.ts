import type { Db } from '../../db/database.ts';
import { escapeXml } from '../../http/escape.ts';

// Product and banner images are drawn here from catalogue data: no network, no binary assets in the repo.

export function productSvg(opts: { brand: string; name: string; label: string; hue: number; view: number }): string {
  const { brand, name, label, hue, view } = opts;
  const words = name.replace(brand, '').trim().split(/\s+/);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && `${last} ${w}`.length <= 14) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const tilt = view % 2 === 0 ? 0 : -6;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(name)}">
<rect width="400" height="400" fill="hsl(${hue} 30% 95%)"/>
<g transform="rotate(${tilt} 200 220)">
<rect x="110" y="70" width="180" height="34" rx="8" fill="hsl(${hue} 20% 22%)"/>
<rect x="95" y="98" width="210" height="250" rx="26" fill="hsl(${hue} 65% 42%)"/>
<rect x="95" y="150" width="210" height="120" fill="hsl(${hue} 70% 96%)"/>
<text x="200" y="136" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(brand.toUpperCase())}</text>
${lines
  .slice(0, 3)
  .map(
    (l, i) =>
      `<text x="200" y="${184 + i * 28}" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="hsl(${hue} 60% 25%)" text-anchor="middle">${escapeXml(l)}</text>`,
  )
  .join('\n')}
<text x="200" y="318" font-family="Arial, sans-serif" font-size="18" fill="#fff" text-anchor="middle">${escapeXml(label)}</text>
</g></svg>`;
}

/** What a product image is drawn from: the variant, its product and brand, and the version of an uploaded image. */
export async function productImageOf(db: Db, variantId: number) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('product_images as pi', 'pi.product_id', 'p.id')
    .select(['p.id as product_id', 'p.name', 'b.name as brand', 'v.weight', 'v.flavour', 'v.pack_size', 'v.image_hue', 'pi.version'])
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}

/** The bytes of a product's uploaded image at one density (migration 260), or null without one. */
export async function uploadedProductImage(db: Db, productId: number, density: 1 | 2): Promise<Uint8Array | null> {
  const column = density === 2 ? 'image_2x' : 'image_1x';
  const image = await db.selectFrom('product_images').select(column).where('product_id', '=', productId).executeTakeFirst();
  return image ? (image as Record<typeof column, Uint8Array>)[column] : null;
}
