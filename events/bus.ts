// The event bus: validates a catalogue event, stamps it with one event_id and the current context, and
// hands it synchronously to subscribers (the provider pipeline, the debug overlay).
//
// Validation is strict everywhere: no event reaches a subscriber unchecked. Development and tests check
// synchronously at emit (a bad event throws where it is written). A production build takes the check (the
// predicate generated from the catalogue, without zod) off the first paint: it loads as its own chunk, and events
// emitted before it arrives wait, in emit order, with their id and context stamped at emit; they are checked and
// published once it does (docs/decisions/008). The context builder (events/context.ts: page types, login source
// pages, dates) loads with the check: a waiting event keeps the page and user it was emitted on and its time, and
// its context is built from them on arrival, as it would have been at emit.
import type { CatalogueEvent } from './catalogue.ts';
import * as syncCheck from './check.ts';
import * as syncContext from './context.ts';
import type { EventContext, PageInput, UserInput } from './context.ts';
import { type ConsentState, consentState } from './consent.ts';

/** An emitted event as subscribers see it. */
export interface DomainEvent<E extends CatalogueEvent = CatalogueEvent> {
  /** One id per domain event, shared by every provider (the order id for purchase / order_placed). */
  id: string;
  /** Epoch ms when emitted. */
  at: number;
  event: E;
  ctx: EventContext;
  /**
   * The shopper's tracking consent when the event was emitted (SPEC §4.8, Consent Mode v2 purposes). Absent on an
   * event kept from before consent was stamped: read as every purpose denied.
   */
  consent?: ConsentState;
}

/** A subscription to the bus (the shape of RxJS's Unsubscribable). */
export interface EventSubscription {
  unsubscribe(): void;
}

/**
 * The bus as an observable: `subscribe(fn)` or `subscribe({ next })`. It has RxJS's `Subscribable` shape, so
 * `from(events$)` gives an RxJS Observable where operators are wanted; the bus itself ships without RxJS,
 * because it is part of the reporting core every page loads (docs/architecture.md "Reporting").
 */
export interface EventStream {
  subscribe(observer: ((d: DomainEvent) => void) | { next: (d: DomainEvent) => void }): EventSubscription;
}

// Copy-on-write list: emit iterates a snapshot, so a subscriber may unsubscribe (or subscribe) from inside next.
let subscribers: ReadonlyArray<(d: DomainEvent) => void> = [];
/** Every valid emitted event, delivered synchronously in emit order. */
export const events$: EventStream = {
  subscribe(observer) {
    const next = typeof observer === 'function' ? observer : (d: DomainEvent) => observer.next(d);
    subscribers = [...subscribers, next];
    let open = true;
    return {
      unsubscribe() {
        if (!open) return;
        open = false;
        subscribers = subscribers.filter((fn) => fn !== next);
      },
    };
  },
};

function publish(d: DomainEvent): void {
  const list = subscribers;
  for (let i = 0; i < list.length; i++) {
    try {
      list[i](d);
    } catch (error) {
      // SPEC §8: a failing subscriber is logged, never shown, and never stops the others.
      console.warn('[events] subscriber failed', error);
    }
  }
}

const env = (import.meta as { env?: { PROD?: boolean } }).env;
const isProduction = env?.PROD === true || (typeof process !== 'undefined' && process.env?.NODE_ENV === 'production');

/** Production loads the predicate alone: its verdicts are counted, never explained (zod stays off the page). */
type Check = Pick<typeof syncCheck, 'isValidEvent'> & Partial<Pick<typeof syncCheck, 'explainInvalid'>>;
// A production build (Vite; the size budget's esbuild run likewise) replaces `import.meta.env.PROD` with `true`, so
// this condition folds and the static import of the check falls away from the bundle there; everywhere else
// (tests, development, Node) the check is at hand and runs synchronously.
// biome-ignore lint/suspicious/noExplicitAny: import.meta.env is Vite's, untyped in this package
let check: Check | null = (import.meta as any).env?.PROD === true ? null : syncCheck;
// Likewise the context builder: production loads it with the check.
// biome-ignore lint/suspicious/noExplicitAny: import.meta.env is Vite's, untyped in this package
let buildContext: typeof syncContext.buildContext | null = (import.meta as any).env?.PROD === true ? null : syncContext.buildContext;
/** An event emitted before the check arrived: its context is built from what it was emitted on once it has. */
type Waiting = Omit<DomainEvent, 'ctx'> & { page: PageInput; user: UserInput };
/** Events emitted before a lazily loaded check arrived, oldest first. */
let waiting: Waiting[] = [];
let checkLoading: Promise<void> | null = null;

