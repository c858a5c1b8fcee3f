import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { drawnFile, sendDrawn } from '../../http/drawn-image.ts';
import { parse } from '../../http/validate.ts';
import { productImageOf, productSvg, uploadedProductImage } from '../../modules/system/index.ts';

// Product and banner images, drawn by the system module from catalogue data (no binary assets in the repo).

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
      const row = await productImageOf(db, variantId);
      // A product with its own image (uploaded in the console, migration 260) shows it as its first view. Same address
      // as the drawing, so it is cached briefly, not for a year: a replaced image shows within minutes.
      if (row?.version != null && view === 0 && file.format === 'webp') {
        const image = await uploadedProductImage(db, row.product_id, file.density);
        if (image)
          return reply
            .header('cache-control', 'public, max-age=300')
            .header('etag', `"pi-${row.product_id}-${row.version}-${file.density}"`)
            .type('image/webp')
            .send(Buffer.from(image));
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
