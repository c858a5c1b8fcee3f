import { paymentGateway } from '../../server/modules/payment/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { startFakeGateways } from '../helpers/fake-gateways.ts';
import { handedOffOrder, nextOrder } from '../helpers/gateway-orders.ts';
import { TransactionData } from '../../schemas/payment.ts';
import { json } from './checkout-fixtures.ts';

// Saved cards through Juspay's locker as Juspay documents it (tests/helpers/fake-gateways.ts;
// docs/decisions/024-saved-cards.md): a charged order whose card was saved with consent reports
// card.saved_to_locker and its persistent card_reference; the customer's cards are GET /customers/{id}/cards;
// removing one is POST /card/delete with the card_token the list hands out.

const fake = await startFakeGateways();
Object.assign(process.env, fake.env('juspay'));
afterAll(() => fake.close());

const RETURN = '/api/payment/verify-juspay-transaction';
const VISA_SAVED = {
  mode: 'CC' as const,
  bin: '411111',
  bank: 'State Bank of India',
  save: { brand: 'VISA', last4: '1111', month: '07', year: '2031' },
};

describeBackends('saved cards with Juspay', (ctx) => {
  const db = () => ctx().handle.db;
  const handedOff = () => handedOffOrder(db(), () => ctx().agent(), { method: 2 });

  test('a card saved on Juspay’s page is kept as its card_reference, listed, and removed from the locker', async () => {
    const { agent, orderId, ref } = await handedOff();
    const back = await agent.get(`${RETURN}?${new URLSearchParams(fake.juspay.transact(ref, 'CHARGED', VISA_SAVED)).toString()}`);
    expect(back.headers.location).toBe(`/order-successfull/${orderId}`);
    const reference = fake.orders.get(ref)?.savedReference as string;
    expect(reference).toMatch(/^cref_/);

    const cards = json(await agent.get('/api/payment/saved-cards')).data;
    expect(cards).toEqual([{ id: expect.any(Number), network: 'VISA', last4: '1111', expiry_month: 7, expiry_year: 2031 }]);
    const row = await db().selectFrom('saved_cards').selectAll().where('id', '=', cards[0].id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gateway: 'juspay', token: reference });

    // The adapter reads the locker as Juspay keeps it.
    const customer = { id: row.customer_id, email: null, mobile: null };
    const vault = paymentGateway(db()).savedCards;
    expect(await vault?.list?.(customer)).toEqual([{ token: reference, network: 'VISA', last4: '1111', expiryMonth: 7, expiryYear: 2031 }]);

    expect(json(await agent.post('/api/payment/delete-saved-card', { id: cards[0].id })).data).toEqual([]);
    expect(await vault?.list?.(customer)).toEqual([]);
    expect(fake.calls.some((c) => c.path === '/card/delete')).toBe(true);
  });

  test('paying with a saved card: the session names the customer, locks the page to cards and carries the card', async () => {
    const { agent, orderId, ref } = await handedOff();
    await agent.get(`${RETURN}?${new URLSearchParams(fake.juspay.transact(ref, 'CHARGED', VISA_SAVED)).toString()}`);
    const reference = fake.orders.get(ref)?.savedReference as string;
    const [card] = json(await agent.get('/api/payment/saved-cards')).data;
    const plain = fake.orders.get(ref)?.initiation;
    expect(plain).not.toHaveProperty('payment_filter');
    expect(plain).not.toHaveProperty('udf1');

    const next = await nextOrder(db(), agent, orderId);
    const res = await agent.post('/api/payment/initate-transaction', {
      order_id: next,
      payment_method: 2,
      instrument: {},
      saved_card_id: card.id,
    });
    expect(res.statusCode).toBe(200);
    const session = fake.orders.get(TransactionData.parse(json(res).data).payment_ref)?.initiation;
    expect(session).toMatchObject({
      customer_id: plain?.customer_id,
      payment_filter: { allowDefaultOptions: false, options: [{ paymentMethodType: 'CARD', enable: true }] },
      udf1: reference,
    });
  });

  test('a failed payment with the consent box ticked saves nothing', async () => {
    const { agent, orderId, ref } = await handedOff();
    const back = await agent.get(
      `${RETURN}?${new URLSearchParams(fake.juspay.transact(ref, 'AUTHORIZATION_FAILED', VISA_SAVED)).toString()}`,
    );
    expect(back.headers.location).toBe(`/order-failed/${orderId}`);
    expect(json(await agent.get('/api/payment/saved-cards')).data).toEqual([]);
  });
});
