import Fastify from 'fastify';

// Rasterising a drawing costs tens of milliseconds: made once per drawing, shared while being made, made again when
// the drawing changes, and a server that cannot rasterise still answers with the drawing (server/http/drawn-image.ts).

const calls = { made: 0, fail: false };
vi.mock('sharp', () => ({
  default: (input: Buffer, options: { density: number }) => ({
    webp: () => ({
      toBuffer: async () => {
        calls.made++;
        await new Promise((r) => setTimeout(r, 5));
        if (calls.fail) throw new Error('no image library on this platform');
        return Buffer.concat([Buffer.from(`RIFF....WEBP${options.density}`), input]);
      },
    }),
  }),
}));

const { drawnFile, sendDrawn, webpOf } = await import('./drawn-image.ts');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';
// The raster cache lives as long as the module: the route test draws its own tile, not one an earlier test made.
const TILE = '<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6"/>';

beforeEach(() => {
  calls.made = 0;
  calls.fail = false;
});

test('an image file names its id, its gallery view where views exist, a raster its density, and svg or webp', () => {
  expect(drawnFile('12.svg')).toEqual({ id: 12, view: 0, density: 1, format: 'svg' });
  expect(drawnFile('12.webp')).toEqual({ id: 12, view: 0, density: 1, format: 'webp' });
  expect(drawnFile('12@2x.webp')).toEqual({ id: 12, view: 0, density: 2, format: 'webp' });
  expect(drawnFile('12-3.webp', true)).toEqual({ id: 12, view: 3, density: 1, format: 'webp' });
  expect(drawnFile('12-3@2x.webp', true)).toEqual({ id: 12, view: 3, density: 2, format: 'webp' });
  for (const file of [
    '12-3.webp',
    '12.png',
    'x.svg',
    '12.svg.webp',
    '1234567890.svg',
    '12-34.webp',
    '.webp',
    '12@2x.svg',
    '12@3x.webp',
    '12@2x@2x.webp',
  ])
    expect(drawnFile(file), file).toBeNull();
  expect(drawnFile('12-34.webp', true)).toBeNull();
  expect(drawnFile('12-3@2x.svg', true)).toBeNull();
});

test('a 2x raster is drawn from the vector at twice the resolution and kept apart from the 1x one', async () => {
  const drawing = SVG.replace('width="4"', 'width="7"');
  const one = await webpOf(drawing);
  const two = await webpOf(drawing, 2);
  expect(calls.made).toBe(2);
  expect(one.toString()).toContain('WEBP72');
  expect(two.toString()).toContain('WEBP144');
  expect(await webpOf(drawing, 2)).toBe(two);
  expect(calls.made).toBe(2);
});

test('each raster is made once per drawing, and requests for one being made share it', async () => {
  const [a, b] = await Promise.all([webpOf(SVG), webpOf(SVG)]);
  expect(calls.made).toBe(1);
  expect(a).toBe(b);
  expect(await webpOf(SVG)).toBe(a);
  expect(calls.made).toBe(1);
  // Another drawing (another image, or a tile redrawn at the same path after a rename) is made afresh.
  const redrawn = await webpOf(SVG.replace('width="4"', 'width="5"'));
  expect(calls.made).toBe(2);
  expect(redrawn.equals(a)).toBe(false);
});

test('a raster that cannot be made is answered with the drawing; a missing drawing is a 404', async () => {
  const app = Fastify();
  app.get<{ Params: { file: string } }>('/images/t/:file', (req, reply) => {
    const file = drawnFile(req.params.file);
    return sendDrawn(reply, { svg: file?.id === 1 ? TILE : null, format: file?.format ?? 'svg', cacheControl: 'public, max-age=60' });
  });
  calls.fail = true;
  const res = await app.inject({ method: 'GET', url: '/images/t/1.webp' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('image/svg+xml');
  expect(res.body).toBe(TILE);
  // Not kept: the next request tries again.
  calls.fail = false;
  const again = await app.inject({ method: 'GET', url: '/images/t/1.webp' });
  expect(again.headers['content-type']).toBe('image/webp');
  expect(again.headers['cache-control']).toBe('public, max-age=60');
  expect((await app.inject({ method: 'GET', url: '/images/t/2.webp' })).statusCode).toBe(404);
  await app.close();
});
