import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { UnsubscribeRequest, UnsubscribeResponse } from '../../../schemas/content-pages.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { sourceOf } from '../../modules/consent/index.ts';
import { unsubscribe } from '../../modules/newsletter/service.ts';

export async function newsletterRoutes(root: FastifyInstance, { db, secret }: { db: Db; secret: () => Promise<string> }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.post(
    '/api/unsubscribe/unsubscribe-user',
    {
      schema: {
        summary: 'Unsubscribe an email address from the newsletter',
        operationId: 'unsubscribe',
        response: { 200: UnsubscribeResponse },
        body: UnsubscribeRequest,
      },
    },
    async (req) => {
      const { email, token } = req.body;
      const data = await unsubscribe(db, await secret(), email, token, sourceOf(req));
      return ok(data, data.already_unsubscribed ? 'You were already unsubscribed.' : 'You are unsubscribed from Kasrat emails.');
    },
  );
}
