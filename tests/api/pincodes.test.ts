import { ADDRESS_MESSAGES, ServiceabilityResponse } from '../../schemas/account.ts';
import { INDIA_STATES } from '../../schemas/india-states.ts';
import { loadPincodeDirectory } from '../../server/modules/stores/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { ipAgent, registerCustomer } from './auth-helpers.ts';
import { createShoppers, json, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Every real pincode (docs/pincodes.md): India Post's directory is loaded into `pincodes` by the seed; addresses
// anywhere in India are saved with the directory's city and state; a pincode it does not list is saved with the
// shopper's city and a state of India near it; each pincode's serviceability gives a delivery estimate.

/** One real pincode in each of India's 28 states and 8 union territories, with the city the directory gives it. */
const ONE_PER_STATE: Array<[pincode: string, city: string, state: string]> = [
  ['744101', 'South Andamans', 'Andaman and Nicobar Islands'],
  ['520001', 'Ntr', 'Andhra Pradesh'],
  ['791111', 'Papum Pare', 'Arunachal Pradesh'],
  ['781001', 'Kamrup Metro', 'Assam'],
  ['800001', 'Patna', 'Bihar'],
  ['160017', 'Chandigarh', 'Chandigarh'],
  ['492001', 'Raipur', 'Chhattisgarh'],
  ['396210', 'Daman', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['110001', 'New Delhi', 'Delhi'],
  ['403001', 'North Goa', 'Goa'],
  ['380001', 'Ahmadabad', 'Gujarat'],
  ['122001', 'Gurugram', 'Haryana'],
  ['171001', 'Shimla', 'Himachal Pradesh'],
  ['190001', 'Srinagar', 'Jammu and Kashmir'],
  ['834001', 'Ranchi', 'Jharkhand'],
  ['560034', 'Bengaluru', 'Karnataka'],
  ['695001', 'Thiruvananthapuram', 'Kerala'],
  ['194101', 'Leh Ladakh', 'Ladakh'],
  ['682555', 'Lakshadweep District', 'Lakshadweep'],
  ['462001', 'Bhopal', 'Madhya Pradesh'],
  ['400001', 'Mumbai', 'Maharashtra'],
  ['795001', 'Imphal West', 'Manipur'],
  ['793001', 'East Khasi Hills', 'Meghalaya'],
  ['796001', 'Aizawl', 'Mizoram'],
  ['797001', 'Kohima', 'Nagaland'],
  ['751001', 'Khordha', 'Odisha'],
  ['605001', 'Pondicherry', 'Puducherry'],
  ['141001', 'Ludhiana', 'Punjab'],
  ['302001', 'Jaipur', 'Rajasthan'],
  ['737101', 'East District', 'Sikkim'],
  ['600001', 'Chennai', 'Tamil Nadu'],
  ['500001', 'Hyderabad', 'Telangana'],
  ['799001', 'West Tripura', 'Tripura'],
  ['226001', 'Lucknow', 'Uttar Pradesh'],
  ['248001', 'Dehradun', 'Uttarakhand'],
  ['700001', 'Kolkata', 'West Bengal'],
];
/** Valid pincodes the directory does not list, in sorting districts it does (Bengaluru's 560, Kolkata's 700). */
const UNLISTED_KARNATAKA = '560999';
const UNLISTED_WEST_BENGAL = '700999';

describeBackends('pincodes: the India Post directory', (ctx) => {
  const db = () => ctx().handle.db;
  const address = (over: Record<string, unknown>) => ({
    full_name: 'Asha Rao',
    mobile: '9123456780',
    c_code: '+91',
    address: 'Flat 4B, Sunrise Apartments, 80 Feet Road',
    landmark: null,
    city: '',
    state: '',
    address_type: 2,
    ...over,
  });
  const serviceability = async (pincode: string) =>
    ctx().app.inject({ method: 'GET', url: `/api/myAddress/pincode-serviceability?pincode=${pincode}` });

  test('the seed loads every pincode of the directory, once', async () => {
    const { n } = await db()
      .selectFrom('pincodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(19_000);
    const states = await db().selectFrom('pincodes').select('state').distinct().execute();
    expect(states.map((s) => s.state).sort()).toEqual(INDIA_STATES.map((s) => s.name).sort());
    // Loaded already: a boot after the seed reads one row and writes nothing.
    expect(await loadPincodeDirectory(db())).toMatchObject({ loaded: false });
  });

  test('a load after a change restores the shipped rows and removes rows it does not ship', async () => {
    await db().updateTable('pincodes').set({ city: 'Nowhere', serviceable: false }).where('pincode', '=', '560034').execute();
    await db().insertInto('pincodes').values({ pincode: '999990', city: 'Stale', district: 'Stale', state: 'Delhi' }).execute();
    await db().deleteFrom('pincode_directory_loads').execute();
    const load = await loadPincodeDirectory(db());
    expect(load).toMatchObject({ loaded: true });
    expect(load.pincodes).toBeGreaterThan(19_000);
    expect(await db().selectFrom('pincodes').selectAll().where('pincode', '=', '560034').executeTakeFirst()).toMatchObject({
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      serviceable: true,
    });
    expect(await db().selectFrom('pincodes').select('pincode').where('pincode', '=', '999990').executeTakeFirst()).toBeUndefined();
    expect(await loadPincodeDirectory(db())).toMatchObject({ loaded: false });
  });

  test('an address on a real pincode of every state and union territory takes the directory’s city and state', async () => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    for (const [i, [pincode, city, state]] of ONE_PER_STATE.entries()) {
      // The addresses limit is per customer: a fresh one every 18 addresses.
      if (i === 18) await registerCustomer(ctx(), a);
      // What the shopper typed for a listed pincode does not count: the directory is the authority.
      const res = await a.post('/api/myAddress/user-address-add-update', address({ pincode, city: 'Typed', state: 'Goa' }));
      expect(res.statusCode, pincode).toBe(200);
      expect(res.json().data, pincode).toMatchObject({ pincode, city, state, country: 'India' });
    }
    expect(new Set(ONE_PER_STATE.map(([, , state]) => state)).size).toBe(36);
  });

  test('560034 (Koramangala, Bengaluru) is looked up from the directory with its delivery estimate', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/myAddress/fetch-address-pincode?pincode=560034&st=Karnataka' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      pincode: '560034',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      country: 'India',
      serviceable: true,
      cod_available: true,
      state_matches: true,
      delivery_days: { min_days: 3, max_days: 6 },
    });
    const unlisted = await ctx().app.inject({ method: 'GET', url: `/api/myAddress/fetch-address-pincode?pincode=${UNLISTED_KARNATAKA}` });
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json().message).toBe(ADDRESS_MESSAGES.pincodeUnknown);
  });

  test('an unlisted valid pincode is saved with the typed city and state, and served prepaid only', async () => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    const res = await a.post(
      '/api/myAddress/user-address-add-update',
      address({ pincode: UNLISTED_KARNATAKA, city: 'Bengaluru', state: ' karnataka ' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pincode: UNLISTED_KARNATAKA, city: 'Bengaluru', state: 'Karnataka', is_default: true });
    const second = await a.post(
      '/api/myAddress/user-address-add-update',
      address({ pincode: UNLISTED_WEST_BENGAL, city: 'Kolkata', state: 'West Bengal' }),
    );
    expect(second.json().data).toMatchObject({ city: 'Kolkata', state: 'West Bengal', is_default: false });
    const list = (await a.get('/api/myAddress/cart-address-list')).json().data as Array<Record<string, unknown>>;
    expect(list.find((x) => x.pincode === UNLISTED_KARNATAKA)).toMatchObject({
      serviceable: true,
      cod_available: false,
      delivery_days: { min_days: 3, max_days: 6 },
    });
  });

  test.each([
    ['a state that is not one of India’s', { state: 'Atlantis' }, ADDRESS_MESSAGES.stateUnknown],
    ['no state', { state: '' }, ADDRESS_MESSAGES.state],
    ['a state the pincode is not in', { state: 'Punjab' }, ADDRESS_MESSAGES.stateOfPincode(UNLISTED_KARNATAKA, 'Punjab')],
    ['no city', { city: '' }, ADDRESS_MESSAGES.city],
    ['a pincode of no postal region (9 is the army’s)', { pincode: '999999' }, ADDRESS_MESSAGES.pincodeUnknown],
  ])('an unlisted pincode with %s is refused with a clear 400', async (_, over, message) => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    const res = await a.post(
      '/api/myAddress/user-address-add-update',
      address({ pincode: UNLISTED_KARNATAKA, city: 'Bengaluru', state: 'Karnataka', ...over }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await a.get('/api/myAddress/user-address-list')).json().data).toEqual([]);
  });

  test('the checkout delivers to an unlisted pincode, without pay on delivery', async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], '560034');
    const agent = signIn(ctx().agent(), s);
    const listed = await agent.post('/api/select-address/deliver-here', { address_id: s.addressId });
    expect(json(listed).data).toMatchObject({ serviceable: true, cod_available: true });
    const saved = json(
      await agent.post(
        '/api/myAddress/user-address-add-update',
        address({ pincode: UNLISTED_KARNATAKA, city: 'Bengaluru', state: 'Karnataka' }),
      ),
    ).data;
    const res = await agent.post('/api/select-address/deliver-here', { address_id: saved.address_id });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ serviceable: true, cod_available: false });
  });

  test('the checkout offers no pay on delivery where serviceability says so (Leh, Ladakh)', async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], '194101');
    const agent = signIn(ctx().agent(), s);
    const res = await agent.post('/api/select-address/deliver-here', { address_id: s.addressId });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ serviceable: true, cod_available: false });
    const details = await agent.get('/api/order-confirmation/order-details');
    expect(json(details).data).toMatchObject({ serviceable: true, cod_available: false });
    // The payment step lists pay on delivery as unavailable, with the reason.
    const placed = await placeOrderFor(agent);
    expect(placed.res.statusCode).toBe(200);
    const payment = await agent.get(`/api/payment/active-payment?orderId=${placed.body.data.order_id}`);
    expect(json(payment).data.methods.find((m: { code: number }) => m.code === 4)).toMatchObject({
      available: false,
      reason: 'Pay on delivery is not available for pincode 194101.',
    });
  });

  test.each([
    [
      '110001',
      {
        listed: true,
        city: 'New Delhi',
        state: 'Delhi',
        serviceable: true,
        cod_available: true,
        delivery_days: { min_days: 1, max_days: 2 },
      },
    ],
    ['122001', { listed: true, state: 'Haryana', serviceable: true, cod_available: true, delivery_days: { min_days: 2, max_days: 4 } }],
    ['560034', { listed: true, city: 'Bengaluru', state: 'Karnataka', cod_available: true, delivery_days: { min_days: 3, max_days: 6 } }],
    [
      '744101',
      {
        listed: true,
        state: 'Andaman and Nicobar Islands',
        serviceable: true,
        cod_available: false,
        delivery_days: { min_days: 5, max_days: 9 },
      },
    ],
    ['194101', { listed: true, state: 'Ladakh', serviceable: true, cod_available: false, delivery_days: { min_days: 5, max_days: 9 } }],
    [
      UNLISTED_KARNATAKA,
      {
        listed: false,
        city: null,
        state: 'Karnataka',
        serviceable: true,
        cod_available: false,
        delivery_days: { min_days: 3, max_days: 6 },
      },
    ],
  ])('serviceability of %s', async (pincode, expected) => {
    const res = await serviceability(pincode);
    expect(res.statusCode).toBe(200);
    expect(ServiceabilityResponse.parse(res.json()).data).toMatchObject({ pincode, ...expected });
  });

  test('a pincode where India Post does not deliver is not served; unknown and malformed pincodes are refused', async () => {
    const closed = await db()
      .selectFrom('pincodes')
      .select('pincode')
      .where('delivery', '=', false)
      .orderBy('pincode')
      .executeTakeFirstOrThrow();
    expect((await serviceability(closed.pincode)).json().data).toMatchObject({
      listed: true,
      serviceable: false,
      cod_available: false,
      delivery_days: null,
    });
    const none = await serviceability('999999');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ADDRESS_MESSAGES.pincodeUnknown);
    for (const bad of ['12345', 'abcdef', '012345', '']) {
      const res = await serviceability(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(ADDRESS_MESSAGES.pincode);
    }
  });
});
