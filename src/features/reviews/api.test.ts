import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { NOT_UPLOADED_IMAGE_URL } from '../../../schemas/review-rules.ts';
import { http } from '../../api/http.ts';
import { reviewsApi } from './api.ts';

// SPEC §5: a review photo given as a link counts as uploaded only on our https storage bucket. The browser refuses
// a link that is not https without a call, sends any other as `image_url`, and shows the server's refusal.

const ID = '0123456789abcdef0123456789abcdef';
let sent: Array<{ url: string; data: unknown }> = [];
let answer: { status: number; body: unknown };

beforeEach(() => {
  sent = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    sent.push({ url: config.url ?? '', data: config.data });
    const response = { data: answer.body, status: answer.status, statusText: '', headers: {}, config } as AxiosResponse;
    if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
});

test('a link that is not https is refused with the message, and nothing is sent', async () => {
  await expect(reviewsApi.uploadPhotoLink(`http://www.kasrat.in/api/uploads/${ID}`)).rejects.toThrow(NOT_UPLOADED_IMAGE_URL);
  await expect(reviewsApi.uploadPhotoLink('ftp://x/y')).rejects.toThrow(NOT_UPLOADED_IMAGE_URL);
  expect(sent).toEqual([]);
});

test('an https link goes to the upload call as image_url, and the stored photo comes back', async () => {
  answer = { status: 200, body: { status: 1, message: 'Photo added.', data: { photos: [{ photo_id: ID, url: `/api/uploads/${ID}` }] } } };
  const link = `https://kasrat-media.example/review/${ID}`;
  expect(await reviewsApi.uploadPhotoLink(`  ${link} `)).toEqual({ photos: [{ photo_id: ID, url: `/api/uploads/${ID}` }] });
  expect(sent).toHaveLength(1);
  expect(sent[0]?.url).toBe('/api/review/v1/rate-product-image-upload');
  expect((sent[0]?.data as FormData | undefined)?.get('image_url')).toBe(link);
});

test('a link the server refuses surfaces its message', async () => {
  answer = { status: 400, body: { status: 0, message: NOT_UPLOADED_IMAGE_URL, data: null } };
  await expect(reviewsApi.uploadPhotoLink('https://evil.example/x.png')).rejects.toMatchObject({ message: NOT_UPLOADED_IMAGE_URL });
});
