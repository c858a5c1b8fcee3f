import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { uploadRoutes } from './routes.ts';

export {
  FileTooLarge,
  MAX_UPLOAD_BYTES,
  ownUpload,
  type ReceivedFile,
  receiveFiles,
  type StoredUpload,
  storeUpload,
  UnsupportedFile,
  UPLOAD_POLICIES,
  type UploadPurpose,
  uploadUrl,
} from './service.ts';

/** GET /api/uploads/:publicId; the upload calls themselves belong to the modules that take files (returns,
 * reviews, help centre), which use receiveFiles + storeUpload from here. */
export async function uploadsModule(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(uploadRoutes, { db });
}
