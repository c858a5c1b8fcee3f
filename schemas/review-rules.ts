// SPEC §5: an image URL on our https storage bucket counts as an uploaded file. Zod-free, shared by the server
// (which decides) and the browser (which refuses a foreign link before sending it).

/** Where uploads live: the bucket's host and the path before an upload's public id. */
export interface UploadBucket {
  host: string;
  pathPrefix: string;
}

/** The store's own upload addresses (server/modules/uploads): the default bucket when none is configured. */
export const OWN_UPLOADS_PATH = '/api/uploads/';

export const NOT_UPLOADED_IMAGE_URL = 'Only photos uploaded to Kasrat can be added by link. Please upload the photo file instead.';

const PUBLIC_ID = /^[0-9a-f]{32}$/;

/**
 * The public id of the upload an image URL names, when it is `https://` + the bucket's host + its path and an
 * upload id (nothing else: no credentials, query or fragment); otherwise null.
 */
export function bucketUploadId(url: string, bucket: UploadBucket): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.search || u.hash) return null;
  if (u.host.toLowerCase() !== bucket.host.toLowerCase() || !u.pathname.startsWith(bucket.pathPrefix)) return null;
  const id = u.pathname.slice(bucket.pathPrefix.length);
  return PUBLIC_ID.test(id) ? id : null;
}