/** Production: loads the check as its own chunk (called by emit; the store start-up may call it earlier). */
export function loadEventCheck(): Promise<void> {
  checkLoading ??= Promise.all([import('./check.generated.ts'), buildContext ? null : import('./context.ts')]).then(
    ([m, context]) => {
      check = m;
      // Loaded here only when not already at hand (then `context` is null and is not read).
      if (!buildContext) buildContext = (context as typeof syncContext).buildContext;
      const build = buildContext;
      const queued = waiting;
      waiting = [];
      // Built per event from its own page and user: events emitted on one page share the same inputs.
      for (const { page, user, ...d } of queued) deliver({ ...d, ctx: build(page, user, d.at) }, m);
    },
    (error) => {
      // Without the check nothing may go out: the waiting events are dropped and counted, never published.
      state.invalid += waiting.length;
      waiting = [];
      checkLoading = null;
      console.warn('[events] event check failed to load', error);
    },
  );
  return checkLoading;
}

/**
 * Test hook: behave as a production page before the check has loaded (events wait for `loadEventCheck`); with
 * `context`, the context builder is deferred too, as production defers it.
 */
export function deferEventCheck({ context = false }: { context?: boolean } = {}): void {
  check = null;
  checkLoading = null;
  if (context) buildContext = null;
}

function deliver(d: DomainEvent, c: Check): void {
  if (c.isValidEvent(d.event)) publish(d);
  else state.invalid++;
}

const state = {
  // Development and tests throw on an invalid event; production counts and drops it (never breaks a page).
  strict: !isProduction,
  invalid: 0,
  page: { url: '/', previousUrl: null } as PageInput,
  user: { loggedIn: false } as UserInput,
  ctx: null as EventContext | null,
};

const defaultUrl = (): string => {
  const loc = (globalThis as { location?: Location }).location;
  return loc ? loc.pathname + loc.search : '/';
};

const userAgent = (): string => (globalThis as { navigator?: Navigator }).navigator?.userAgent ?? '';

/** The page events are emitted on now. */
const pageNow = (): PageInput => ({
  ...state.page,
  url: state.page.url === '/' ? defaultUrl() : state.page.url,
  userAgent: state.page.userAgent ?? userAgent(),
});

/**
 * The current context (built once per page or user change, not per event). Production builds it once the event
 * check and the context builder have loaded (loadEventCheck); before that it throws.
 */
export function currentContext(): EventContext {
  if (!state.ctx) {
    if (!buildContext) throw new Error('The event context builder has not loaded yet (loadEventCheck)');
    state.ctx = buildContext(pageNow(), state.user, Date.now());
  }
  return state.ctx;
}

/** Call on every route change. previousUrl defaults to the URL set before (SPEC §3 urlHistory). */
export function setPageContext(page: { url: string; previousUrl?: string | null; userAgent?: string }): void {
  const previousUrl = page.previousUrl !== undefined ? page.previousUrl : (state.page.url ?? null);
  state.page = { url: page.url, previousUrl, userAgent: page.userAgent ?? state.page.userAgent };
  state.ctx = null;
}

/** Call when the session user changes (after /api/ping, sign-in, sign-out). */
export function setUserContext(user: UserInput): void {
  state.user = { ...user };
  state.ctx = null;
}

const uuid = (): string => {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
};

/**
 * Emits one domain event and returns its event_id (the order id for purchase / order_placed).
 * Invalid events throw outside production; in production they are counted (see invalidEventCount) and dropped.
 */
export function emit(event: CatalogueEvent): string {
  if (!check) {
    // Production before the check has loaded: stamp now, check and publish in order once it is here. The id of a
    // purchase is its order id only when the event has one (a malformed event is dropped by the check anyway).
    const e = event as Partial<CatalogueEvent> | null;
    const orderId = e && (e.name === 'purchase' || e.name === 'order_placed') ? (e as { order_id?: unknown }).order_id : undefined;
    const id = typeof orderId === 'string' ? orderId : uuid();
    waiting.push({ id, at: Date.now(), event, consent: consentState(), page: pageNow(), user: state.user });
    void loadEventCheck();
    return id;
  }
  if (!check.isValidEvent(event)) {
    if (state.strict)
      throw new TypeError(`Invalid event ${String((event as { name?: unknown })?.name)}: ${check.explainInvalid?.(event) ?? 'rejected'}`);
    state.invalid++;
    return '';
  }
  const e = event;
  const id = e.name === 'purchase' || e.name === 'order_placed' ? e.order_id : uuid();
  publish({ id, at: Date.now(), event: e, ctx: currentContext(), consent: consentState() });
  return id;
}

/**
 * How UI code reports (SPEC §1: reporting never breaks the page). Production never throws: an invalid event is
 * counted and dropped by emit, anything else is logged. Development and tests keep emit's strict validation, so an
 * invalid event fails loudly where it is written instead of disappearing into a log.
 */
export function report(event: CatalogueEvent): void {
  try {
    emit(event);
  } catch (error) {
    if (state.strict) throw error;
    console.warn('[reporting] event not reported', (error as Error)?.message);
  }
}

/** How many invalid events production has dropped since load. */
export const invalidEventCount = (): number => state.invalid;

/** Test / start-up hook: strict validation (throws) or counting (production). */
export function setStrictValidation(strict: boolean): void {
  state.strict = strict;
}
