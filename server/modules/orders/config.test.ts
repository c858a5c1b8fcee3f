import { readOrdersConfig } from './config.ts';

test('production refuses to start without an operations token', () => {
  expect(() => readOrdersConfig({ NODE_ENV: 'production' })).toThrow(/OPS_TOKEN: required in production/);
  expect(() => readOrdersConfig({ NODE_ENV: 'production', OPS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
  expect(readOrdersConfig({ NODE_ENV: 'production', OPS_TOKEN: 'a-long-enough-operations-token' }).opsToken).toBe(
    'a-long-enough-operations-token',
  );
});

test('outside production the token is optional (the operations API then answers 401 to everyone)', () => {
  expect(readOrdersConfig({ NODE_ENV: 'development' })).toEqual({ opsToken: null, devTools: false });
  expect(readOrdersConfig({ NODE_ENV: 'test', KASRAT_DEV_TOOLS: '1' }).devTools).toBe(true);
});

test('development tools cannot be switched on in production', () => {
  expect(() => readOrdersConfig({ NODE_ENV: 'production', OPS_TOKEN: 'a-long-enough-operations-token', KASRAT_DEV_TOOLS: '1' })).toThrow(
    /KASRAT_DEV_TOOLS: cannot be on in production/,
  );
});
