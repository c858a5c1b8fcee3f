// The one multipart/form-data body builder of the suites (for app.inject), and the smallest files file-type
// recognises.

export const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
export const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
  Buffer.from('ffd9', 'hex'),
]);

export function multipartForm(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>) {
  const boundary = '----kasrat-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}\r\n`));
    if (p.filename) chunks.push(Buffer.from(`content-type: ${p.type ?? 'application/octet-stream'}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
