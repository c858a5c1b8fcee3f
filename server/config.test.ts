import { readConfig, readOpsToken } from './config.ts';

describe('configuration', () => {
  test('defaults', () => {
    expect(readConfig({})).toMatchObject({ PORT: 3000, DATA_DIR: '.data', SEED_SCALE: 0, NODE_ENV: 'development' });
  });
  test('a bad value stops start-up with a message naming it', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});

describe('TRUST_PROXY', () => {
  test.each([
    [undefined, false],
    ['true', true],
    ['0', false],
    // A number is a hop count: 1 is one balancer, not "trust everyone".
    ['1', 1],
    ['2', 2],
    ['10.0.0.1,10.0.0.2', '10.0.0.1,10.0.0.2'],
    ['10.0.0.0/8, fd00::/8, 127.0.0.1', '10.0.0.0/8,fd00::/8,127.0.0.1'],
  ])('%s reads as %s', (value, expected) => {
    expect(readConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
  test.each(['yes', 'TRUE', '10.0.0.0/33', 'balancer.internal', '10.0.0.1,,10.0.0.2'])('%s is refused at start-up', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, false, a hop count/);
  });
});

describe('operations token (docs/architecture.md "Data")', () => {
  const prod = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://www.kasrat.in',
    AUTH_SECRET: 'a-long-enough-authentication-secret',
    BANK_ACCOUNT_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    STAFF_TOTP_KEY: `t1:${Buffer.alloc(32, 9).toString('base64')}`,
  };
  test('production refuses to start without one, or with a default or short one', () => {
    expect(() => readConfig(prod)).toThrow(/OPS_TOKEN: required in production/);
    expect(() => readConfig({ ...prod, OPS_TOKEN: 'ops-token' })).toThrow(/OPS_TOKEN: is a default or too short/);
    expect(() => readConfig({ ...prod, OPS_TOKEN: 'short-token-1234' })).toThrow(/OPS_TOKEN: is a default or too short/);
    expect(readConfig({ ...prod, OPS_TOKEN: 'a-long-enough-operations-token' }).OPS_TOKEN).toBe('a-long-enough-operations-token');
  });
  test('outside production it is optional: operations calls are then closed to everyone', () => {
    expect(readConfig({ NODE_ENV: 'development' }).OPS_TOKEN).toBeUndefined();
    expect(readOpsToken({})).toBe('');
  });
  test('development tools cannot be switched on in production', () => {
    expect(() => readConfig({ ...prod, OPS_TOKEN: 'a-long-enough-operations-token', KASRAT_DEV_TOOLS: '1' })).toThrow(
      /KASRAT_DEV_TOOLS: cannot be on in production/,
    );
  });
});
