import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  AuthenticateRequest,
  BrandCertificateRequest,
  ImporterBrandRequest,
  ImporterSlugRequest,
  ImporterBrandListResponse,
  BrandCertificateResponse,
  AuthenticateAnswer,
  ImporterBrandNamesResponse,
  ImporterCertificateResponse,
  BrandListResponse,
  ImporterListResponse,
} from '../../../schemas/content-pages.ts';
import { IdParam } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import type { RouteDoc } from '../../http/docs.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { certificateSvg } from '../../modules/authenticity/certificate-document.ts';
import * as service from '../../modules/authenticity/service.ts';

// HTTP of SPEC §7 "Authenticity" and /api/importer. Paths ending in a slash in the spec answer both ways.
export async function authenticityRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const both = (path: string) => [path, `${path}/`];
  // The document lists the path without its slash (an OpenAPI path ends without one); the other is the same call.
  const alias = (path: string, doc: RouteDoc & { response: FastifySchema['response'] }) => (path.endsWith('/') ? { hide: true } : doc);

  for (const path of both('/api/authenticity/brand-list'))
    app.get(
      path,
      {
        schema: alias(path, {
          summary: 'Brands with authenticity certificates',
          operationId: 'listAuthenticityBrands',
          response: { 200: BrandListResponse },
        }),
      },
      async () => ok(await service.brandList(db)),
    );
  app.get(
    '/api/authenticity/brand-certificate',
    {
      schema: {
        summary: "A brand's authenticity certificates",
        operationId: 'listBrandCertificates',
        response: { 200: BrandCertificateResponse },
        querystring: BrandCertificateRequest,
      },
    },
    async (req) => {
      const { b_id } = req.query;
      return ok(await service.brandCertificates(db, b_id));
    },
  );
  app.get<{ Params: { file: string } }>(
    '/api/authenticity/certificate/:file',
    { schema: { summary: 'A certificate document as SVG', operationId: 'getCertificateDocument' } },
    async (req, reply) => {
      const m = /^(\d+)\.svg$/.exec(req.params.file);
      const id = parse(IdParam, m?.[1] ?? '0');
      const row = await service.certificateDocument(db, id);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(certificateSvg(row));
    },
  );
  app.post(
    '/api/authenticator/authenticate',
    {
      config: { access: 'optional' },
      schema: {
        response: { 200: AuthenticateAnswer },
        summary: "Check a product's NAC code",
        operationId: 'authenticateProduct',
        body: AuthenticateRequest,
      },
    },
    async (req) => {
      const input = req.body;
      const session = await req.getSession();
      const answer = await service.authenticate(db, input, { ip: req.ip, customerId: session?.customerId ?? null });
      return ok(answer.data, answer.message);
    },
  );

  for (const path of both('/api/importer/importer-list'))
    app.get(
      path,
      { schema: alias(path, { summary: 'Importers', operationId: 'listImporters', response: { 200: ImporterListResponse } }) },
      async () => ok(await service.importerList(db)),
    );
  app.get(
    '/api/importer/importer-brand-name-list',
    {
      schema: {
        response: { 200: ImporterBrandNamesResponse },
        summary: 'Brand names an importer brings in',
        operationId: 'listImporterBrandNames',
        querystring: ImporterSlugRequest,
      },
    },
    async (req) => {
      const { importer_slug } = req.query;
      return ok(await service.importerBrandNames(db, importer_slug));
    },
  );
  app.get(
    '/api/importer/importer-brand-certificate',
    {
      schema: {
        response: { 200: ImporterCertificateResponse },
        summary: "An importer's certificate for a brand",
        operationId: 'getImporterBrandCertificate',
        querystring: ImporterBrandRequest,
      },
    },
    async (req) => {
      const { importer_slug, brand_slug } = req.query;
      return ok(await service.importerBrandCertificate(db, importer_slug, brand_slug));
    },
  );
  app.get(
    '/api/importer/brand-list-data',
    {
      schema: {
        summary: "An importer's brands with their details",
        operationId: 'listImporterBrands',
        response: { 200: ImporterBrandListResponse },
        querystring: ImporterSlugRequest,
      },
    },
    async (req) => {
      const { importer_slug } = req.query;
      return ok(await service.importerBrandListData(db, importer_slug));
    },
  );
}
