import { sql } from 'kysely';
import pg from 'pg';
import { Gauge, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.ts';
import { scheduledJobSpecs } from '../jobs/scheduled.ts';

// Figures kept in the database, read when Prometheus scrapes (docs/operations.md "Metrics"): the queues, the pending
// refunds and the scheduled jobs. On PostgreSQL they are read on one connection of the metrics' own, never a pooled
// one, under a short statement timeout: a slow or failing scrape answers without them and no shopper waits on it.
// Every instance reports the same database figures; the alert rules take the max across instances.

/** How long the scrape's one statement may run, and how long connecting for it may take. */
export const SCRAPE_STATEMENT_TIMEOUT_MS = 1_000;

/** One statement; each count runs on a partial index of the rows it counts (migrations 060, 090 and 420). */
const FIGURES_SQL = `
SELECT
  (SELECT count(*) FROM outbox WHERE status IN ('pending', 'sending')) AS messages_pending,
  (SELECT extract(epoch FROM now() - min(created_at)) FROM outbox WHERE status IN ('pending', 'sending')) AS messages_oldest_s,
  (SELECT count(*) FROM outbox WHERE status = 'failed') AS messages_dead,
  (SELECT count(*) FROM event_outbox WHERE sent_at IS NULL AND dead_at IS NULL) AS feeds_pending,
  (SELECT extract(epoch FROM now() - min(created_at)) FROM event_outbox WHERE sent_at IS NULL AND dead_at IS NULL) AS feeds_oldest_s,
  (SELECT count(*) FROM event_outbox WHERE dead_at IS NOT NULL) AS feeds_dead,
  (SELECT count(*) FROM refunds WHERE status = 'pending') AS refunds_pending,
  (SELECT extract(epoch FROM now() - min(created_at)) FROM refunds WHERE status = 'pending') AS refunds_oldest_s,
  (SELECT coalesce(json_agg(json_build_array(name, extract(epoch FROM now() - last_finished_at))), '[]'::json)
     FROM scheduled_jobs) AS jobs`;

interface FigureRow {
  messages_pending: number | string;
  messages_oldest_s: number | string | null;
  messages_dead: number | string;
  feeds_pending: number | string;
  feeds_oldest_s: number | string | null;
  feeds_dead: number | string;
  refunds_pending: number | string;
  refunds_oldest_s: number | string | null;
  jobs: Array<[string, number | null]> | string;
}

/** Reads the figures on PostgreSQL with a connection kept for the metrics, dropped and opened again after a failure. */
class ScrapeConnection {
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  constructor(private readonly config: pg.ClientConfig) {}

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({
      ...this.config,
      connectionTimeoutMillis: SCRAPE_STATEMENT_TIMEOUT_MS,
      statement_timeout: SCRAPE_STATEMENT_TIMEOUT_MS,
      // A frozen server never answers: the client gives up shortly after the server would have.
      query_timeout: SCRAPE_STATEMENT_TIMEOUT_MS + 500,
      application_name: 'kasrat-metrics',
    } as pg.ClientConfig);
    client.on('error', () => this.drop(client));
    await client.connect();
    return client;
  }

  async query(text: string): Promise<FigureRow> {
    if (!this.#client) {
      this.#connecting ??= this.#connect().finally(() => {
        this.#connecting = null;
      });
      this.#client = await this.#connecting;
    }
    const client = this.#client;
    try {
      const { rows } = await client.query<FigureRow>(text);
      return rows[0] as FigureRow;
    } catch (error) {
      this.drop(client);
      throw error;
    }
  }

  drop(client: pg.Client | null = this.#client): void {
    if (!client) return;
    if (this.#client === client) this.#client = null;
    client.end().catch(() => {});
  }
}

const num = (v: number | string | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * A registry of the database's figures for one app; `refresh()` reads them (before each scrape's answer), `close()`
 * ends the metrics' connection with the app.
 */
