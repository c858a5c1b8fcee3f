import { afterEach, describe, expect, test } from 'vitest';
import { setConsent } from '../events/consent-answer.ts';
import { consentState, pushConsentMode, resetConsent, startConsentMode } from '../events/consent.ts';
import { DENIED_ALL, GRANTED_ALL } from '../schemas/consent-rules.ts';
import { createHarness, item, MemoryStorage, signedIn } from '../tests/helpers/provider-harness.ts';
import { CONSENT_NEEDED } from './consent.ts';
import { PROVIDER_IDS } from './types.ts';

// SPEC §4.8: a provider that needs a consent gets nothing without it; the data layer gets every event; every event
// carries the consent it was emitted with.

const purchase = { name: 'purchase' as const, order_id: 'KS-77', items: [item()], value: 299900 };

describe('pipeline consent gating', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  test('unanswered (every purpose denied): only the data layer receives, the others are held back with the reason', () => {
    const h = createHarness({ consent: null });
    stop = h.stop;
    h.pipeline.startDebug();
    h.emit(purchase, { url: '/order-successfull/KS-77' }, signedIn);
    for (const id of PROVIDER_IDS) {
      if (CONSENT_NEEDED[id].length === 0) expect(h.sent(id).length, id).toBeGreaterThan(0);
      else expect(h.sent(id), id).toEqual([]);
    }
    expect(h.calls.fbq).toEqual([]);
    expect(h.calls.moengage).toEqual([]);
    expect(h.enqueued).toEqual([]);
    const [record] = h.pipeline.debugRecords();
    expect(record.consent).toEqual(DENIED_ALL);
    expect(record.outcomes.find((o) => o.provider === 'social_pixel')?.reason).toBe('not sent: consent missing (ad_storage, ad_user_data)');
    expect(record.outcomes.find((o) => o.provider === 'server_conversions')?.reason).toBe('not sent: consent missing (ad_user_data)');
    expect(record.outcomes.find((o) => o.provider === 'affiliate')?.reason).toBe('not sent: consent missing (ad_storage)');
    expect(record.outcomes.find((o) => o.provider === 'marketing')?.reason).toBe(
      'not sent: consent missing (ad_user_data, ad_personalization)',
    );
    expect(record.outcomes.find((o) => o.provider === 'data_layer')?.payload).toBeDefined();
  });

  test.each(PROVIDER_IDS.filter((id) => CONSENT_NEEDED[id].length > 0))(
    '%s sends with exactly its purposes granted and nothing when any one of them is withdrawn',
    (id) => {
      const needed = CONSENT_NEEDED[id];
      const only = { ...DENIED_ALL };
      for (const p of needed) only[p] = 'granted';
      const h = createHarness({ consent: only });
      stop = h.stop;
      h.emit(purchase, { url: '/order-successfull/KS-77' }, signedIn);
      expect(h.sent(id).length).toBeGreaterThan(0);
      for (const p of needed) {
        h.clear();
        setConsent({ ...only, [p]: 'denied' });
        h.emit(purchase, { url: '/order-successfull/KS-77' }, signedIn);
        expect(h.sent(id), `${id} without ${p}`).toEqual([]);
      }
    },
  );

  test('the consent is stamped at emit: an answer given later does not change what an earlier event carried', () => {
    const h = createHarness({ consent: null });
    stop = h.stop;
    h.pipeline.startDebug();
    h.emit({ name: 'page_view', title: 'Home' });
    setConsent(GRANTED_ALL);
    h.emit({ name: 'page_view', title: 'Home' });
    expect(h.pipeline.debugRecords().map((r) => r.consent)).toEqual([DENIED_ALL, GRANTED_ALL]);
  });

  test('the conversion feed payload carries the consent to the server', () => {
    const h = createHarness();
    stop = h.stop;
    h.emit({ name: 'begin_checkout', items: [item()], value: 299900 }, { url: '/cart' }, signedIn);
    expect((h.enqueued[0].body as { consent: unknown }).consent).toEqual(GRANTED_ALL);
  });
});

describe('Consent Mode v2 signals on the data layer', () => {
  afterEach(() => {
    resetConsent(undefined);
    delete (globalThis as { window?: unknown }).window;
  });

  test('default denied first, then the remembered answer as an update; a new answer is an update, remembered', () => {
    const w = { dataLayer: [] as unknown[] };
    (globalThis as { window?: unknown }).window = w;
    const storage = new MemoryStorage();
    resetConsent(storage);
    expect(consentState()).toEqual(DENIED_ALL);
    startConsentMode();
    setConsent({ ...DENIED_ALL, analytics_storage: 'granted' }, 'cookie-notice-v1', 1_000);
    const entries = w.dataLayer.map((e) => Array.from(e as IArguments));
    expect(entries).toEqual([
      ['consent', 'default', { ...DENIED_ALL, wait_for_update: 500 }],
      ['consent', 'update', { ...DENIED_ALL, analytics_storage: 'granted' }],
    ]);
    // An Arguments object, as gtag() pushes: the tag manager reads commands only in that shape.
    expect(Object.prototype.toString.call(w.dataLayer[0])).toBe('[object Arguments]');

    // The next page: the stored answer is read back and signalled right after the default.
    w.dataLayer.length = 0;
    resetConsent(storage);
    startConsentMode();
    expect(w.dataLayer.map((e) => Array.from(e as IArguments)[1])).toEqual(['default', 'update']);
    expect(consentState().analytics_storage).toBe('granted');
    pushConsentMode('update', GRANTED_ALL);
    expect(w.dataLayer).toHaveLength(3);
  });

  test('a stored answer that is not well formed counts as unanswered', () => {
    const storage = new MemoryStorage();
    storage.setItem('kasrat_consent', JSON.stringify({ state: { ad_storage: 'yes' }, text_version: 'x', at: 1 }));
    resetConsent(storage);
    expect(consentState()).toEqual(DENIED_ALL);
  });
});
