import { processPendingRefunds, processRefund } from '../../server/flows/index.ts';
import type { RefundAdapters } from '../../server/modules/orders/index.ts';
import { sandboxPayouts } from '../../server/modules/orders/refund-gateway.ts';
import { raiseIssue } from '../../server/modules/payment/index.ts';
import { createPaytmGateway, readPaymentConfig } from '../../server/payments/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { startFakeGateways } from '../helpers/fake-gateways.ts';
import { handedOffOrder } from '../helpers/gateway-orders.ts';
import { insertCancelRefund, OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';
import { json } from './checkout-fixtures.ts';

// No refund is paid twice: not through retries, not across restarts, not by the staff queue. The store runs with
// PAYMENT_GATEWAY=paytm against a fake that answers Paytm's Refund API codes as documented
// (https://paytmpayments.com/docs/refund-api: 617 within 10 minutes of a refId's first request, 626 while another
// refund of the order is open, 629 after success; https://paytmpayments.com/docs/refund-status-api by refId).
// Each pass builds its adapter afresh (a restarted instance keeps nothing in memory: the rows are the state).

const fake = await startFakeGateways();
Object.assign(process.env, fake.env('paytm'), { OPS_TOKEN: OPS_TOKEN_FOR_TESTS });
afterAll(() => fake.close());

const CALLBACK = '/api/payment/paytm-callback-url';
const ELEVEN_MINUTES = 11 * 60_000;

describeBackends('gateway refunds are paid once', (ctx) => {
  const db = () => ctx().handle.db;
  /** A new instance's adapters: nothing carried over from the last pass. */
  const restarted = (): RefundAdapters => ({ gatewayFor: () => createPaytmGateway(readPaymentConfig()), payouts: sandboxPayouts });
  const refundState = (id: number) =>
    db().selectFrom('refunds').select(['status', 'gateway_refund_id', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  const resolve = (issueId: number, resolution: string) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/ops/payment-issues/${issueId}/resolve`,
      headers: { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` },
      payload: { resolution },
    });
  const issueOf = async (refundId: number) =>
    (
      await db()
        .selectFrom('payment_issues')
        .select(['id', 'note', 'resolved_at'])
        .where('refund_id', '=', refundId)
        .executeTakeFirstOrThrow()
    ).id;

  /** An order paid through Paytm (callback confirmed by the status call) and `n` refund rows against it. */
  const paidWithRefunds = async (amounts: number[]) => {
    const { agent, orderId, ref } = await handedOffOrder(db(), () => ctx().agent());
    const fields = await fake.paytm.pay(ref, 'TXN_SUCCESS');
    await agent.request({
      method: 'POST',
      url: CALLBACK,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const p = await db().selectFrom('payments').selectAll().where('gateway_order_ref', '=', ref).executeTakeFirstOrThrow();
    expect(p.status).toBe('success');
    const ids: number[] = [];
    for (const [i, amount] of amounts.entries())
      ids.push((await insertCancelRefund(db(), p, amount, (ship) => `cancel:${ship}:${orderId}-part-${i}`)).refundId);
    return { ref, orderId, orderDbId: p.order_id, paymentId: p.id, amount: p.amount, ids };
  };

  test('lost answers, 617, 626 and 629, restarts and the staff queue: each refund paid once, none by hand', async () => {
    const o = await paidWithRefunds([10_000, 15_000]);
    const [first, second] = o.ids as [number, number];
    fake.holdRefunds(o.ref, true);
    // The first request is raised at Paytm and its answer lost: the refund stays pending, never failed.
    fake.loseNextRefundAnswer();
    expect(await processRefund(db(), first, restarted())).toBe('pending');
    // The job's next pass (a new instance): 617 for the first (its status: pending), 626 for the second.
    await processPendingRefunds(db(), restarted());
    expect((await refundState(first)).status).toBe('pending');
    expect((await refundState(first)).gateway_refund_id).toBeTruthy();
    expect((await refundState(second)).status).toBe('pending');
    // Ten minutes on, Paytm no longer answers 617: the second is still 626 while the first is open.
    fake.advance(ELEVEN_MINUTES);
    await processPendingRefunds(db(), restarted());
    expect([(await refundState(first)).status, (await refundState(second)).status]).toEqual(['pending', 'pending']);

    // A queue entry about the first (as a refusal read too early would have raised): it cannot be paid by hand.
    await raiseIssue(db(), {
      kind: 'refund_failed',
      dedupKey: `test-early:${first}`,
      orderId: o.orderDbId,
      paymentId: o.paymentId,
      refundId: first,
      amount: 10_000,
      note: 'Refund failed: refused by the gateway.',
    });
    const early = await issueOf(first);
    const whilePending = await resolve(early, 'paid by NEFT, UTR 123');
    expect(whilePending.statusCode).toBe(409);
    expect(json(whilePending).message).toBe('The gateway is still paying this refund: do not pay it by hand; it settles by itself.');

    // Paytm pays: the first settles, the second is raised and settles on the pass after.
    fake.holdRefunds(o.ref, false);
    await processPendingRefunds(db(), restarted());
    await processPendingRefunds(db(), restarted());
    expect([(await refundState(first)).status, (await refundState(second)).status]).toEqual(['processed', 'processed']);
    const paid = await resolve(early, 'paid by NEFT, UTR 123');
    expect(paid.statusCode).toBe(409);
    expect(json(paid).message).toBe('The gateway has already paid this refund: do not pay it by hand.');

    // Once paid, asked again after 10 minutes (629) nothing more moves.
    fake.advance(ELEVEN_MINUTES);
    await processPendingRefunds(db(), restarted());
    const atPaytm = fake.refunds().filter((r) => r.orderId === o.ref);
    expect(atPaytm.map((r) => [r.status, Math.round(Number(r.amount) * 100)])).toEqual([
      ['SUCCESS', 10_000],
      ['SUCCESS', 15_000],
    ]);
    expect(new Set(atPaytm.map((r) => r.requestId)).size).toBe(2);
    expect(await db().selectFrom('payment_issues').select('id').where('refund_id', '=', second).execute()).toEqual([]);
  });

  test('a refund Paytm’s status says failed goes to the queue, and only then may a person pay it', async () => {
    const o = await paidWithRefunds([12_000]);
    const [only] = o.ids as [number];
    fake.paytm.failRefunds(o.ref);
    expect(await processRefund(db(), only, restarted())).toBe('pending');
    expect(await processRefund(db(), only, restarted())).toBe('failed');
    const issue = await db().selectFrom('payment_issues').select(['id', 'note']).where('refund_id', '=', only).executeTakeFirstOrThrow();
    expect(issue.note).toMatch(/pay it by bank transfer and note the UTR/);
    const res = await resolve(issue.id, 'paid by NEFT, UTR 456');
    expect(res.statusCode).toBe(200);
  });

  test('a partial refund under ₹1 is refused before Paytm is asked (its code 635)', async () => {
    const o = await paidWithRefunds([50]);
    const [tiny] = o.ids as [number];
    const before = fake.calls.length;
    expect(await processRefund(db(), tiny, restarted())).toBe('failed');
    expect((await refundState(tiny)).failure_reason).toBe('Paytm refuses a partial refund under ₹1');
    expect(fake.calls.slice(before).some((c) => c.path === '/refund/apply')).toBe(false);
  });
});
