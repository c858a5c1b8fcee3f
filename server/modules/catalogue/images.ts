import type { FastifyInstance } from 'fastify';
import type { CatalogueContext } from './context.ts';
import { bannerSize } from './promotions.ts';

// Brand logos, category tiles and promotion banners, drawn from catalogue data like the product images: no
// binary assets, no network.

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function tile(opts: { title: string; subtitle: string; hue: number; width: number; height: number }): string {
  const { title, subtitle, hue, width, height } = opts;
  const size = Math.max(14, Math.min(Math.round(height / 5), Math.round((width / Math.max(title.length, 6)) * 1.4)));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 28%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="${width / 2}" y="${height / 2}" font-family="Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>
<text x="${width / 2}" y="${height / 2 + size * 1.2}" font-family="Arial, sans-serif" font-size="${Math.round(size * 0.55)}" fill="#fff" text-anchor="middle">${escapeXml(subtitle)}</text>
</svg>`;
}

const hueOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);

export async function catalogueImageRoutes(app: FastifyInstance, { store, content }: CatalogueContext) {
  const svg = (reply: import('fastify').FastifyReply, body: string | null) =>
    body === null
      ? reply.code(404).type('text/plain').send('Not found')
      : reply.header('cache-control', 'public, max-age=3600').type('image/svg+xml').send(body);
  const idOf = (file: string) => {
    const m = /^(\d{1,9})\.svg$/.exec(file);
    return m ? Number(m[1]) : null;
  };

  app.get<{ Params: { file: string } }>('/images/brand/:file', async (req, reply) => {
    await store.ready();
    const id = idOf(req.params.file);
    const b = id === null ? undefined : store.snapshot.brandsById.get(id);
    return svg(reply, b ? tile({ title: b.name, subtitle: b.country, hue: hueOf(b.name), width: 240, height: 240 }) : null);
  });

  app.get<{ Params: { file: string } }>('/images/category/:file', async (req, reply) => {
    await store.ready();
    const id = idOf(req.params.file);
    const c = id === null ? undefined : store.snapshot.categoriesById.get(id);
    return svg(reply, c ? tile({ title: c.name, subtitle: 'Shop now', hue: hueOf(c.slug), width: 240, height: 240 }) : null);
  });

  app.get<{ Params: { file: string } }>('/images/banner/:file', async (req, reply) => {
    const id = idOf(req.params.file);
    const o = id === null ? undefined : (await content.get()).offers.find((x) => x.id === id);
    if (!o) return svg(reply, null);
    const [width, height] = bannerSize(o.kind);
    return svg(reply, tile({ title: o.title.replace(/-/g, ' '), subtitle: o.description, hue: o.image_hue, width, height }));
  });
}
