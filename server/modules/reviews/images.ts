import type { Db } from '../../db/database.ts';
import { escapeXml } from '../../http/escape.ts';
import { productSvg } from '../system/index.ts';

// Seeded review photos are drawn here, like product images (no binary assets, no network): the product's pack
// on a table top, the angle and light picked by the photo's hue so no two look alike.

export function reviewPhotoSvg(opts: { brand: string; name: string; label: string; hue: number; photoHue: number }): string {
  const { photoHue } = opts;
  const pack = productSvg({ brand: opts.brand, name: opts.name, label: opts.label, hue: opts.hue, view: 0 })
    .replace(' width="400" height="400"', ' x="70" y="40" width="260" height="260"')
    .replace(/ role="img" aria-label="[^"]*"/, '');
  const tilt = (photoHue % 21) - 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(`Shopper photo of ${opts.name}`)}">
<rect width="400" height="400" fill="hsl(${photoHue} 25% 82%)"/>
<rect y="250" width="400" height="150" fill="hsl(${(photoHue + 30) % 360} 35% 45%)"/>
<ellipse cx="200" cy="300" rx="120" ry="18" fill="rgba(0,0,0,.18)"/>
<g transform="rotate(${tilt} 200 200)">${pack}</g>
</svg>`;
}

/** The drawing of a seeded photo (no upload) of a published review, or null: what else shows stays private. */
export async function seededReviewPhoto(db: Db, photoId: number): Promise<string | null> {
  const row = await db
    .selectFrom('review_photos as rp')
    .innerJoin('reviews as r', 'r.id', 'rp.review_id')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select((eb) => [
      'rp.hue',
      'p.name',
      'b.name as brand',
      eb
        .selectFrom('variants as v')
        .select(['v.image_hue'])
        .whereRef('v.product_id', '=', 'p.id')
        .orderBy('v.is_default', 'desc')
        .orderBy('v.position')
        .limit(1)
        .as('image_hue'),
    ])
    .where('rp.id', '=', photoId)
    .where('rp.upload_id', 'is', null)
    .where('r.status', '=', 'published')
    .executeTakeFirst();
  return row ? reviewPhotoSvg({ brand: row.brand, name: row.name, label: '', hue: row.image_hue ?? 120, photoHue: row.hue }) : null;
}
