import { readSearchConfig } from './config.ts';

// SEARCH_PROVIDER (SPEC §1: the third-party search is configured but off by a flag) and Algolia's settings.

const ALGOLIA = { SEARCH_PROVIDER: 'algolia', ALGOLIA_APP_ID: 'APP123', ALGOLIA_SEARCH_KEY: 'search-only' };

test('the built-in engine is the default, and needs no Algolia setting', () => {
  expect(readSearchConfig({}).SEARCH_PROVIDER).toBe('builtin');
  expect(readSearchConfig({ NODE_ENV: 'production' })).toMatchObject({
    SEARCH_PROVIDER: 'builtin',
    ALGOLIA_INDEX_PREFIX: 'kasrat',
    ALGOLIA_TIMEOUT_MS: 800,
  });
});

test('an unknown provider is refused, naming the setting', () => {
  expect(() => readSearchConfig({ SEARCH_PROVIDER: 'elastic' })).toThrow(/SEARCH_PROVIDER/);
});

test('algolia needs its application id and search key in every environment', () => {
  expect(readSearchConfig(ALGOLIA).SEARCH_PROVIDER).toBe('algolia');
  expect(() => readSearchConfig({ ...ALGOLIA, ALGOLIA_APP_ID: undefined })).toThrow(
    /ALGOLIA_APP_ID: required when SEARCH_PROVIDER is algolia/,
  );
  expect(() => readSearchConfig({ ...ALGOLIA, ALGOLIA_SEARCH_KEY: undefined })).toThrow(/ALGOLIA_SEARCH_KEY: required/);
  expect(() => readSearchConfig({ ...ALGOLIA, ALGOLIA_APP_ID: 'app id!' })).toThrow(/ALGOLIA_APP_ID/);
});

test('production: the write key is required, the host must be https, and the search key is not the write key', () => {
  const prod = { ...ALGOLIA, NODE_ENV: 'production', ALGOLIA_WRITE_KEY: 'write' };
  expect(readSearchConfig(prod).ALGOLIA_WRITE_KEY).toBe('write');
  expect(() => readSearchConfig({ ...prod, ALGOLIA_WRITE_KEY: undefined })).toThrow(/ALGOLIA_WRITE_KEY: required in production/);
  expect(() => readSearchConfig({ ...prod, ALGOLIA_HOST: 'http://proxy.internal' })).toThrow(/ALGOLIA_HOST: must be https/);
  expect(readSearchConfig({ ...prod, ALGOLIA_HOST: 'https://proxy.internal' }).ALGOLIA_HOST).toBe('https://proxy.internal');
  expect(() => readSearchConfig({ ...prod, ALGOLIA_WRITE_KEY: 'search-only' })).toThrow(/must be a search-only key/);
  // Outside production a plain-HTTP host (a local fake) is allowed.
  expect(readSearchConfig({ ...ALGOLIA, ALGOLIA_HOST: 'http://127.0.0.1:9' }).ALGOLIA_HOST).toBe('http://127.0.0.1:9');
});

test('the timeout is bounded', () => {
  expect(readSearchConfig({ ALGOLIA_TIMEOUT_MS: '250' }).ALGOLIA_TIMEOUT_MS).toBe(250);
  expect(() => readSearchConfig({ ALGOLIA_TIMEOUT_MS: '5' })).toThrow(/ALGOLIA_TIMEOUT_MS/);
});
