import type { FastifyReply } from 'fastify';
import type { DrawnFormat } from '../../schemas/images.ts';

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

async function rasterise(svg: string): Promise<Buffer> {
  // Loaded on first use: the native library costs start-up time a server that never rasterises need not pay.
  sharpModule ??= import('sharp').then((m) => m.default);
  const sharp = await sharpModule;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}

/** The WebP of `svg`, made once per drawing while it stays in the bounded cache. */
export async function webpOf(svg: string): Promise<Buffer> {
  const hit = made.get(svg);
  if (hit) {
    made.delete(svg);
    made.set(svg, hit);
    return hit;
  }
  let pending = making.get(svg);
  if (!pending) {
    pending = rasterise(svg).finally(() => making.delete(svg));
    making.set(svg, pending);
  }
  const bytes = await pending;
  made.set(svg, bytes);
  while (made.size > CAP) made.delete(made.keys().next().value as string);
  return bytes;
}

/** `file` of an image path as its id, view and format (`12.svg`, `12-3.webp`); null when it names no image. */
export function drawnFile(file: string, views = false): { id: number; view: number; format: DrawnFormat } | null {
  const m = (views ? /^(\d{1,9})(?:-(\d))?\.(svg|webp)$/ : /^(\d{1,9})()\.(svg|webp)$/).exec(file);
  if (!m) return null;
  return { id: Number(m[1]), view: m[2] ? Number(m[2]) : 0, format: m[3] as DrawnFormat };
}

/**
 * Sends a drawn image in the format asked for (404 when there is none). A raster that cannot be made (no image
 * library on this platform) is answered with the drawing itself, which every browser shows from its content type.
 */
export async function sendDrawn(
  reply: FastifyReply,
  image: { svg: string | null; format: DrawnFormat; cacheControl: string },
): Promise<FastifyReply> {
  if (image.svg === null) return reply.code(404).type('text/plain').send('Not found');
  reply.header('cache-control', image.cacheControl);
  if (image.format === 'webp') {
    try {
      return reply.type('image/webp').send(await webpOf(image.svg));
    } catch (error) {
      reply.log.warn({ err: error, image: reply.request.url }, 'could not rasterise a drawn image; sent the SVG');
    }
  }
  return reply.type('image/svg+xml').send(image.svg);
}
