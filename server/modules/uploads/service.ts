import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database.ts';
import { AppError, BadRequest, NotFound } from '../../http/errors.ts';
import { hitLimit } from '../../http/rate-limit.ts';
import { findUpload, insertUpload, onPublishedReview, uploadUsage } from './queries.ts';

// One owner for every file a shopper sends us (return photos, review photos, help-centre attachments): the type
// comes from the bytes (file-type), never from the name or the declared content type; SVG and anything that can
// run is refused; sizes are capped per purpose; bytes live in the database so every instance can serve them.

const IMAGES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface UploadPolicy {
  /** Content types detected from the bytes that this purpose accepts. */
  readonly accept: readonly string[];
  readonly maxBytes: number;
  readonly maxFiles: number;
  /** Public files (review photos) are served to anyone once their review is published; the rest only to their sender. */
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
 * Per-customer allowances, counted in the database so every instance holds a customer to the same numbers
 * (SECURITY.md "Uploads"): files stored per hour, bytes stored per day, upload calls per hour (failed ones too),
 * and the bytes one call may send, all files together, so no call holds more than this in memory.
 */
export const UPLOAD_LIMITS = {
  filesPerHour: 30,
  bytesPerDay: 40 * 1024 * 1024,
  callsPerHour: 60,
  bytesPerCall: 10 * 1024 * 1024,
  /** An upload attached to nothing (no return, review or ticket) this long after it arrived is deleted. */
  unattachedHours: 24,
} as const;

export const UPLOAD_MESSAGES = {
  tooMany: 'You have uploaded many files recently. Please try again in an hour.',
  quota: 'You have reached today’s upload allowance. Please try again tomorrow.',
  callTooLarge: `These files are too large together: send at most ${UPLOAD_LIMITS.bytesPerCall / 1024 / 1024} MB at a time.`,
} as const;

class TooManyUploads extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}

/** What the customer may still upload now: files and bytes, from their stored uploads. Refuses when nothing is left. */
export async function uploadAllowance(db: Db, customerId: number): Promise<{ files: number; bytes: number }> {
  const usage = await uploadUsage(db, customerId);
  const files = UPLOAD_LIMITS.filesPerHour - usage.filesLastHour;
  const bytes = UPLOAD_LIMITS.bytesPerDay - usage.bytesLastDay;
  if (files <= 0) throw new TooManyUploads(UPLOAD_MESSAGES.tooMany);
  if (bytes <= 0) throw new TooManyUploads(UPLOAD_MESSAGES.quota);
  return { files, bytes };
}

/**
 * Reads the files of a multipart request (and its text fields) for a signed-in customer. Refuses, before anything
 * is stored: a customer over their allowances, a request that is not multipart, more files than the purpose allows,
 * a file over its size cap, or more bytes in all than one call or the customer's remaining allowance — counted
 * while the stream is read, so a call never holds more than `UPLOAD_LIMITS.bytesPerCall` in memory.
 */
export async function receiveFiles(
  req: FastifyRequest,
  purpose: UploadPurpose,
  who: { db: Db; customerId: number },
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  const policy = UPLOAD_POLICIES[purpose];
  if (!req.isMultipart()) throw new BadRequest('Send the file as multipart/form-data.');
  if ((await hitLimit(who.db, `upload:calls:${who.customerId}`, 3600)) > UPLOAD_LIMITS.callsPerHour)
    throw new TooManyUploads(UPLOAD_MESSAGES.tooMany);
  const allowance = await uploadAllowance(who.db, who.customerId);
  const maxFiles = Math.min(policy.maxFiles, allowance.files);
  const budget = Math.min(UPLOAD_LIMITS.bytesPerCall, allowance.bytes);
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: policy.maxBytes, files: policy.maxFiles + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (files.length >= maxFiles) {
        part.file.resume();
        throw files.length >= policy.maxFiles
          ? new BadRequest(`Please upload at most ${policy.maxFiles} files.`)
          : new TooManyUploads(UPLOAD_MESSAGES.tooMany);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (total + size > budget) {
          // Stop keeping bytes at once; the rest of this file is read and dropped.
          part.file.resume();
          throw allowance.bytes < UPLOAD_LIMITS.bytesPerCall
            ? new TooManyUploads(UPLOAD_MESSAGES.quota)
            : new AppError(413, UPLOAD_MESSAGES.callTooLarge);
        }
        chunks.push(chunk);
      }
      if (part.file.truncated) throw new FileTooLarge(policy.maxBytes);
      total += size;
      files.push({ filename: part.filename, bytes: Buffer.concat(chunks, size) });
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
  const size = input.bytes.length;
  const insert = async (tx: Db) => {
    if (input.customerId !== null) {
      // The allowances again, under the customer's row lock: parallel calls cannot together pass them.
      await tx.selectFrom('customers').select('id').where('id', '=', input.customerId).forUpdate().executeTakeFirst();
      const usage = await uploadUsage(tx, input.customerId);
      if (usage.filesLastHour >= UPLOAD_LIMITS.filesPerHour) throw new TooManyUploads(UPLOAD_MESSAGES.tooMany);
      if (usage.bytesLastDay + size > UPLOAD_LIMITS.bytesPerDay) throw new TooManyUploads(UPLOAD_MESSAGES.quota);
    }
    return insertUpload(tx, {
      public_id: publicId,
      customer_id: input.customerId,
      purpose: input.purpose,
      content_type: detected.mime,
      size,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      bytes: input.bytes,
    });
  };
  const row = db.isTransaction ? await insert(db) : await db.transaction().execute(insert);
  return { id: row.id, public_id: publicId, content_type: detected.mime, size: input.bytes.length, url: uploadUrl(publicId) };
}

export function uploadUrl(publicId: string): string {
  return `/api/uploads/${publicId}`;
}

/**
 * An upload the customer may read: their own, or a review photo on a published review (public only while its
 * review is published: not before moderation, not once hidden). Anything else is "not found" (nothing learned).
 */
export async function readableUpload(db: Db, publicId: string, customerId: number | null) {
  const row = await findUpload(db, publicId);
  if (!row) throw new NotFound('File not found.');
  if (customerId !== null && row.customer_id === customerId) return row;
  const policy = UPLOAD_POLICIES[row.purpose as UploadPurpose];
  if (policy?.public && (await onPublishedReview(db, row.id))) return row;
  throw new NotFound('File not found.');
}

/** The customer's own upload of a purpose (to attach to a return, review or ticket); another's is not found. */
export async function ownUpload(db: Db, publicId: string, customerId: number, purpose: UploadPurpose) {
  const row = await findUpload(db, publicId);
  if (!row || row.customer_id !== customerId || row.purpose !== purpose) throw new NotFound('File not found.');
  return { id: row.id, public_id: row.public_id, content_type: row.content_type, size: row.size, url: uploadUrl(row.public_id) };
}
