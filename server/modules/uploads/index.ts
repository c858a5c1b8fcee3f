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

export { deleteUnattached } from './queries.ts';
export { readableUpload } from './service.ts';
