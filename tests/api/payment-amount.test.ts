import { groupRupees } from '../../schemas/money.ts';
import { OfferListData, TransactionData } from '../../schemas/payment.ts';
import { describeBackends } from '../helpers/app.ts';
import { outcomeFields } from '../helpers/sandbox-page.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// One amount, everywhere (SPEC §6 bank offers; server/modules/payment/amount.ts): what offer-list prices for an
// instrument (the Pay button's amount) is what the attempt charges, what the sandbox gateway's page shows, what the
// failure page names and what the payment-failed email and SMS say. Offers are listed under the method they apply to.

const PHONE_BASE = 6_100_000_000 + (process.pid % 100_000) * 1_000;

describeBackends('one amount for a payment', (ctx) => {
  const db = () => ctx().handle.db;
  let phones = 0;

  /** A signed-in shopper with a mobile and an unpaid order worth ₹2,100 to ₹4,000 (every seeded offer's minimum met). */
  const orderFor = async () => {
    const v = await variantIn(db(), 210_000, 400_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    await db()
      .updateTable('customers')
      .set({ mobile: String(PHONE_BASE + phones++) })
      .where('id', '=', s.customerId)
      .execute();
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    const total = (await db().selectFrom('orders').select('total').where('order_number', '=', orderId).executeTakeFirstOrThrow()).total;
    return { agent, orderId, total };
  };

  const CASES = [
    { name: 'UPI', method: 1, query: 'instrument=upi', instrument: {}, label: 'upi' },
    { name: 'an HDFC card', method: 2, query: 'instrument=card&card_bin=485446', instrument: { card_bin: '485446' }, label: 'card' },
    {
      name: 'ICICI net banking',
      method: 3,
      query: 'instrument=netbanking&bank=ICICI%20Bank',
      instrument: { bank: 'ICICI Bank' },
      label: 'netbanking',
    },
  ] as const;

  for (const c of CASES)
    test(`with ${c.name}, the amount offer-list prices is the amount charged and shown by the gateway`, async () => {
      const { agent, orderId, total } = await orderFor();
      const quote = OfferListData.parse(json(await agent.get(`/api/payment/offer-list?orderId=${orderId}&${c.query}`)).data);
      expect(quote.total).toBe(total);
      expect(quote.best?.instrument).toBe(c.label);
      expect(quote.best?.applicable).toBe(true);
      expect(quote.payable).toBe(total - (quote.best?.discount ?? 0));
      expect(quote.payable).toBeLessThan(total);

      const tx = TransactionData.parse(
        json(
          await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: c.method, instrument: c.instrument }),
        ).data,
      );
      expect(tx.amount).toBe(quote.payable);
      expect(tx.bank_offer_discount).toBe(quote.best?.discount);
      const page = (await agent.get(tx.redirect.url)).body as string;
      expect(page).toContain(`<dt>Amount</dt><dd>₹${groupRupees(quote.payable / 100)}</dd>`);
      // The card's first digits are typed once: the gateway's card form starts with them.
      if (c.method === 2) expect(page).toMatch(/name="card_number"[^>]*value="485446"/);
    });

  test('the Pay amount without a qualifying instrument is the order total; an offer never crosses methods', async () => {
    const { agent, orderId, total } = await orderFor();
    const plain = OfferListData.parse(json(await agent.get(`/api/payment/offer-list?orderId=${orderId}&instrument=card`)).data);
    expect(plain.payable).toBe(total);
    expect(plain.best).toBeNull();
    // An SBI card prefix does not qualify for the HDFC card offer.
    const other = OfferListData.parse(
      json(await agent.get(`/api/payment/offer-list?orderId=${orderId}&instrument=card&card_bin=411111`)).data,
    );
    expect(other.payable).toBe(total);
    const tx = TransactionData.parse(
      json(
        await agent.post('/api/payment/initate-transaction', {
          order_id: orderId,
          payment_method: 2,
          instrument: { card_bin: '411111' },
        }),
      ).data,
    );
    expect(tx.amount).toBe(other.payable);
  });

  test('offers are grouped under the methods they apply to, checked only under the chosen one', async () => {
    const { agent, orderId } = await orderFor();
    const all = OfferListData.parse(json(await agent.get(`/api/payment/offer-list?orderId=${orderId}`)).data);
    expect(all.methods.map((g) => [g.code, g.instrument])).toEqual([
      [1, 'upi'],
      [2, 'card'],
      [3, 'netbanking'],
      [6, 'wallet'],
    ]);
    for (const g of all.methods) for (const o of g.offers) expect(o.instrument).toBe(g.instrument);
    const banks = (code: number, data = all) => data.methods.find((g) => g.code === code)?.offers.map((o) => o.bank) ?? [];
    expect(banks(2)).toContain('HDFC Bank');
    expect(banks(3)).toContain('ICICI Bank');
    expect(banks(1)).not.toContain('HDFC Bank');
    expect(banks(1)).not.toContain('ICICI Bank');
    expect(all.methods.flatMap((g) => g.offers).length).toBe(all.offers.length);

    const card = OfferListData.parse(
      json(await agent.get(`/api/payment/offer-list?orderId=${orderId}&instrument=card&card_bin=48544612`)).data,
    );
    const hdfc = card.methods.find((g) => g.code === 2)?.offers.find((o) => o.bank === 'HDFC Bank');
    expect(hdfc).toMatchObject({ applicable: true });
    expect(card.best?.id).toBe(hdfc?.id);
    for (const o of card.methods.find((g) => g.code === 1)?.offers ?? []) expect(o.applicable).toBeNull();
  });

  test('a failed payment with an offer: the failure page, the email and the SMS name the amount that was asked', async () => {
    const { agent, orderId, total } = await orderFor();
    const tx = TransactionData.parse(
      json(await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: {} })).data,
    );
    expect(tx.amount).toBeLessThan(total);
    const page = (await agent.get(tx.redirect.url)).body as string;
    const failed = await agent.request({
      method: 'POST',
      url: '/api/payment/sandbox/callback',
      payload: new URLSearchParams(outcomeFields(page, 'failed')).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(failed.statusCode).toBeLessThan(400);
    const view = json(await agent.get(`/api/payment/payment-failed?orderId=${orderId}`)).data;
    expect(view.amount).toBe(tx.amount);

    const messages = await db()
      .selectFrom('outbox')
      .select(['channel', 'body', 'subject'])
      .where('body', 'like', `%${orderId}%`)
      .where('channel', 'in', ['email', 'sms'])
      .execute();
    const sent = messages.filter((m) => m.channel === 'sms' || m.subject?.includes('did not go through'));
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const asked = groupRupees(tx.amount / 100);
    for (const m of sent) {
      expect(m.body).toContain(asked);
      expect(m.body).not.toContain(groupRupees(total / 100));
    }
  });
});
