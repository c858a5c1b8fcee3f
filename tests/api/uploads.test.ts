import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { fail } from '../../server/http/envelope.ts';
import { AppError } from '../../server/http/errors.ts';
import { sql } from 'kysely';
import {
  deleteUnattached,
  receiveFiles,
  storeUpload,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  type UploadPurpose,
} from '../../server/modules/uploads/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { JPEG, multipartForm, PNG } from '../helpers/multipart.ts';
import { advance, createOrder, orderableVariants } from '../helpers/orders.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

// Files that are not what their names say (PNG and JPEG, the accepted kinds, come with the multipart builder).
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(128)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describeBackends('uploads', (ctx) => {
  const db = () => ctx().handle.db;

  // A bare app with the same multipart set-up, answering what receiveFiles + storeUpload make of a request.
  async function uploader(purpose: UploadPurpose, customerId: number | null) {
    const app = Fastify();
    await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 } });
    app.setErrorHandler((error, _req, reply) =>
      error instanceof AppError ? reply.code(error.httpStatus).send(fail(error.message)) : reply.code(500).send(fail('boom')),
    );
    app.post('/upload', async (req) => {
      const { files, fields } = await receiveFiles(req, purpose, { db: db(), customerId: customerId ?? 0 });
      const stored = [];
      for (const f of files) stored.push(await storeUpload(db(), { customerId, purpose, bytes: f.bytes }));
      return { stored, fields };
    });
    await app.ready();
    return app;
  }

  test('an image is stored with the type read from its bytes, whatever its name says', async () => {
    const app = await uploader('return_media', 1);
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipartForm([
        { name: 'file', filename: 'photo.gif', type: 'image/gif', data: PNG },
        { name: 'note', data: 'box dented' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stored).toHaveLength(1);
    expect(body.stored[0]).toMatchObject({ content_type: 'image/png', size: PNG.length });
    expect(body.fields).toEqual({ note: 'box dented' });
    await app.close();
  });

  test.each([
    ['an .exe renamed .jpg', EXE, 'invoice.jpg', 'image/jpeg'],
    ['an SVG with a script', SVG, 'photo.svg', 'image/svg+xml'],
    ['an HTML page named .png', HTML, 'photo.png', 'image/png'],
  ])('%s is refused with a clear message and nothing is stored', async (_label, data, filename, type) => {
    const before = await db().selectFrom('uploads').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const app = await uploader('review_photo', 1);
    const res = await app.inject({ method: 'POST', url: '/upload', ...multipartForm([{ name: 'file', filename, type, data }]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This file type is not accepted. Please upload JPEG, PNG, WEBP files.');
    const after = await db().selectFrom('uploads').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    await app.close();
  });

  test('a file over the purpose cap gets 413 with the limit in the message', async () => {
    const app = await uploader('return_media', 1);
    const big = Buffer.concat([JPEG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipartForm([{ name: 'file', filename: 'big.jpg', type: 'image/jpeg', data: big }]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large: the limit is 5 MB.');
    await app.close();
  });

  test('more files than the purpose allows are refused', async () => {
    const app = await uploader('help_attachment', 1);
    const files = Array.from({ length: 4 }, (_, i) => ({ name: 'file', filename: `a${i}.png`, type: 'image/png', data: PNG }));
    const res = await app.inject({ method: 'POST', url: '/upload', ...multipartForm(files) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please upload at most 3 files.');
    await app.close();
  });

  test('a JSON body where a file is expected is a 400, not a 500', async () => {
    const app = await uploader('return_media', 1);
    const res = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send the file as multipart/form-data.');
    await app.close();
  });

  test('a private upload is served only to its owner, with its detected type and nosniff; others get 404', async () => {
    const owner = await createCustomer(db());
    const other = await createCustomer(db());
    const stored = await storeUpload(db(), { customerId: owner, purpose: 'return_media', bytes: JPEG });
    const mine = ctx().agent();
    await signInDirectly(db(), mine, owner);
    const res = await mine.get(stored.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(res.rawPayload).equals(JPEG)).toBe(true);

    const theirs = ctx().agent();
    await signInDirectly(db(), theirs, other);
    expect((await theirs.get(stored.url)).statusCode).toBe(404);
    expect((await ctx().agent().get(stored.url)).statusCode).toBe(404);
    expect((await ctx().agent().get('/api/uploads/not-an-id')).statusCode).toBe(400);
  });

  const count = async (customerId: number) =>
    Number(
      (
        await db()
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const png = (n: number) => Array.from({ length: n }, (_, i) => ({ name: 'file', filename: `p${i}.png`, type: 'image/png', data: PNG }));

  test('per-customer rate: files per hour are counted in the database, and the next call is refused with 429', async () => {
    const customer = await createCustomer(db());
    const app = await uploader('review_photo', customer);
    for (let i = 0; i < UPLOAD_LIMITS.filesPerHour - 1; i++)
      await storeUpload(db(), { customerId: customer, purpose: 'review_photo', bytes: PNG });
    // One file left this hour: two in one call are refused, one passes, then nothing does.
    const two = await app.inject({ method: 'POST', url: '/upload', ...multipartForm(png(2)) });
    expect(two.statusCode).toBe(429);
    expect(two.json().message).toBe(UPLOAD_MESSAGES.tooMany);
    expect((await app.inject({ method: 'POST', url: '/upload', ...multipartForm(png(1)) })).statusCode).toBe(200);
    const over = await app.inject({ method: 'POST', url: '/upload', ...multipartForm(png(1)) });
    expect(over.statusCode).toBe(429);
    expect(await count(customer)).toBe(UPLOAD_LIMITS.filesPerHour);
    // Stored over an hour ago, they no longer count against the hour.
    await db()
      .updateTable('uploads')
      .set({ created_at: sql<Date>`now() - interval '2 hours'` })
      .where('customer_id', '=', customer)
      .execute();
    expect((await app.inject({ method: 'POST', url: '/upload', ...multipartForm(png(1)) })).statusCode).toBe(200);
    await app.close();
  });

  test('per-customer quota: bytes per day, refused once spent, and a file that would pass it is cut off in the stream', async () => {
    const customer = await createCustomer(db());
    const app = await uploader('review_photo', customer);
    const stored = await storeUpload(db(), { customerId: customer, purpose: 'review_photo', bytes: PNG });
    // Today's usage is read from the sizes on file: leave 1 MB.
    await db()
      .updateTable('uploads')
      .set({ size: UPLOAD_LIMITS.bytesPerDay - 1024 * 1024 })
      .where('id', '=', stored.id)
      .execute();
    const twoMb = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const big = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipartForm([{ name: 'file', filename: 'a.png', type: 'image/png', data: twoMb }]),
    });
    expect(big.statusCode).toBe(429);
    expect(big.json().message).toBe(UPLOAD_MESSAGES.quota);
    expect((await app.inject({ method: 'POST', url: '/upload', ...multipartForm(png(1)) })).statusCode).toBe(200);
    await db().updateTable('uploads').set({ size: UPLOAD_LIMITS.bytesPerDay }).where('id', '=', stored.id).execute();
    const spent = await app.inject({ method: 'POST', url: '/upload', ...multipartForm(png(1)) });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toBe(UPLOAD_MESSAGES.quota);
    expect(await count(customer)).toBe(2);
    await app.close();
  });

  test('one call reads at most bytesPerCall in all files together: past it the stream is refused, nothing stored', async () => {
    const customer = await createCustomer(db());
    const app = await uploader('review_photo', customer);
    // Each file is under its own 5 MB cap; three of them are not under one call's 10 MB.
    const fourMb = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    const files = [0, 1, 2].map((i) => ({ name: 'file', filename: `big${i}.png`, type: 'image/png', data: fourMb }));
    const res = await app.inject({ method: 'POST', url: '/upload', ...multipartForm(files) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.callTooLarge);
    expect(await count(customer)).toBe(0);
    await app.close();
  });

  test('upload calls per hour are counted too, failed ones included', async () => {
    const customer = await createCustomer(db());
    const app = await uploader('review_photo', customer);
    let last = 0;
    for (let i = 0; i <= UPLOAD_LIMITS.callsPerHour; i++)
      last = (
        await app.inject({
          method: 'POST',
          url: '/upload',
          ...multipartForm([{ name: 'file', filename: 'x.png', type: 'image/png', data: 'not an image' }]),
        })
      ).statusCode;
    expect(last).toBe(429);
    await app.close();
  }, 120_000);

  test('return photos: a cap per shipment from the first photo, not only when the return is submitted', async () => {
    const customer = await createCustomer(db());
    const agent = ctx().agent();
    await signInDirectly(db(), agent, customer);
    const [v] = await orderableVariants(db());
    const order = await createOrder(db(), {
      customerId: customer,
      paymentMethod: 1,
      shipments: [{ lines: [{ variantId: v.id, quantity: 1 }] }],
    });
    const s = order.shipments[0];
    await advance(db(), s.shipmentNumber, 'delivered');
    const photo = () =>
      agent.request({
        method: 'POST',
        url: '/api/order/return-shipment-media',
        ...multipartForm([
          { name: 'shipmentId', data: s.shipmentNumber },
          { name: 'file', filename: 'box.png', type: 'image/png', data: PNG },
        ]),
      });
    for (let i = 0; i < 5; i++) expect((await photo()).statusCode).toBe(200);
    const sixth = await photo();
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toMatch(/already has 5 photos/);
    expect(await count(customer)).toBe(5);
  });

  test('the clean-up deletes uploads nothing took after 24 hours, and keeps those a return, review or ticket took', async () => {
    const customer = await createCustomer(db());
    const up = () => storeUpload(db(), { customerId: customer, purpose: 'help_attachment', bytes: PNG });
    const [fresh, loose, ticketed, reviewed] = [await up(), await up(), await up(), await up()];
    const review = await db().selectFrom('reviews').select('id').limit(1).executeTakeFirstOrThrow();
    await db().insertInto('review_photos').values({ review_id: review.id, upload_id: reviewed.id }).execute();
    const reason = await db().selectFrom('support_reasons').select('id').where('channel', '=', 'email').limit(1).executeTakeFirstOrThrow();
    await db()
      .insertInto('support_tickets')
      .values({
        reference: `KSP-T${customer}`,
        customer_id: customer,
        channel: 'email',
        reason_id: reason.id,
        contact: 'x@kasrat.test',
        message: 'hello',
        attachments: JSON.stringify([ticketed.public_id]),
      })
      .execute();
    // A return photo counts as taken once its return is submitted; one still waiting is not.
    const [v] = await orderableVariants(db());
    const order = await createOrder(db(), {
      customerId: customer,
      paymentMethod: 1,
      shipments: [{ lines: [{ variantId: v.id, quantity: 1 }] }],
    });
    const shipment = await db()
      .selectFrom('shipments')
      .select('id')
      .where('shipment_number', '=', order.shipments[0].shipmentNumber)
      .executeTakeFirstOrThrow();
    const waiting = await up();
    await db().insertInto('return_media').values({ upload_id: waiting.id, shipment_id: shipment.id }).execute();
    await db()
      .updateTable('uploads')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('id', 'in', [loose.id, ticketed.id, reviewed.id, waiting.id])
      .execute();
    await db().updateTable('uploads').set({ created_at: sql<Date>`now() - interval '23 hours'` }).where('id', '=', fresh.id).execute();
    expect(await deleteUnattached(db(), UPLOAD_LIMITS.unattachedHours)).toBe(2);
    const left = (await db().selectFrom('uploads').select('id').where('customer_id', '=', customer).execute())
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(left).toEqual([fresh.id, ticketed.id, reviewed.id].sort((a, b) => a - b));
    expect(
      await db().selectFrom('return_media').select('upload_id').where('upload_id', '=', waiting.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
