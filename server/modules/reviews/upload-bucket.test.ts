import { uploadBucket } from './index.ts';

// SPEC §5: image links count as uploads only on our https storage bucket: the configured one, else the store's
// own upload addresses on PUBLIC_ORIGIN, else (no origin configured) the request's host.

test('a configured bucket is its host and the path before the upload id', () => {
  expect(uploadBucket('https://kasrat-media.s3.ap-south-1.amazonaws.com/review/', 'https://www.kasrat.in')).toEqual({
    host: 'kasrat-media.s3.ap-south-1.amazonaws.com',
    pathPrefix: '/review/',
  });
});

test('with no bucket, the store’s own upload addresses; with no origin either, the request decides', () => {
  expect(uploadBucket(undefined, 'https://www.kasrat.in')).toEqual({ host: 'www.kasrat.in', pathPrefix: '/api/uploads/' });
  expect(uploadBucket(undefined, '')).toBeNull();
});
