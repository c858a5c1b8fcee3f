import { currentContext, events$, emit, setStrictValidation } from '../../../events/index.ts';
import type { SessionUser } from '../../../schemas/common.ts';
import { syncUser } from './index.ts';

const asha: SessionUser = {
  customer_id: 42,
  customer_name: 'Asha Devi Rao',
  customer_first_name: 'Asha',
  customer_email: 'asha@example.com',
  customer_mobile: '9876543210',
  customer_c_code: '+91',
  is_complete_profile: true,
  last_order: '05-11-2026 01:30:00',
  cart_journey: 'NA',
};

afterEach(() => syncUser(null));

// SPEC §3: the session user from GET /api/ping becomes the user fields every event carries.
describe('syncUser', () => {
  test('every event carries user_id, user_name, user_mobile, user_email and last_order of the session user', () => {
    setStrictValidation(true);
    syncUser(asha);
    const seen: unknown[] = [];
    const sub = events$.subscribe({ next: (e) => seen.push(e.ctx) });
    emit({ name: 'page_drop' });
    sub.unsubscribe();
    expect(seen[0]).toMatchObject({
      login_status: 'logged_in',
      user_id: '42',
      user_name: 'Asha Devi Rao',
      user_mobile: '9876543210',
      user_email: 'asha@example.com',
      last_order: '05-11-2026 01:30:00',
      user_first_name: 'Asha',
      user_last_name: 'Devi Rao',
    });
  });
  test('a customer without email, mobile or order carries NA; signing out clears every field', () => {
    syncUser({ ...asha, customer_email: null, customer_mobile: null, last_order: null });
    expect(currentContext()).toMatchObject({ user_id: '42', user_email: 'NA', user_mobile: 'NA', last_order: 'NA' });
    syncUser(null);
    expect(currentContext()).toMatchObject({
      login_status: 'non_logged_in',
      user_id: 'NA',
      user_name: 'NA',
      user_mobile: 'NA',
      user_email: 'NA',
      last_order: 'NA',
    });
  });
});
