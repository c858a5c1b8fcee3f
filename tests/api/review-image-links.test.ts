import { NOT_UPLOADED_IMAGE_URL } from '../../schemas/review.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { multipartForm, PNG } from '../helpers/multipart.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

// SPEC §5: an image URL on our https storage bucket counts as an uploaded file. With REVIEW_IMAGE_BUCKET_URL set,
// a review photo given as a link on that bucket is the customer's upload it names; any other link is refused.

const BUCKET = 'https://kasrat-media.example/review/';
process.env.REVIEW_IMAGE_BUCKET_URL = BUCKET;

const V1 = '/api/review/v1';
// biome-ignore lint/suspicious/noExplicitAny: the answer's shape is the upload call's, checked field by field.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };

describeBackends('review photos given as links', (ctx) => {
  async function shopper(): Promise<Agent> {
    const id = await createCustomer(ctx().handle.db);
    const agent = ctx().agent();
    await signInDirectly(ctx().handle.db, agent, id);
    return agent;
  }
  const upload = (agent: Agent, parts: Parameters<typeof multipartForm>[0]) =>
    agent.request({ method: 'POST', url: `${V1}/rate-product-image-upload`, ...multipartForm(parts) });

  test('a link on the bucket naming the customer’s own upload counts as that upload', async () => {
    const agent = await shopper();
    const up = await upload(agent, [{ name: 'file', filename: 'tub.png', type: 'image/png', data: PNG }]);
    expect(up.statusCode).toBe(200);
    const { photo_id, url } = json(up).data.photos[0] as { photo_id: string; url: string };
    const linked = await upload(agent, [{ name: 'image_url', data: `${BUCKET}${photo_id}` }]);
    expect(linked.statusCode).toBe(200);
    expect(json(linked).data.photos).toEqual([{ photo_id, url }]);
  });

  test('any other link is refused with a clear message: another host, http, the store’s own address, another’s file', async () => {
    const owner = await shopper();
    const up = await upload(owner, [{ name: 'file', filename: 'tub.png', type: 'image/png', data: PNG }]);
    const { photo_id } = json(up).data.photos[0] as { photo_id: string };
    const stranger = await shopper();
    for (const [agent, link] of [
      [owner, `https://evil.example/review/${photo_id}`],
      [owner, `http://kasrat-media.example/review/${photo_id}`],
      [owner, `https://localhost/api/uploads/${photo_id}`],
      [owner, 'https://kasrat-media.example/review/photo.png'],
      [stranger, `${BUCKET}${photo_id}`],
    ] as const) {
      const res = await upload(agent, [{ name: 'image_url', data: link }]);
      expect(res.statusCode, link).toBe(400);
      expect(json(res).message).toBe(NOT_UPLOADED_IMAGE_URL);
    }
  });
});
