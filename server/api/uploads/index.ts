import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { scheduleJob } from '../../jobs/scheduled.ts';
import { deleteUnattached, UPLOAD_LIMITS } from '../../modules/uploads/index.ts';
import { uploadRoutes } from './routes.ts';

export const UNATTACHED_UPLOADS_JOB = { name: 'unattached-uploads', everyMs: 3_600_000, leaseMs: 600_000 } as const;

/** GET /api/uploads/:publicId; the upload calls themselves belong to the modules that take files (returns,
 * reviews, help centre), which use receiveFiles + storeUpload from the uploads module. */
export async function uploadsApi(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(uploadRoutes, { db });
  // Hourly, one instance at a time: files nothing took within a day go (SECURITY.md "Uploads").
  scheduleJob(app, db, UNATTACHED_UPLOADS_JOB, async () => {
    let removed = 0;
    for (
      let batch = await deleteUnattached(db, UPLOAD_LIMITS.unattachedHours);
      batch > 0;
      batch = await deleteUnattached(db, UPLOAD_LIMITS.unattachedHours)
    )
      removed += batch;
    if (removed) app.log.info({ removed }, 'deleted uploads nothing took');
  });
}
