import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// Scheduled jobs (account deletions, pending-payment expiry, retention …) on several instances sharing one
// database: each job is a row in scheduled_jobs holding a lease and the time it last finished, so one instance runs
// it at a time and N instances run an hourly job once an hour, not N times. Times are the database's, so instance
// clocks may differ.

export interface JobSpec {
  name: string;
  /** How often the job should run, across all instances. */
  everyMs: number;
  /** Longer than the job's worst run; a holder that died frees the job when it ends. */
  leaseMs: number;
}

const INSTANCE = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Runs of this instance whose end could not be written (the database went away as the job finished), by job
 * name: written first thing on the next try, so the job is free again when the database is back rather than
 * when its lease runs out (README "Reliability").
 */
const unfinished = new Map<string, { token: string; error: string | null }>();

async function finish(db: Db, name: string, token: string, error: string | null): Promise<void> {
  await db
    .updateTable('scheduled_jobs')
    .set({ lease_token: null, locked_until: null, last_finished_at: sql<Date>`now()`, last_error: error, runs: sql`runs + 1` })
    .where('name', '=', name)
    .where('lease_token', '=', token)
    .execute();
}

/** Runs `job` if it is due and no other instance holds it; 'skipped' otherwise. */
export async function runScheduledJob(db: Db, spec: JobSpec, job: () => Promise<void>, holder = INSTANCE): Promise<'ran' | 'skipped'> {
  const pending = unfinished.get(spec.name);
  if (pending) {
    await finish(db, spec.name, pending.token, pending.error);
    unfinished.delete(spec.name);
  }
  await db
    .insertInto('scheduled_jobs')
    .values({ name: spec.name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const token = randomUUID();
  const claimed = await db
    .updateTable('scheduled_jobs')
    .set({
      lease_token: token,
      holder,
      locked_until: sql<Date>`now() + ${spec.leaseMs} * interval '1 millisecond'`,
      last_started_at: sql<Date>`now()`,
    })
    .where('name', '=', spec.name)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .where((eb) =>
      eb.or([
        eb('last_finished_at', 'is', null),
        eb('last_finished_at', '<=', sql<Date>`now() - ${spec.everyMs} * interval '1 millisecond'`),
      ]),
    )
    .returning('name')
    .executeTakeFirst();
  if (!claimed) return 'skipped';
  let error: string | null = null;
  try {
    await job();
  } catch (e) {
    error = String(e).slice(0, 500);
    throw e;
  } finally {
    try {
      await finish(db, spec.name, token, error);
    } catch (finishing) {
      unfinished.set(spec.name, { token, error });
      // biome-ignore lint/correctness/noUnsafeFinally: the end not written is the error worth reporting.
      throw finishing;
    }
  }
  return 'ran';
}

/** The jobs this process schedules, by name: the metrics report how far each is behind (server/observability/scrape.ts). */
export const scheduledJobSpecs = new Map<string, JobSpec>();

/** Tries the job every minute (or every `everyMs` when shorter) while the app runs. */
export function scheduleJob(app: FastifyInstance, db: Db, spec: JobSpec, job: () => Promise<void>): void {
  scheduledJobSpecs.set(spec.name, spec);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runScheduledJob(db, spec, job)
      .catch((error) => app.log.warn({ err: String(error), job: spec.name }, 'scheduled job failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, Math.min(spec.everyMs, 60_000));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
