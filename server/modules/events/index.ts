// Reporting, server side (docs/architecture.md "Reporting"): the conversion feed, the affiliate drop box, the funnel
// report (server/api/events/), their rules (service.ts), queries (queries.ts) and the outbox's forwarding pass (outbox.ts).
export { claimOutbox, forwardOnce, MAX_ATTEMPTS, markFailed, markSent, sealAffiliateOrder } from './outbox.ts';
export { funnelReport, hashEmail, hashPhone, storeConversions } from './service.ts';
export { refundReports, reportRefund } from './refund-reports.ts';
export { deleteConversionEventsBefore, enqueueForward, feedHealth, requeueDeadFeeds } from './queries.ts';
export { readForwardConfig } from './config.ts';
export { httpSend, type Send } from './outbox.ts';
export type { ForwardConfig } from './config.ts';
export { findStoredEvent } from './queries.ts';
export { checkEventTimes, checkFunnelRange, storeAffiliateOrder } from './service.ts';
