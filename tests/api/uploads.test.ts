import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { fail } from '../../server/http/envelope.ts';
import { AppError } from '../../server/http/errors.ts';
import { receiveFiles, storeUpload, type UploadPurpose } from '../../server/modules/uploads/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { JPEG, multipartForm, PNG } from '../helpers/multipart.ts';
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
      const { files, fields } = await receiveFiles(req, purpose);
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

  test('a review photo is public', async () => {
    const stored = await storeUpload(db(), { customerId: null, purpose: 'review_photo', bytes: PNG });
    const res = await ctx().agent().get(stored.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});
