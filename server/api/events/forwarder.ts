import type { Db } from '../../db/database.ts';
import { type ForwardConfig, forwardOnce, httpSend, type Send } from '../../modules/events/index.ts';

// The outbox forwarder's timer (docs/decisions/029-three-server-layers.md): the events module forwards one pass
// (forwardOnce); this runs it on an interval on every instance, the rows claimed with SKIP LOCKED.

/** Runs forwardOnce on an interval while a target is configured; returns stop(). */
export function startForwarder(
  db: Db,
  config: ForwardConfig,
  log: { warn: (o: object, m: string) => void },
  send: Send = httpSend(config),
) {
  if (!config.EVENTS_FORWARD_URL && !config.AFFILIATE_FORWARD_URL && !config.GA4_MEASUREMENT_ID) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = forwardOnce(db, config, send)
      .then((r) => {
        if (r.failed) log.warn(r, 'event forwarding failed for some rows; will retry');
      })
      .catch((error) => log.warn({ err: error }, 'event forwarding pass failed'))
      .finally(() => {
        running = null;
      });
  }, config.EVENTS_FORWARD_INTERVAL_MS);
  timer.unref?.();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
