import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { type CatalogueContext, bannerSize, hueOf, tile } from '../../modules/catalogue/index.ts';
import { drawnFile, sendDrawn } from '../../http/drawn-image.ts';
import type { Density, DrawnFormat } from '../../../schemas/images.ts';

// The catalogue's drawn images: product tiles and offer banners.

export async function catalogueImageRoutes(root: FastifyInstance, { store, content }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // Brand, category and banner tiles change with the catalogue, so they are kept an hour, not for ever.
  const send = (reply: FastifyReply, file: { format: DrawnFormat; density: Density }, svg: string | null) =>
    sendDrawn(reply, { svg, format: file.format, density: file.density, cacheControl: 'public, max-age=3600' });
  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

  app.get<{ Params: { file: string } }>(
    '/images/brand/:file',
    { schema: { summary: 'A brand logo', operationId: 'getBrandImage' } },
    async (req, reply) => {
      await store.ready();
      const file = drawnFile(req.params.file);
      if (!file) return notFound(reply);
      const b = store.snapshot.brandsById.get(file.id);
      return send(reply, file, b ? tile({ title: b.name, subtitle: b.country, hue: hueOf(b.name), width: 240, height: 240 }) : null);
    },
  );

  app.get<{ Params: { file: string } }>(
    '/images/category/:file',
    { schema: { summary: 'A category image', operationId: 'getCategoryImage' } },
    async (req, reply) => {
      await store.ready();
      const file = drawnFile(req.params.file);
      if (!file) return notFound(reply);
      const c = store.snapshot.categoriesById.get(file.id);
      return send(reply, file, c ? tile({ title: c.name, subtitle: 'Shop now', hue: hueOf(c.slug), width: 240, height: 240 }) : null);
    },
  );

  app.get<{ Params: { file: string } }>(
    '/images/banner/:file',
    { schema: { summary: 'A banner image', operationId: 'getBannerImage' } },
    async (req, reply) => {
      const file = drawnFile(req.params.file);
      if (!file) return notFound(reply);
      const o = (await content.get()).offers.find((x) => x.id === file.id);
      if (!o) return notFound(reply);
      const [width, height] = bannerSize(o.kind);
      return send(reply, file, tile({ title: o.title.replace(/-/g, ' '), subtitle: o.description, hue: o.image_hue, width, height }));
    },
  );
}
