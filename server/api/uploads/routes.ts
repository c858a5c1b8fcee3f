import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { PRIVATE_FILE_CACHE_CONTROL } from '../../http/caching.ts';
import { readableUpload } from '../../modules/uploads/service.ts';

const UploadParams = z.object({ publicId: z.string().regex(/^[0-9a-f]{32}$/, 'Unknown file') });

export async function uploadRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // Served with the type detected at upload and nosniff, as an attachment-free inline image or PDF: a browser
  // never runs it, whatever it contains.
  app.get(
    '/api/uploads/:publicId',
    {
      config: { access: 'optional' },
      schema: { summary: 'An uploaded file; private ones only to their owner', operationId: 'getUpload', params: UploadParams },
    },
    async (req, reply) => {
      const { publicId } = req.params;
      const session = await req.getSession();
      const row = await readableUpload(db, publicId, session?.customerId ?? null);
      return reply
        .header('content-type', row.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', PRIVATE_FILE_CACHE_CONTROL)
        .send(Buffer.from(row.bytes));
    },
  );
}
