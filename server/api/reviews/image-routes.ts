import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { parse } from '../../http/validate.ts';
import { seededReviewPhoto } from '../../modules/reviews/index.ts';

// The seeded review photos, drawn by the reviews module (no binary assets, no network).

const PhotoParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function reviewImageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { file: string } }>(
    '/images/review/:file',
    { schema: { summary: 'A review photo', operationId: 'getReviewImage' } },
    async (req, reply) => {
      const m = /^(\d{1,10})\.svg$/.exec(req.params.file);
      if (!m) return reply.code(404).type('text/plain').send('Not found');
      const { id } = parse(PhotoParams, { id: m[1] });
      const svg = await seededReviewPhoto(db, id);
      if (!svg) return reply.code(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
    },
  );
}
