// Reporting, server side (ARCHITECTURE.md "Reporting"): the conversion feed, the affiliate drop box, the funnel report and the outbox forwarder.
export { eventsRoutes } from './routes.ts';
export { claimOutbox, forwardOnce, markFailed, markSent } from './outbox.server.ts';
export { funnelReport } from './funnel.server.ts';
export { hashEmail, hashPhone, storeConversions } from './store.server.ts';
