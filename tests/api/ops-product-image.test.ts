import sharp from 'sharp';
import { PRODUCT_IMAGE_LIMITS, PRODUCT_IMAGE_MESSAGES } from '../../schemas/staff-catalogue.ts';
import { STAFF_FORBIDDEN } from '../../server/http/ops.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { signedInStaff } from './staff-fixtures.ts';

// A product's own image from the console (docs/decisions/019): the type from its bytes, resized to WebP squares,
// served as the product's first view, audited; anything else refused in words.

process.env.OUTBOX_WORKER = 'off';
delete process.env.OPS_TOKEN;

const send = (agent: Agent, productId: number, data: Buffer, type = 'image/png') =>
  agent.request({
    method: 'POST',
    url: `/api/ops/catalogue/products/${productId}/image`,
    ...multipartForm([{ name: 'file', filename: 'photo.png', type, data }]),
  });

describeBackends('operations console: product image', (ctx) => {
  test('an editor uploads a PNG: the first view of every variant shows it, at both sizes; audited', async () => {
    const t = ctx();
    const { db } = t.handle;
    const editor = await signedInStaff(t, 'catalogue');
    const variant = await db.selectFrom('variants').select(['id', 'product_id']).orderBy('id').offset(5).limit(1).executeTakeFirstOrThrow();
    const drawn = await t.agent().get(`/images/product/${variant.id}.webp`);
    expect(drawn.headers['cache-control']).toContain('immutable');

    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const res = await send(editor.agent, variant.product_id, png);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PRODUCT_IMAGE_MESSAGES.saved);
    expect(res.json().data.image_url).toMatch(/^\/images\/product\/\d+\.webp\?v=1$/);

    const shown = await t.agent().get(`/images/product/${variant.id}.webp`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('public, max-age=300');
    const meta = await sharp(shown.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
    // Fitted, not cropped: the middle is the photo's red, the top edge the white it was fitted on.
    const { data } = await sharp(shown.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3)];
    expect(at(200, 200)[0]).toBeGreaterThan(180);
    expect(at(200, 200)[1]).toBeLessThan(60);
    expect(at(200, 5)).toEqual([255, 255, 255]);
    const large = await t.agent().get(`/images/product/${variant.id}@2x.webp`);
    expect((await sharp(large.rawPayload).metadata()).width).toBe(PRODUCT_IMAGE_LIMITS.size);
    // Other views and the SVG stay drawn.
    expect((await t.agent().get(`/images/product/${variant.id}-1.webp`)).headers['cache-control']).toContain('immutable');

    // A replacement counts up; each is in the trail.
    const again = await send(editor.agent, variant.product_id, png);
    expect(again.json().data.image_url).toMatch(/\?v=2$/);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'product.image')
      .where('target', '=', `product:${variant.product_id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => (a.after as { version: number }).version)).toEqual([1, 2]);
    expect(audit[0]).toMatchObject({ staff_id: editor.id, before: null, after: { type: 'image/png', bytes: png.length } });
  });

  test('not an image, an SVG, a broken image, too large, no product, or no permission: refused, nothing stored', async () => {
    const t = ctx();
    const { db } = t.handle;
    const editor = await signedInStaff(t, 'catalogue');
    const variant = await db.selectFrom('variants').select(['id', 'product_id']).orderBy('id').offset(9).limit(1).executeTakeFirstOrThrow();
    const stored = async () =>
      (await db.selectFrom('product_images').select('product_id').where('product_id', '=', variant.product_id).execute()).length;

    const text = await send(editor.agent, variant.product_id, Buffer.from('sku,price\nA,1\n'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(PRODUCT_IMAGE_MESSAGES.type);
    const svg = await send(
      editor.agent,
      variant.product_id,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    );
    expect(svg.json().message).toBe(PRODUCT_IMAGE_MESSAGES.type);
    // A PNG signature over nothing a decoder can read.
    const broken = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
      Buffer.alloc(64),
    ]);
    const unreadable = await send(editor.agent, variant.product_id, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe(PRODUCT_IMAGE_MESSAGES.unreadable);
    const big = await send(editor.agent, variant.product_id, Buffer.alloc(PRODUCT_IMAGE_LIMITS.maxBytes + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(PRODUCT_IMAGE_MESSAGES.tooLarge);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    expect((await send(editor.agent, 999_999, png)).statusCode).toBe(404);
    const support = await signedInStaff(t, 'support');
    const denied = await send(support.agent, variant.product_id, png);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(STAFF_FORBIDDEN);
    expect(await stored()).toBe(0);
    expect((await t.agent().get(`/images/product/${variant.id}.webp`)).headers['cache-control']).toContain('immutable');
  });
});
