import type { FastifyInstance } from 'fastify';
import {
  AuthenticateRequest,
  BrandCertificateRequest,
  ImporterBrandRequest,
  ImporterSlugRequest,
  ImporterBrandListResponse,
  BrandCertificateResponse,
} from '../../../schemas/content-pages.ts';
import { IdParam } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { certificateSvg } from './certificate-document.ts';
import * as service from './service.ts';

// HTTP of SPEC §7 "Authenticity" and /api/importer. Paths ending in a slash in the spec answer both ways.
export async function authenticityRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const both = (path: string) => [path, `${path}/`];

  for (const path of both('/api/authenticity/brand-list')) app.get(path, async () => ok(await service.brandList(db)));
  app.get(
    '/api/authenticity/brand-certificate',
    { schema: { response: { 200: BrandCertificateResponse }, querystring: BrandCertificateRequest } },
    async (req) => {
      const { b_id } = parse(BrandCertificateRequest, req.query);
      return ok(await service.brandCertificates(db, b_id));
    },
  );
  app.get<{ Params: { file: string } }>('/api/authenticity/certificate/:file', async (req, reply) => {
    const m = /^(\d+)\.svg$/.exec(req.params.file);
    const id = parse(IdParam, m?.[1] ?? '0');
    const row = await service.certificateDocument(db, id);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(certificateSvg(row));
  });
  app.post('/api/authenticator/authenticate', { schema: { body: AuthenticateRequest } }, async (req) => {
    const input = parse(AuthenticateRequest, req.body);
    const session = await req.getSession();
    const answer = await service.authenticate(db, input, { ip: req.ip, customerId: session?.customerId ?? null });
    return ok(answer.data, answer.message);
  });

  for (const path of both('/api/importer/importer-list')) app.get(path, async () => ok(await service.importerList(db)));
  app.get('/api/importer/importer-brand-name-list', { schema: { querystring: ImporterSlugRequest } }, async (req) => {
    const { importer_slug } = parse(ImporterSlugRequest, req.query);
    return ok(await service.importerBrandNames(db, importer_slug));
  });
  app.get('/api/importer/importer-brand-certificate', { schema: { querystring: ImporterBrandRequest } }, async (req) => {
    const { importer_slug, brand_slug } = parse(ImporterBrandRequest, req.query);
    return ok(await service.importerBrandCertificate(db, importer_slug, brand_slug));
  });
  app.get(
    '/api/importer/brand-list-data',
    { schema: { response: { 200: ImporterBrandListResponse }, querystring: ImporterSlugRequest } },
    async (req) => {
      const { importer_slug } = parse(ImporterSlugRequest, req.query);
      return ok(await service.importerBrandListData(db, importer_slug));
    },
  );
}
