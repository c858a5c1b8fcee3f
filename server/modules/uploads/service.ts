import { createHash, randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database.ts';
import { AppError, BadRequest, NotFound } from '../../http/errors.ts';
import { findUpload, insertUpload } from './queries.ts';

// One owner for every file a shopper sends us (return photos, review photos, help-centre attachments): the type
// comes from the bytes (file-type), never from the name or the declared content type; SVG and anything that can
// run is refused; sizes are capped per purpose; bytes live in the database so every instance can serve them.

const IMAGES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface UploadPolicy {
  /** Content types detected from the bytes that this purpose accepts. */
  readonly accept: readonly string[];
  readonly maxBytes: number;
  readonly maxFiles: number;
  /** Public files (review photos) are served to anyone; the rest only to the customer who sent them. */
  readonly public: boolean;
}

export const UPLOAD_POLICIES = {
  return_media: { accept: IMAGES, maxBytes: 5 * 1024 * 1024, maxFiles: 5, public: false },
  review_photo: { accept: IMAGES, maxBytes: 5 * 1024 * 1024, maxFiles: 5, public: true },
  help_attachment: { accept: [...IMAGES, 'application/pdf'], maxBytes: 5 * 1024 * 1024, maxFiles: 3, public: false },
} as const satisfies Record<string, UploadPolicy>;
export type UploadPurpose = keyof typeof UPLOAD_POLICIES;

/** The largest file any purpose accepts: the multipart parser's own cap (app.ts). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_POLICIES).map((p) => p.maxBytes));

export class FileTooLarge extends AppError {
  constructor(maxBytes: number) {
    super(413, `The file is too large: the limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
}
export class UnsupportedFile extends BadRequest {
  constructor(accept: readonly string[]) {
    const names = accept.map((t) => (t === 'application/pdf' ? 'PDF' : t.replace('image/', '').toUpperCase()));
    super(`This file type is not accepted. Please upload ${names.join(', ')} files.`);
  }
}

export interface StoredUpload {
  id: number;
  public_id: string;
  content_type: string;
  size: number;
  url: string;
}

export interface ReceivedFile {
  filename: string;
  bytes: Buffer;
}

/**
 * Reads the files of a multipart request (and its text fields). Refuses a request that is not multipart, more
 * files than the purpose allows, or a file over its size cap — before anything is stored.
 */
export async function receiveFiles(
  req: FastifyRequest,
  purpose: UploadPurpose,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  const policy = UPLOAD_POLICIES[purpose];
  if (!req.isMultipart()) throw new BadRequest('Send the file as multipart/form-data.');
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: policy.maxBytes, files: policy.maxFiles + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (files.length >= policy.maxFiles) {
        await drain(part);
        throw new BadRequest(`Please upload at most ${policy.maxFiles} files.`);
      }
      const bytes = await part.toBuffer();
      files.push({ filename: part.filename, bytes });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLarge(policy.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new BadRequest(`Please upload at most ${policy.maxFiles} files.`);
    throw new BadRequest('The upload could not be read. Please try again.');
  }
  return { files, fields };
}

async function drain(part: MultipartFile): Promise<void> {
  for await (const _ of part.file) {
    // discard
  }
}

/** Checks a file against its purpose by its bytes and stores it. */
export async function storeUpload(
  db: Db,
  input: { customerId: number | null; purpose: UploadPurpose; bytes: Buffer },
): Promise<StoredUpload> {
  const policy = UPLOAD_POLICIES[input.purpose];
  if (input.bytes.length === 0) throw new BadRequest('The file is empty.');
  if (input.bytes.length > policy.maxBytes) throw new FileTooLarge(policy.maxBytes);
  const detected = await fileTypeFromBuffer(input.bytes);
  if (!detected || !(policy.accept as readonly string[]).includes(detected.mime)) throw new UnsupportedFile(policy.accept);
  const publicId = randomBytes(16).toString('hex');
  const row = await insertUpload(db, {
    public_id: publicId,
    customer_id: input.customerId,
    purpose: input.purpose,
    content_type: detected.mime,
    size: input.bytes.length,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    bytes: input.bytes,
  });
  return { id: row.id, public_id: publicId, content_type: detected.mime, size: input.bytes.length, url: uploadUrl(publicId) };
}

export function uploadUrl(publicId: string): string {
  return `/api/uploads/${publicId}`;
}

/** An upload the customer may read: their own, or a public one. Anything else is "not found" (nothing learned). */
export async function readableUpload(db: Db, publicId: string, customerId: number | null) {
  const row = await findUpload(db, publicId);
  if (!row) throw new NotFound('File not found.');
  const policy = UPLOAD_POLICIES[row.purpose as UploadPurpose];
  if (!policy?.public && (customerId === null || row.customer_id !== customerId)) throw new NotFound('File not found.');
  return row;
}

/** The customer's own upload of a purpose (to attach to a return, review or ticket); another's is not found. */
export async function ownUpload(db: Db, publicId: string, customerId: number, purpose: UploadPurpose) {
  const row = await findUpload(db, publicId);
  if (!row || row.customer_id !== customerId || row.purpose !== purpose) throw new NotFound('File not found.');
  return { id: row.id, public_id: row.public_id, content_type: row.content_type, size: row.size, url: uploadUrl(row.public_id) };
}
