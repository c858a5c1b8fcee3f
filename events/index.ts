/**
 * Kasrat events — the only thing app code needs to report shopper actions (SPEC §7).
 *
 *   import { emit, setPageContext, setUserContext, flushBeforeRedirect } from '../../events/index.ts';
 *   setUserContext({ loggedIn: true, userId: 42, name: 'Asha Rao', email, mobile, lastOrder: '01-02-2025 10:00:00' });
 *   setPageContext({ url: location.pathname + location.search });       // on every route change
 *   const eventId = emit({ name: 'add_to_cart', item, origin: 'pdp' }); // typed; prices in PAISE
 *   flushBeforeRedirect();                                              // right before leaving for the gateway
 *
 * Events are validated (throw in dev/tests, counted in production), stamped with one event_id and the
 * page/user context, and fanned out synchronously to the providers. Nothing here ever throws at a shopper.
 */
export {
  emit,
  report,
  events$,
  setPageContext,
  setUserContext,
  currentContext,
  invalidEventCount,
  setStrictValidation,
  loadEventCheck,
} from './bus.ts';
export type { DomainEvent, EventStream, EventSubscription } from './bus.ts';
export { flushBeforeRedirect } from './flush.ts';
export {
  CONSENT_KEY,
  type ConsentChoice,
  type ConsentState,
  consentAnswered,
  consentChoice,
  consentState,
  onConsentChange,
  onConsentSettingsRequest,
  pushConsentMode,
  requestConsentSettings,
  startConsentMode,
  type TrackingPurpose,
} from './consent.ts';
export { setConsent } from './consent-answer.ts';
export { CatalogueEvent, EventItem, EVENT_NAMES, AddToCartOrigin, PromotionSection } from './catalogue.ts';
export type { EventName, EventOf } from './catalogue.ts';
export { isPromotionSection } from './promotion-sections.ts';
export { classifyPage, eventPage, loginSourcePage, sourceLabel } from './context.ts';
export type { EventContext, PageType, SourcePage, UserInput } from './context.ts';
