import { AppLinksResponse } from '../../schemas/content-pages.ts';
import { readAppLinks } from '../../server/modules/app-install/index.ts';
import { describeBackends } from '../helpers/app.ts';

// SPEC §1: the apps' store links come from configuration; the app-install banner reads them from this call.
test('store links come from the environment; empty hides one; a non-https link is refused at start-up', () => {
  expect(readAppLinks({ APP_STORE_URL: 'https://apps.apple.com/in/app/x/id1', PLAY_STORE_URL: '' })).toEqual({
    ios: 'https://apps.apple.com/in/app/x/id1',
    android: null,
  });
  expect(readAppLinks({}).android).toMatch(/^https:\/\/play\.google\.com\//);
  expect(() => readAppLinks({ APP_STORE_URL: 'javascript:alert(1)' })).toThrow(
    'Invalid app store link APP_STORE_URL: must be an https address',
  );
});

describeBackends('app links API', (ctx) => {
  test('app-links answers the configured store links, cacheable', async () => {
    const res = await ctx().agent().get('/api/app/app-links');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(AppLinksResponse.parse(res.json()).data).toEqual(readAppLinks());
  });
});
