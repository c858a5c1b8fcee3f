import { readConfig } from './config.ts';

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
    ['2', 2],
    ['10.0.0.1,10.0.0.2', '10.0.0.1,10.0.0.2'],
  ])('%s reads as %s', (value, expected) => {
    expect(readConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});
