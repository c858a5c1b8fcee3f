// The shopper's tracking consent in the browser (SPEC §4.8): the cookie notice's answer, kept in localStorage so it
// is remembered, stamped on every event at emit (events/bus.ts), and told to the tag manager as Consent Mode v2
// signals. Until the shopper answers, every purpose is denied. Part of the reporting core: no React, no zod.
import { type ConsentState, type ConsentValue, DENIED_ALL, TRACKING_PURPOSES } from '../schemas/consent-purposes.ts';
import { browserStorage, type KeyValueStorage } from './storage.ts';

export type { ConsentState, TrackingPurpose } from '../schemas/consent-purposes.ts';

/** localStorage key of the answer (the notice is not shown again while it holds one). */
export const CONSENT_KEY = 'kasrat_consent';

export interface ConsentChoice {
  state: ConsentState;
  /** The notice's text version the answer was given to (schemas/consent-rules.ts). */
  text_version: string;
  /** Epoch ms of the answer. */
  at: number;
}

// undefined: not read yet (read on first use, so a test or the page can inject its storage first).
let choice: ConsentChoice | null | undefined;
let storage: KeyValueStorage | null | undefined;
const listeners = new Set<(state: ConsentState) => void>();
const settingsListeners = new Set<() => void>();
let modeStarted = false;

const isValue = (v: unknown): v is ConsentValue => v === 'granted' || v === 'denied';

function parse(raw: string | null | undefined): ConsentChoice | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ConsentChoice>;
    if (!v || typeof v !== 'object' || !v.state || typeof v.text_version !== 'string' || typeof v.at !== 'number') return null;
    const state = {} as ConsentState;
    for (const p of TRACKING_PURPOSES) {
      const value = (v.state as Record<string, unknown>)[p];
      if (!isValue(value)) return null;
      state[p] = value;
    }
    return { state, text_version: v.text_version, at: v.at };
  } catch {
    return null;
  }
}

/** The storage the answer is kept in (localStorage unless a test injected another). */
export const consentStorage = (): KeyValueStorage | null => {
  if (storage === undefined) storage = browserStorage('localStorage');
  return storage;
};

/** The remembered answer, or null when the shopper has not answered (or storage is blocked). */
export function consentChoice(): ConsentChoice | null {
  if (choice === undefined) {
    try {
      choice = parse(consentStorage()?.getItem(CONSENT_KEY));
    } catch {
      choice = null;
    }
  }
  return choice;
}

/** The state every event is stamped with: the answer, else every purpose denied. */
export const consentState = (): ConsentState => consentChoice()?.state ?? DENIED_ALL;

export const consentAnswered = (): boolean => consentChoice() !== null;

/**
 * Takes an answer given on this page (events/consent-answer.ts stores and signals it) as the state events are stamped
 * with from now on, and tells the listeners.
 */
export function adoptConsent(next: ConsentChoice): void {
  choice = next;
  for (const l of [...listeners]) {
    try {
      l(next.state);
    } catch (error) {
      console.warn('[consent] listener failed', error);
    }
  }
}

export function onConsentChange(listener: (state: ConsentState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The footer's "Cookie settings": asks the notice to open again. */
export function requestConsentSettings(): void {
  for (const l of [...settingsListeners]) l();
}

export function onConsentSettingsRequest(listener: () => void): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

/**
 * gtag's own entry shape: `gtag()` pushes its `arguments` object, and the tag manager treats only an Arguments
 * object (not an array) as a command such as `consent`.
 */
function gtagEntry(..._args: unknown[]): IArguments {
  // biome-ignore lint/complexity/noArguments: the tag manager recognises commands by their Arguments object
  return arguments;
}

/** Pushes a Consent Mode v2 command (`gtag('consent', 'default' | 'update', {...})`) onto window.dataLayer. */
export function pushConsentMode(kind: 'default' | 'update', state: ConsentState): void {
  const w = (globalThis as { window?: { dataLayer?: unknown[] } }).window;
  if (!w) return;
  if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
  w.dataLayer.push(gtagEntry('consent', kind, kind === 'default' ? { ...state, wait_for_update: 500 } : { ...state }));
}

/**
 * Once per page, before any other data-layer entry: the default is every purpose denied (Consent Mode v2), then the
 * remembered answer, if any, as an update.
 */
export function startConsentMode(): void {
  if (modeStarted) return;
  modeStarted = true;
  pushConsentMode('default', DENIED_ALL);
  const answered = consentChoice();
  if (answered) pushConsentMode('update', answered.state);
}

/** Test hook: forgets the answer read and the listeners; `store` replaces localStorage. */
export function resetConsent(store?: KeyValueStorage | null): void {
  choice = undefined;
  storage = store;
  listeners.clear();
  settingsListeners.clear();
  modeStarted = false;
}
