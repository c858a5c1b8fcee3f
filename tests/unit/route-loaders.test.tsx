import type { Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { render } from '../../src/app/server-render.tsx';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// docs/decisions/010: a page whose route has a loader gets its data before the server renders it, and is rendered
// once, with everything it shows; nothing is left for a second pass.

// Counts the server's renders (passing through to React's own).
vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/server')>();
  return { ...actual, renderToPipeableStream: vi.fn(actual.renderToPipeableStream) };
});

let store: TestApp;
beforeAll(async () => {
  store = await createTestApp('pglite');
});
afterAll(async () => {
  await store?.close();
});

const transport = async (url: string) => {
  const res = await store.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  return { status: res.statusCode, data: res.json() };
};

async function text(body: Readable): Promise<string> {
  let html = '';
  for await (const chunk of body) html += String(chunk);
  return html;
}

async function renderOnce(path: string) {
  const renders = vi.mocked(renderToPipeableStream);
  renders.mockClear();
  const result = await render(new URL(path, 'http://localhost'), { transport, desktop: true });
  if (!result.body) throw new Error(`${path} redirected to ${result.redirect}`);
  return { html: await text(result.body), keys: result.state.data.map(([key]) => key), renders: renders.mock.calls.length };
}

describe('route loaders', () => {
  test('the home page is rendered once, with its sections', async () => {
    const { keys, renders, html } = await renderOnce('/');
    expect(renders).toBe(1);
    expect(keys).toEqual(['home']);
    expect(html).not.toContain('Loading…');
  });

  test('a product page is rendered once, with the product and what it shows of it (its second-level data)', async () => {
    const shop = await store.app.inject({ method: 'GET', url: '/api/listing/shop' });
    const path = (shop.json() as { data: { hits: { url: string }[] } }).data.hits[0].url;
    const pid = new URL(path, 'http://x').searchParams.get('pId');
    const { keys, renders, html } = await renderOnce(path);
    expect(renders).toBe(1);
    expect(keys).toEqual(
      expect.arrayContaining([
        `pdp:${pid}`,
        `offers:${pid}`,
        `source:${pid}`,
        `review-aggregate:product:${pid}`,
        `range:${pid}`,
        `related:${pid}`,
        `similar:${pid}`,
      ]),
    );
    expect(keys.some((k) => k.startsWith('seo:/product/'))).toBe(true);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  test.each([
    ['/brands', ['brand-groups']],
    ['/all-categories', ['menu']],
    ['/store-locator', ['store-cities', 'stores:']],
    ['/offers-coupons', ['offers', 'offers-brand-of-week', 'offers-clearance']],
    ['/help-center?q=refund', ['help-faq::refund', 'help-phone', 'help-email']],
  ])('%s is rendered once, with its data', async (path, expected) => {
    const { keys, renders } = await renderOnce(path);
    expect(renders).toBe(1);
    expect([...keys].sort()).toEqual([...expected].sort());
  });

  test('a page without a loader still gets its data the old way (the render asks, the server loads, renders again)', async () => {
    const { keys, renders } = await renderOnce('/top-10');
    expect(keys).toEqual(['top10:']);
    expect(renders).toBe(2);
  });
});
