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
