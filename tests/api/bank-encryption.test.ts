import { decryptAccountNumber, encryptAccountNumber, reencryptBankAccounts } from '../../server/modules/orders/bank-accounts.ts';
import { readConfig } from '../../server/config.ts';
import { describeBackends } from '../helpers/app.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

// Refund bank account numbers at rest: AES-256-GCM under BANK_ACCOUNT_KEY, rotation by BANK_ACCOUNT_OLD_KEYS and
// reencryptBankAccounts; production refuses to start without a key (README "Security").

const KEY_A = `a:${Buffer.alloc(32, 1).toString('base64')}`;
const KEY_B = `b:${Buffer.alloc(32, 2).toString('base64')}`;
const BANK = { account_holder: 'Asha Rao', account_number: '123456789012', confirm_account_number: '123456789012', ifsc: 'hdfc0000001' };

describeBackends('bank account numbers are encrypted at rest', (ctx) => {
  test('the stored number is ciphertext, the same account twice is still one row, and the shopper sees it masked', async () => {
    const customerId = await createCustomer(ctx().handle.db);
    const agent = ctx().agent();
    await signInDirectly(ctx().handle.db, agent, customerId);
    const first = await agent.post('/api/order/update-bank-details', BANK);
    expect(first.json().data.account_number_masked).toBe('XXXXXX9012');
    const again = await agent.post('/api/order/update-bank-details', { ...BANK, account_holder: 'Asha  Rao' });
    expect(again.json().data.bank_account_id).toBe(first.json().data.bank_account_id);
    const rows = await ctx().handle.db.selectFrom('bank_accounts').selectAll().where('customer_id', '=', customerId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].account_number).toMatch(/^v1:dev:/);
    expect(rows[0].account_number).not.toContain('123456789012');
    expect(decryptAccountNumber(rows[0].account_number, customerId)).toBe('123456789012');
    // Bound to its customer: copied to another customer's row it does not decrypt.
    expect(() => decryptAccountNumber(rows[0].account_number, customerId + 1)).toThrow();
  });

  test('rotation: rows under an old key, or stored in clear before encryption, move to the current key', async () => {
    const customerId = await createCustomer(ctx().handle.db);
    const db = ctx().handle.db;
    const oldEnv = { NODE_ENV: 'test', BANK_ACCOUNT_KEY: KEY_A };
    const values = {
      customer_id: customerId,
      account_holder: 'A',
      account_last4: '9012',
      ifsc: 'HDFC0000001',
      bank_name: 'HDFC Bank',
      branch: null,
    };
    await db
      .insertInto('bank_accounts')
      .values({ ...values, account_number: encryptAccountNumber('111122223333', customerId, oldEnv) })
      .execute();
    await db
      .insertInto('bank_accounts')
      .values({ ...values, account_number: '444455556666' })
      .execute();
    const newEnv = { NODE_ENV: 'test', BANK_ACCOUNT_KEY: KEY_B, BANK_ACCOUNT_OLD_KEYS: KEY_A };
    expect(await reencryptBankAccounts(db, newEnv)).toBeGreaterThanOrEqual(2);
    const rows = await db
      .selectFrom('bank_accounts')
      .select('account_number')
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
    expect(rows.every((r) => r.account_number.startsWith('v1:b:'))).toBe(true);
    expect(rows.map((r) => decryptAccountNumber(r.account_number, customerId, { NODE_ENV: 'test', BANK_ACCOUNT_KEY: KEY_B }))).toEqual([
      '111122223333',
      '444455556666',
    ]);
  });

  test('production refuses to start without a key; beyond loopback without one, encryption refuses', () => {
    const prod = {
      NODE_ENV: 'production',
      OPS_TOKEN: 'a-long-enough-operations-token',
      PUBLIC_ORIGIN: 'https://www.kasrat.in',
      STAFF_TOTP_KEY: `t1:${Buffer.alloc(32, 9).toString('base64')}`,
    };
    expect(() => readConfig(prod)).toThrow(/BANK_ACCOUNT_KEY: required in production/);
    expect(() => readConfig({ ...prod, BANK_ACCOUNT_KEY: 'short' })).toThrow(/BANK_ACCOUNT_KEY/);
    expect(readConfig({ ...prod, BANK_ACCOUNT_KEY: KEY_A }).NODE_ENV).toBe('production');
    expect(() => encryptAccountNumber('1', 1, { NODE_ENV: 'production' })).toThrow(/BANK_ACCOUNT_KEY is required/);
    expect(() => encryptAccountNumber('1', 1, { HOST: '0.0.0.0' })).toThrow(/BANK_ACCOUNT_KEY is required/);
    expect(encryptAccountNumber('1', 1, { HOST: '0.0.0.0', KASRAT_DEV_TOOLS: '1' })).toMatch(/^v1:dev:/);
  });
});
