import type { FastifyReply } from 'fastify';
import type { Density, DrawnFormat } from '../../schemas/images.ts';

// The store's images are drawn as SVG (schemas/images.ts says why pages ask for WebP). Rasterising costs tens of
// milliseconds, so each raster is made once per drawing and kept (bounded); requests for one still being made
// share it. The drawing itself is the key, not the image's path: a brand renamed or an offer retitled draws a new
// tile at the same path, which must not be answered with the old raster. The cache holds bytes derived from the
// catalogue, never state: any instance can make them again.

const CAP = 2_000;
const made = new Map<string, Buffer>();
const making = new Map<string, Promise<Buffer>>();
type Sharp = typeof import('sharp');
let sharpModule: Promise<Sharp> | null = null;

async function rasterise(svg: string, density: Density): Promise<Buffer> {
  // Loaded on first use: the native library costs start-up time a server that never rasterises need not pay.
  sharpModule ??= import('sharp').then((m) => m.default);
  const sharp = await sharpModule;
  // The drawing is vector: a 2x raster is drawn at twice the resolution (72 dpi is its own size), not upscaled.
  return sharp(Buffer.from(svg), { density: 72 * density })
    .webp({ quality: 82 })
    .toBuffer();
}

/** The WebP of `svg` at `density` (2: twice its pixels), made once per drawing while it stays in the bounded cache. */
export async function webpOf(svg: string, density: Density = 1): Promise<Buffer> {
  const key = `${density}${svg}`;
  const hit = made.get(key);
  if (hit) {
    made.delete(key);
    made.set(key, hit);
    return hit;
  }
  let pending = making.get(key);
  if (!pending) {
    pending = rasterise(svg, density).finally(() => making.delete(key));
    making.set(key, pending);
  }
  const bytes = await pending;
  made.set(key, bytes);
  while (made.size > CAP) made.delete(made.keys().next().value as string);
  return bytes;
}

/**
 * `file` of an image path as its id, view, density and format (`12.svg`, `12-3.webp`, `12@2x.webp`); null when it
 * names no image. Only rasters have a density: the drawing scales by itself.
 */
export function drawnFile(file: string, views = false): { id: number; view: number; density: Density; format: DrawnFormat } | null {
  const m = (views ? /^(\d{1,9})(?:-(\d))?(@2x)?\.(svg|webp)$/ : /^(\d{1,9})()(@2x)?\.(svg|webp)$/).exec(file);
  if (!m || (m[3] && m[4] !== 'webp')) return null;
  return { id: Number(m[1]), view: m[2] ? Number(m[2]) : 0, density: m[3] ? 2 : 1, format: m[4] as DrawnFormat };
}

/**
 * Sends a drawn image in the format asked for (404 when there is none). A raster that cannot be made (no image
 * library on this platform) is answered with the drawing itself, which every browser shows from its content type.
 */
export async function sendDrawn(
  reply: FastifyReply,
  image: { svg: string | null; format: DrawnFormat; density?: Density; cacheControl: string },
): Promise<FastifyReply> {
  if (image.svg === null) return reply.code(404).type('text/plain').send('Not found');
  reply.header('cache-control', image.cacheControl);
  if (image.format === 'webp') {
    try {
      return reply.type('image/webp').send(await webpOf(image.svg, image.density));
    } catch (error) {
      reply.log.warn({ err: error, image: reply.request.url }, 'could not rasterise a drawn image; sent the SVG');
    }
  }
  return reply.type('image/svg+xml').send(image.svg);
}
