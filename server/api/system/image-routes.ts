import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { drawnFile, sendDrawn } from '../../http/drawn-image.ts';
import { parse } from '../../http/validate.ts';
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

const ImageParams = z.object({ variantId: z.coerce.number().int().positive(), view: z.coerce.number().int().min(0).max(9).default(0) });

export async function imageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // /images/product/{variantId}.{svg,webp} and /images/product/{variantId}-{view}.{svg,webp} (gallery views).
  app.get<{ Params: { file: string } }>(
    '/images/product/:file',
    { schema: { summary: 'A product image, resized to the requested width', operationId: 'getProductImage' } },
    async (req, reply) => {
      const file = drawnFile(req.params.file, true);
      if (!file) return reply.code(404).type('text/plain').send('Not found');
      const { variantId, view } = parse(ImageParams, { variantId: file.id, view: file.view });
      const row = await db
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .innerJoin('brands as b', 'b.id', 'p.brand_id')
        .leftJoin('product_images as pi', 'pi.product_id', 'p.id')
        .select(['p.id as product_id', 'p.name', 'b.name as brand', 'v.weight', 'v.flavour', 'v.pack_size', 'v.image_hue', 'pi.version'])
        .where('v.id', '=', variantId)
        .executeTakeFirst();
      // A product with its own image (uploaded in the console, migration 260) shows it as its first view. Same address
      // as the drawing, so it is cached briefly, not for a year: a replaced image shows within minutes.
      if (row?.version != null && view === 0 && file.format === 'webp') {
        const column = file.density === 2 ? 'image_2x' : 'image_1x';
        const image = await db.selectFrom('product_images').select(column).where('product_id', '=', row.product_id).executeTakeFirst();
        if (image)
          return reply
            .header('cache-control', 'public, max-age=300')
            .header('etag', `"pi-${row.product_id}-${row.version}-${file.density}"`)
            .type('image/webp')
            .send(Buffer.from((image as Record<typeof column, Uint8Array>)[column]));
      }
      const label = row ? [row.weight, row.flavour].filter(Boolean).join(' · ') || row.pack_size || '' : '';
      return sendDrawn(reply, {
        svg: row ? productSvg({ brand: row.brand, name: row.name, label, hue: (row.image_hue + view * 40) % 360, view }) : null,
        format: file.format,
        density: file.density,
        cacheControl: 'public, max-age=31536000, immutable',
      });
    },
  );
}
