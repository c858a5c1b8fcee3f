// The event bus: validates a catalogue event, stamps it with one event_id and the current context, and
// hands it synchronously to subscribers (the provider pipeline, the debug overlay).
import { CatalogueEvent } from './catalogue.ts';
import { buildContext, type EventContext, type PageInput, type UserInput } from './context.ts';
import { compileValidator } from './validator.ts';

/** An emitted event as subscribers see it. */
export interface DomainEvent<E extends CatalogueEvent = CatalogueEvent> {
  /** One id per domain event, shared by every provider (the order id for purchase / order_placed). */
  id: string;
  /** Epoch ms when emitted. */
  at: number;
  event: E;
  ctx: EventContext;
}

/** A subscription to the bus (the shape of RxJS's Unsubscribable). */
export interface EventSubscription {
  unsubscribe(): void;
}

/**
 * The bus as an observable: `subscribe(fn)` or `subscribe({ next })`. It has RxJS's `Subscribable` shape, so
 * `from(events$)` gives an RxJS Observable where operators are wanted; the bus itself ships without RxJS,
 * because it is part of the reporting core every page loads (ARCHITECTURE.md "Reporting").
 */
export interface EventStream {
  subscribe(observer: ((d: DomainEvent) => void) | { next: (d: DomainEvent) => void }): EventSubscription;
}

// Copy-on-write list: emit iterates a snapshot, so a subscriber may unsubscribe (or subscribe) from inside next.
let subscribers: ReadonlyArray<(d: DomainEvent) => void> = [];
const isValid = compileValidator(CatalogueEvent);
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

/** The current context (built once per page or user change, not per event). */
export function currentContext(): EventContext {
  if (!state.ctx) {
    const page = {
      ...state.page,
      url: state.page.url === '/' ? defaultUrl() : state.page.url,
      userAgent: state.page.userAgent ?? userAgent(),
    };
    state.ctx = buildContext(page, state.user, Date.now());
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
  if (!isValid(event)) {
    if (state.strict) {
      const parsed = CatalogueEvent.safeParse(event);
      throw new TypeError(`Invalid event ${String((event as { name?: unknown })?.name)}: ${parsed.error?.message ?? 'rejected'}`);
    }
    state.invalid++;
    return '';
  }
  const e = event;
  const id = e.name === 'purchase' || e.name === 'order_placed' ? e.order_id : uuid();
  publish({ id, at: Date.now(), event: e, ctx: currentContext() });
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
