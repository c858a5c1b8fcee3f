import { TransactionData } from '../../schemas/payment.ts';
import { paymentGateway } from '../../server/modules/payment/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { startFakeGateways } from '../helpers/fake-gateways.ts';
import { handedOffOrder, nextOrder } from '../helpers/gateway-orders.ts';
import { json } from './checkout-fixtures.ts';

// Saved cards through Paytm's card-on-file tokens as Paytm documents them (tests/helpers/fake-gateways.ts;
// docs/decisions/024-saved-cards.md): the shopper consents on Paytm's page; Paytm's answers do not say a card was
// tokenised, so after a successful card payment the store asks Fetch Saved Cards
// (/savedcardservice/merchant/coft/cards, by mid and custId) for the token of the card paid with and keeps its
// savedCardId; removal is Delete Card (/savedcardservice/card/delete); paying with a saved card opens Paytm's page
// on cards alone.

const fake = await startFakeGateways();
Object.assign(process.env, fake.env('paytm'));
afterAll(() => fake.close());

const CALLBACK = '/api/payment/paytm-callback-url';
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const VISA_SAVED = {
  mode: 'CC' as const,
  bin: '411111',
  bank: 'HDFC Bank',
  save: { brand: 'VISA', last4: '4242', month: '07', year: '2031' },
};
const VAULT_PATHS = ['/savedcardservice/merchant/coft/cards', '/savedcardservice/card/delete'];

describeBackends('saved cards with Paytm', (ctx) => {
  const db = () => ctx().handle.db;
  type Agent = ReturnType<ReturnType<typeof ctx>['agent']>;
  const post = (agent: Agent, fields: Record<string, string>) =>
    agent.request({ method: 'POST', url: CALLBACK, payload: new URLSearchParams(fields).toString(), headers: formHeaders });
  const customerOf = async (orderId: string) =>
    (await db().selectFrom('orders').select('customer_id').where('order_number', '=', orderId).executeTakeFirstOrThrow()).customer_id;
  const vaultCalls = () => fake.calls.filter((c) => VAULT_PATHS.includes(c.path));

  test('a card tokenised on Paytm’s page is kept as its savedCardId, pays again from cards alone, and is deleted', async () => {
    const { agent, orderId, ref } = await handedOffOrder(db(), () => ctx().agent(), { method: 2 });
    const back = await post(agent, await fake.paytm.pay(ref, 'TXN_SUCCESS', VISA_SAVED));
    expect(back.headers.location).toBe(`/order-successfull/${orderId}`);
    const customerId = await customerOf(orderId);
    const [token] = fake.paytm.vault(`CUST${customerId}`);
    expect(token?.savedCardId).toBeTruthy();

    const cards = json(await agent.get('/api/payment/saved-cards')).data;
    expect(cards).toEqual([{ id: expect.any(Number), network: 'VISA', last4: '4242', expiry_month: 7, expiry_year: 2031 }]);
    const row = await db().selectFrom('saved_cards').selectAll().where('id', '=', cards[0].id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gateway: 'paytm', token: token?.savedCardId, customer_id: customerId });

    // The adapter reads the tokens as Paytm lists them.
    const customer = { id: customerId, email: null, mobile: null };
    const vault = paymentGateway(db()).savedCards;
    expect(await vault?.list?.(customer)).toEqual([
      { token: token?.savedCardId, network: 'VISA', last4: '4242', expiryMonth: 7, expiryYear: 2031 },
    ]);

    // Paying with it: Initiate Transaction names the customer and opens the page on cards alone.
    const second = await nextOrder(db(), agent, orderId);
    const res = await agent.post('/api/payment/initate-transaction', {
      order_id: second,
      payment_method: 2,
      instrument: {},
      saved_card_id: cards[0].id,
    });
    expect(res.statusCode).toBe(200);
    const initiation = fake.orders.get(TransactionData.parse(json(res).data).payment_ref)?.initiation;
    expect(initiation).toMatchObject({
      userInfo: { custId: `CUST${customerId}` },
      enablePaymentMode: [{ mode: 'CREDIT_CARD' }, { mode: 'DEBIT_CARD' }],
    });

    // Paytm refusing the deletion: a 502, and the card stays in both places.
    fake.paytm.refuseDeletes(true);
    try {
      expect((await agent.post('/api/payment/delete-saved-card', { id: cards[0].id })).statusCode).toBe(502);
    } finally {
      fake.paytm.refuseDeletes(false);
    }
    expect(fake.paytm.vault(`CUST${customerId}`)).toHaveLength(1);
    expect(json(await agent.get('/api/payment/saved-cards')).data).toHaveLength(1);

    expect(json(await agent.post('/api/payment/delete-saved-card', { id: cards[0].id })).data).toEqual([]);
    expect(fake.paytm.vault(`CUST${customerId}`)).toEqual([]);
    expect(await vault?.list?.(customer)).toEqual([]);
    expect(await db().selectFrom('saved_cards').select('id').where('id', '=', cards[0].id).executeTakeFirst()).toBeUndefined();
  });

  test('an order paid without a saved card initiates with every payment mode', async () => {
    const { ref } = await handedOffOrder(db(), () => ctx().agent(), { method: 2 });
    expect(fake.orders.get(ref)?.initiation).not.toHaveProperty('enablePaymentMode');
  });

  test('a failed card payment or a UPI payment saves nothing, and a UPI payment does not ask the vault', async () => {
    const failed = await handedOffOrder(db(), () => ctx().agent(), { method: 2 });
    await post(failed.agent, await fake.paytm.pay(failed.ref, 'TXN_FAILURE', VISA_SAVED));
    expect(json(await failed.agent.get('/api/payment/saved-cards')).data).toEqual([]);

    const upi = await handedOffOrder(db(), () => ctx().agent(), { method: 1 });
    const before = vaultCalls().length;
    const back = await post(upi.agent, await fake.paytm.pay(upi.ref, 'TXN_SUCCESS'));
    expect(back.headers.location).toBe(`/order-successfull/${upi.orderId}`);
    expect(vaultCalls().length).toBe(before);
    expect(json(await upi.agent.get('/api/payment/saved-cards')).data).toEqual([]);
  });

  test('a card paid without consent (no token in the vault) is not saved', async () => {
    const { agent, orderId, ref } = await handedOffOrder(db(), () => ctx().agent(), { method: 2 });
    const back = await post(agent, await fake.paytm.pay(ref, 'TXN_SUCCESS', { mode: 'CC', bin: '411111', bank: 'HDFC Bank' }));
    expect(back.headers.location).toBe(`/order-successfull/${orderId}`);
    // The vault was asked (Paytm's answer does not say), and held nothing for this customer.
    expect(vaultCalls().at(-1)?.path).toBe('/savedcardservice/merchant/coft/cards');
    expect(json(await agent.get('/api/payment/saved-cards')).data).toEqual([]);
  });
});
