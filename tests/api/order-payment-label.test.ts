import { describeBackends } from '../helpers/app.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// SPEC §9 names the payment methods; an order without one has not been paid yet, and My Orders and the order page
// say so in words ("Payment pending"), never the reports' "NA".

describeBackends('the payment label of an order waiting for payment', (ctx) => {
  const db = () => ctx().handle.db;

  test('My Orders and the order page show "Payment pending" for an order placed and not yet paid', async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    const list = json(await agent.post('/api/order/order-listing', { page: 1, page_size: 10 })).data;
    const mine = list.orders.find((o: { order_id: string }) => o.order_id === orderId);
    expect(mine.display_payment_method).toBe('Payment pending');
    const details = json(await agent.post('/api/order/shipment-details', { order_id: orderId })).data;
    expect(details.order.display_payment_method).toBe('Payment pending');
  });
});