export function databaseFigures(handle: DatabaseHandle): { registry: Registry; refresh(): Promise<void>; close(): void } {
  const registry = new Registry();
  const connection = handle.pool ? new ScrapeConnection(handle.pool.connection) : null;
  const up = new Gauge({
    name: 'kasrat_db_up',
    help: 'Whether the database answers (the availability probe; PGlite always does).',
    registers: [registry],
  });
  const poolInUse = new Gauge({ name: 'kasrat_db_pool_in_use', help: 'Pooled database connections checked out.', registers: [registry] });
  const poolOpen = new Gauge({ name: 'kasrat_db_pool_open', help: 'Pooled database connections open.', registers: [registry] });
  const poolWaiting = new Gauge({
    name: 'kasrat_db_pool_waiting',
    help: 'Callers waiting for a pooled connection.',
    registers: [registry],
  });
  const scrapeOk = new Gauge({
    name: 'kasrat_metrics_db_read_ok',
    help: 'Whether the last scrape read the database figures (0: they are missing from this answer).',
    registers: [registry],
  });
  const outboxPending = new Gauge({
    name: 'kasrat_outbox_pending',
    help: 'Rows waiting to be sent, by queue (messages: email and SMS; feeds: conversion and affiliate forwarding).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'kasrat_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest row waiting to be sent, by queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const outboxDead = new Gauge({
    name: 'kasrat_outbox_dead_letters',
    help: 'Rows given up on (dead letters), by queue; staff send them again from the console.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const refundsPending = new Gauge({ name: 'kasrat_refunds_pending', help: 'Refunds not yet processed.', registers: [registry] });
  const refundOldest = new Gauge({
    name: 'kasrat_refund_oldest_pending_age_seconds',
    help: 'Age of the oldest refund not yet processed (0 when none is).',
    registers: [registry],
  });
  const jobLag = new Gauge({
    name: 'kasrat_scheduled_job_lag_seconds',
    help: 'How far a scheduled job is behind its schedule: time since it last finished, less its interval (0 when on time).',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobSince = new Gauge({
    name: 'kasrat_scheduled_job_last_finished_age_seconds',
    help: 'Time since a scheduled job last finished, on any instance.',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  let reading: Promise<void> | null = null;
  const read = async () => {
    const readiness = handle.readiness();
    up.set(readiness.ready ? 1 : 0);
    const stats = handle.pool?.stats();
    if (stats) {
      poolInUse.set(stats.inUse);
      poolOpen.set(stats.total);
      poolWaiting.set(stats.waiting);
    }
    // The figures from the last good read stay out of an answer that could not read them (stale is worse than absent).
    for (const g of [outboxPending, outboxOldest, outboxDead, refundsPending, refundOldest, jobLag, jobSince]) g.reset();
    if (!readiness.ready) {
      scrapeOk.set(0);
      return;
    }
    try {
      const row = connection ? await connection.query(FIGURES_SQL) : await pgliteFigures(handle);
      outboxPending.set({ queue: 'messages' }, num(row.messages_pending));
      outboxPending.set({ queue: 'feeds' }, num(row.feeds_pending));
      outboxOldest.set({ queue: 'messages' }, num(row.messages_oldest_s));
      outboxOldest.set({ queue: 'feeds' }, num(row.feeds_oldest_s));
      outboxDead.set({ queue: 'messages' }, num(row.messages_dead));
      outboxDead.set({ queue: 'feeds' }, num(row.feeds_dead));
      refundsPending.set(num(row.refunds_pending));
      refundOldest.set(num(row.refunds_oldest_s));
      const jobs = typeof row.jobs === 'string' ? (JSON.parse(row.jobs) as Array<[string, number | null]>) : row.jobs;
      for (const [name, since] of jobs) {
        if (since === null) continue;
        jobSince.set({ job: name }, since);
        const every = scheduledJobSpecs.get(name)?.everyMs;
        if (every !== undefined) jobLag.set({ job: name }, Math.max(0, since - every / 1000));
      }
      scrapeOk.set(1);
    } catch {
      scrapeOk.set(0);
    }
  };
  // Read before each scrape's answer is written; overlapping scrapes share one read.
  const refresh = async () => {
    reading ??= read().finally(() => {
      reading = null;
    });
    await reading;
  };
  return { registry, refresh, close: () => connection?.drop() };
}

/** PGlite runs in this process on one connection: the same statement, bounded by the same time. */
async function pgliteFigures(handle: DatabaseHandle): Promise<FigureRow> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics read timed out')), SCRAPE_STATEMENT_TIMEOUT_MS);
  });
  try {
    const { rows } = await Promise.race([sql.raw<FigureRow>(FIGURES_SQL).execute(handle.db), timeout]);
    return rows[0] as FigureRow;
  } finally {
    clearTimeout(timer);
  }
}
