import { ADDRESS_MESSAGES, MAX_ADDRESSES } from '../../schemas/account.ts';
import { MESSAGES } from '../../schemas/validation.ts';
import { describeBackends } from '../helpers/app.ts';
import { ipAgent, registerCustomer } from './auth-helpers.ts';

// /api/myAddress (SPEC §7): list, cart list, add / update, delete, pincode lookup; every query scoped to the
// signed-in customer.

describeBackends('account: addresses', (ctx) => {
  let pin: { pincode: string; city: string; state: string };
  let otherPin: { pincode: string; city: string; state: string };
  beforeAll(async () => {
    const pins = await ctx()
      .handle.db.selectFrom('pincodes')
      .select(['pincode', 'city', 'state'])
      .where('serviceable', '=', true)
      .orderBy('pincode')
      .execute();
    pin = pins[0];
    otherPin = pins.find((p) => p.state !== pin.state)!;
  });
  const body = (over: Record<string, unknown> = {}) => ({
    full_name: 'Asha Rao',
    mobile: '9123456780',
    c_code: '+91',
    pincode: pin.pincode,
    address: 'Flat 4B, Sunrise Apartments, MG Road',
    landmark: 'Near City Mall',
    city: pin.city,
    state: pin.state,
    address_type: 2,
    ...over,
  });

  test('every address call but the pincode lookup needs a signed-in customer', async () => {
    for (const [method, url] of [
      ['GET', '/api/myAddress/user-address-list'],
      ['GET', '/api/myAddress/cart-address-list'],
      ['POST', '/api/myAddress/user-address-add-update'],
      ['DELETE', '/api/myAddress/user-address-delete?address_id=1'],
    ] as const) {
      expect((await ctx().app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
  });

  test('pincode lookup from the seeded table; unknown and malformed pincodes refused', async () => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: `/api/myAddress/fetch-address-pincode?pincode=${pin.pincode}&st=${encodeURIComponent(pin.state)}`,
    });
    expect(res.json()).toMatchObject({
      status: 1,
      data: { pincode: pin.pincode, city: pin.city, state: pin.state, country: 'India', state_matches: true },
    });
    const mismatch = await ctx().app.inject({ method: 'GET', url: `/api/myAddress/fetch-address-pincode?pincode=${pin.pincode}&st=Goa` });
    expect(mismatch.json().data.state_matches).toBe(false);
    const unknown = await ctx().app.inject({ method: 'GET', url: '/api/myAddress/fetch-address-pincode?pincode=999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ADDRESS_MESSAGES.pincodeUnknown);
    for (const bad of ['12345', '1234567', 'abcdef', '012345', '']) {
      const r = await ctx().app.inject({ method: 'GET', url: `/api/myAddress/fetch-address-pincode?pincode=${bad}` });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message).toBe(ADDRESS_MESSAGES.pincode);
    }
  });

  test('add, edit, default handling and delete, with OFFICE / HOME / OTHER types', async () => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    const first = await a.post('/api/myAddress/user-address-add-update', body({ city: 'whatever', state: 'Somewhere' }));
    expect(first.json()).toMatchObject({
      status: 1,
      data: { is_default: true, address_type: 2, address_type_name: 'HOME', city: pin.city, state: pin.state },
    });
    const second = await a.post(
      '/api/myAddress/user-address-add-update',
      body({ address_type: 1, pincode: otherPin.pincode, city: otherPin.city, state: otherPin.state }),
    );
    expect(second.json().data).toMatchObject({ is_default: false, address_type_name: 'OFFICE' });
    const id1 = first.json().data.address_id;
    const id2 = second.json().data.address_id;
    const edited = await a.post(
      '/api/myAddress/user-address-add-update',
      body({ address_id: id2, address_type: 3, landmark: 'Opp. Gate #2', is_default: true, pincode: otherPin.pincode }),
    );
    expect(edited.json().data).toMatchObject({ address_id: id2, address_type_name: 'OTHER', landmark: 'Opp. Gate #2', is_default: true });
    const list = (await a.get('/api/myAddress/user-address-list')).json().data;
    expect(list.map((x: { address_id: number }) => x.address_id)).toEqual([id2, id1]);
    expect(list.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
    const cart = (await a.get('/api/myAddress/cart-address-list')).json().data;
    expect(cart[0]).toMatchObject({ serviceable: true, cod_available: expect.any(Boolean) });
    const del = await a.request({ method: 'DELETE', url: `/api/myAddress/user-address-delete?address_id=${id2}` });
    expect(del.json()).toMatchObject({ status: 1, data: [{ address_id: id1, is_default: true }] });
  });

  test('one customer cannot read, change or delete another customer’s addresses', async () => {
    const owner = ipAgent(ctx());
    await registerCustomer(ctx(), owner);
    const mine = (await owner.post('/api/myAddress/user-address-add-update', body())).json().data;
    const intruder = ipAgent(ctx());
    await registerCustomer(ctx(), intruder);
    expect((await intruder.get('/api/myAddress/user-address-list')).json().data).toEqual([]);
    expect((await intruder.get('/api/myAddress/cart-address-list')).json().data).toEqual([]);
    const edit = await intruder.post(
      '/api/myAddress/user-address-add-update',
      body({ address_id: mine.address_id, full_name: 'Mallory Evil' }),
    );
    expect(edit.statusCode).toBe(404);
    const del = await intruder.request({ method: 'DELETE', url: `/api/myAddress/user-address-delete?address_id=${mine.address_id}` });
    expect(del.statusCode).toBe(404);
    const after = (await owner.get('/api/myAddress/user-address-list')).json().data;
    expect(after).toEqual([mine]);
    // Nor their profile: the profile call answers only for the session's own customer.
    const profile = (await intruder.get('/api/myAccount/get-profile-values')).json().data;
    expect(profile.full_name).not.toBe(undefined);
    expect(profile.email).not.toBe((await owner.get('/api/myAccount/get-profile-values')).json().data.email);
  });

  test(`at most ${MAX_ADDRESSES} addresses`, async () => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    for (let i = 0; i < MAX_ADDRESSES; i++)
      expect((await a.post('/api/myAddress/user-address-add-update', body({ address: `House ${i + 1}, Long Street` }))).statusCode).toBe(
        200,
      );
    const over = await a.post('/api/myAddress/user-address-add-update', body());
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(ADDRESS_MESSAGES.limit);
  });

  test.each([
    [{ full_name: '' }, MESSAGES.nameRequired],
    [{ full_name: 'Jo' }, MESSAGES.nameMin],
    [{ full_name: 'Jo3y Smith' }, MESSAGES.namePattern],
    [{ mobile: '98765' }, MESSAGES.mobile],
    [{ pincode: '12' }, ADDRESS_MESSAGES.pincode],
    [{ pincode: '999999' }, ADDRESS_MESSAGES.pincodeUnknown],
    [{ address: 'abc' }, ADDRESS_MESSAGES.address],
    [{ address: 'Flat 4 <script>' }, /Address may contain/],
    [{ landmark: 'Near (mall)' }, /Landmark may contain/],
    [{ city: '' }, ADDRESS_MESSAGES.city],
    [{ state: 'Stat3' }, ADDRESS_MESSAGES.state],
    [{ address_type: 4 }, /address type/],
    [{ address_type: 'HOME' }, /address_type/],
    [{ email: 'not-an-email' }, MESSAGES.email],
    [{ address_id: -1 }, /address_id/],
    [{ address_id: 99999999 }, 'Address not found'],
  ])('%j is refused with its message', async (over, message) => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    const res = await a.post('/api/myAddress/user-address-add-update', body(over));
    expect([400, 404]).toContain(res.statusCode);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  });

  test('delete needs a valid address_id', async () => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    for (const q of ['', '?address_id=abc', '?address_id=0', '?address_id=1.5']) {
      expect((await a.request({ method: 'DELETE', url: `/api/myAddress/user-address-delete${q}` })).statusCode, q).toBe(400);
    }
  });
});
