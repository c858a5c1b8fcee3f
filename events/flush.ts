// Lets code that navigates away (the payment-gateway redirect) flush pending sends without importing
// providers/: the delivery queue registers itself here at start-up.
const flushers = new Set<() => void>();

/** Registers a flusher; returns the unregister function. */
export function onFlush(flush: () => void): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/** Sends every pending network delivery now (sendBeacon / fetch keepalive). Call right before a full-page redirect. */
export function flushBeforeRedirect(): void {
  for (const flush of flushers) {
    try {
      flush();
    } catch (error) {
      // SPEC §8: analytics failures are logged, never shown.
      console.warn('[events] flush failed', error);
    }
  }
}
