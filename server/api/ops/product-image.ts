import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { PRODUCT_IMAGE_LIMITS, PRODUCT_IMAGE_MESSAGES } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest, NotFound } from '../../http/errors.ts';
import { saveProductImage } from '../../modules/catalogue/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// A product's own image from the console (docs/decisions/019). The type comes from the bytes (file-type), as for
// every upload (server/modules/uploads); sharp then decodes it, turns it upright, fits it on a white square and
// writes WebP at the product image's two sizes, so what is stored is always an image we made, never the bytes sent.

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp'];
/** A decompression bomb (a small file of enormous dimensions) is refused before it is decoded. */
const MAX_PIXELS = 40_000_000;

type Sharp = typeof import('sharp');
let sharpModule: Promise<Sharp> | null = null;

async function squareWebp(bytes: Buffer, size: number): Promise<Buffer> {
  sharpModule ??= import('sharp').then((m) => m.default);
  const sharp = await sharpModule;
  return sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(size, size, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .webp({ quality: 82 })
    .toBuffer();
}

/** Checks and resizes `bytes`, stores them as the product's image and records who did it, in one transaction. */
export async function setProductImage(db: Db, req: FastifyRequest, productId: number, bytes: Buffer): Promise<{ version: number }> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPT.includes(detected.mime)) throw new BadRequest(PRODUCT_IMAGE_MESSAGES.type);
  let sizes: [Buffer, Buffer];
  try {
    sizes = await Promise.all([squareWebp(bytes, PRODUCT_IMAGE_LIMITS.size / 2), squareWebp(bytes, PRODUCT_IMAGE_LIMITS.size)]);
  } catch {
    throw new BadRequest(PRODUCT_IMAGE_MESSAGES.unreadable);
  }
  const staffId = req.opsActor?.kind === 'staff' ? req.opsActor.staff.id : null;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
    if (!product) throw new NotFound(`No product ${productId}.`);
    const before = await trx
      .selectFrom('product_images')
      .select(['version', 'sha256'])
      .where('product_id', '=', productId)
      .executeTakeFirst();
    const row = await saveProductImage(trx, {
      product_id: productId,
      image_1x: sizes[0],
      image_2x: sizes[1],
      source_type: detected.mime,
      sha256,
      staff_id: staffId,
    });
    await recordAudit(trx, req, {
      action: 'product.image',
      target: `product:${productId}`,
      before: before ? { version: before.version, sha256: before.sha256 } : null,
      after: { version: row.version, sha256, type: detected.mime, bytes: bytes.length },
    });
    return { version: row.version };
  });
}
