import { bucketUploadId, OWN_UPLOADS_PATH } from './review-rules.ts';

// SPEC §5: an image URL on our https storage bucket counts as an uploaded file; any other URL does not.

const ID = '0123456789abcdef0123456789abcdef';
const bucket = { host: 'kasrat-media.s3.ap-south-1.amazonaws.com', pathPrefix: '/review/' };
const own = { host: 'www.kasrat.in', pathPrefix: OWN_UPLOADS_PATH };

test('an https URL on the bucket, naming an upload id, counts as that upload', () => {
  expect(bucketUploadId(`https://kasrat-media.s3.ap-south-1.amazonaws.com/review/${ID}`, bucket)).toBe(ID);
  expect(bucketUploadId(`https://www.kasrat.in/api/uploads/${ID}`, own)).toBe(ID);
  expect(bucketUploadId(`  https://WWW.KASRAT.IN/api/uploads/${ID}  `, own)).toBe(ID);
});

test.each([
  ['plain http', `http://www.kasrat.in/api/uploads/${ID}`],
  ['another host', `https://evil.example/api/uploads/${ID}`],
  ['a host that only ends like ours', `https://www.kasrat.in.evil.example/api/uploads/${ID}`],
  ['credentials', `https://x@www.kasrat.in/api/uploads/${ID}`],
  ['another port', `https://www.kasrat.in:8443/api/uploads/${ID}`],
  ['another path', `https://www.kasrat.in/images/${ID}`],
  ['no upload id', 'https://www.kasrat.in/api/uploads/photo.png'],
  ['a query', `https://www.kasrat.in/api/uploads/${ID}?x=1`],
  ['a fragment', `https://www.kasrat.in/api/uploads/${ID}#x`],
  ['a deeper path', `https://www.kasrat.in/api/uploads/a/${ID}`],
  ['not a URL', 'not a url'],
])('%s does not count', (_what, url) => {
  expect(bucketUploadId(url, own)).toBeNull();
});
