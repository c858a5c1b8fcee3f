import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { scheduleJob } from '../../jobs/scheduled.ts';
import { deleteUnattached } from './queries.ts';
import { uploadRoutes } from '../../api/uploads/routes.ts';
import { UPLOAD_LIMITS } from './service.ts';

export {
  FileTooLarge,
  MAX_UPLOAD_BYTES,
  ownUpload,
  type ReceivedFile,
  receiveFiles,
  type StoredUpload,
  storeUpload,
  UnsupportedFile,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  uploadAllowance,
  UPLOAD_POLICIES,
  type UploadPurpose,
  uploadUrl,
} from './service.ts';

/** GET /api/uploads/:publicId; the upload calls themselves belong to the modules that take files (returns,
 * reviews, help centre), which use receiveFiles + storeUpload from here. */
export async function uploadsModule(app: FastifyInstance, { db }: { db: Db }) {
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

export const UNATTACHED_UPLOADS_JOB = { name: 'unattached-uploads', everyMs: 3_600_000, leaseMs: 600_000 } as const;
export { deleteUnattached } from './queries.ts';
