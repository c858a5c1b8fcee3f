import { describeBackends } from '../helpers/app.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's review queue (docs/decisions/019): reviews awaiting a decision, oldest first; publishing or hiding
// one with the moderation call takes it out of the queue and lands in the audit trail.

process.env.OUTBOX_WORKER = 'off';

describeBackends('operations console: review queue', (ctx) => {
  test('support works the queue: hide one, publish another; each leaves the queue, on record', async () => {
    const t = ctx();
    const support = await signedInStaff(t, 'support');
    const queue = await support.agent.get('/api/ops/reviews');
    expect(queue.statusCode).toBe(200);
    const awaiting = queue.json().data.reviews as Array<{
      review_id: number;
      created_at: string;
      moderated_at: string | null;
      status: string;
    }>;
    expect(awaiting.length).toBeGreaterThanOrEqual(2);
    expect(awaiting.every((r) => r.moderated_at === null && r.status !== 'withdrawn')).toBe(true);
    const times = awaiting.map((r) => r.created_at);
    expect([...times].sort()).toEqual(times);
    const [first, second] = awaiting as unknown as [{ review_id: number }, { review_id: number }];

    const hide = await support.agent.post('/api/review/v1/ops/review-status', { review_id: first.review_id, status: 'hidden' });
    expect(hide.statusCode).toBe(200);
    // Publishing a review that is already published is still a decision: it leaves the queue too.
    const publish = await support.agent.post('/api/review/v1/ops/review-status', { review_id: second.review_id, status: 'published' });
    expect(publish.statusCode).toBe(200);

    const after = (await support.agent.get('/api/ops/reviews')).json().data.reviews as Array<{ review_id: number }>;
    expect(after.map((r) => r.review_id)).not.toContain(first.review_id);
    expect(after.map((r) => r.review_id)).not.toContain(second.review_id);
    const hidden = (await support.agent.get('/api/ops/reviews?state=hidden')).json().data.reviews as Array<{ review_id: number }>;
    expect(hidden[0]).toMatchObject({ review_id: first.review_id, status: 'hidden' });
    const published = (await support.agent.get('/api/ops/reviews?state=published')).json().data.reviews as Array<{ review_id: number }>;
    expect(published[0]).toMatchObject({ review_id: second.review_id, status: 'published' });

    // An author's edit brings the changed text back to the queue.
    const author = await createCustomer(t.handle.db);
    await t.handle.db.updateTable('reviews').set({ customer_id: author }).where('id', '=', second.review_id).execute();
    const browser = t.agent();
    await signInDirectly(t.handle.db, browser, author);
    const edit = await browser.post('/api/review/v1/update-review', { review_id: second.review_id, body: 'Changed after moderation.' });
    expect(edit.statusCode).toBe(200);
    expect(
      ((await support.agent.get('/api/ops/reviews')).json().data.reviews as Array<{ review_id: number }>).map((r) => r.review_id),
    ).toContain(second.review_id);

    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    const mine = trail.filter((e) => e.action === 'POST /api/review/v1/ops/review-status' && e.actor === `staff:${support.id}`);
    expect(mine.map((e) => e.after)).toEqual([
      { review_id: second.review_id, status: 'published' },
      { review_id: first.review_id, status: 'hidden' },
    ]);
  });

  test('a bad state is 400; a role without reviews:moderate is 403', async () => {
    const t = ctx();
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.get('/api/ops/reviews?state=pending')).statusCode).toBe(400);
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect((await fulfilment.agent.get('/api/ops/reviews')).statusCode).toBe(403);
    expect((await t.agent().get('/api/ops/reviews')).statusCode).toBe(401);
  });
});
