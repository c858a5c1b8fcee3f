import { beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { runScheduledJob } from '../../server/jobs/scheduled.ts';
import { type ClaimedMessage, enqueueMessage } from '../../server/messaging/outbox.ts';
import type { Transports } from '../../server/messaging/transports.ts';
import { OutboxWorker } from '../../server/messaging/worker.ts';
import { describeBackends } from '../helpers/app.ts';

// Background work across a moment without the database (README "Reliability"): the outbox worker and the
// scheduled jobs pick up where they were once it is back, and record nothing false meanwhile.
process.env.OUTBOX_WORKER = 'off';

/** The database as the store sees it during an outage: the next `n` calls fail as a terminated connection does. */
function flaky(db: Db) {
  let failing = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (failing > 0) {
          failing--;
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        }
        return value.apply(target, args);
      };
    },
  });
  return {
    db: proxy,
    failNext: (n = 1) => {
      failing = n;
    },
  };
}

describeBackends('background work through a database outage', (ctx) => {
  const db = () => ctx().handle.db;

  describe('outbox worker', () => {
    beforeEach(async () => {
      await db().deleteFrom('outbox').execute();
    });

    test('a send the database failed to record is not counted as a failed send, and goes out once it is back', async () => {
      const id = await enqueueMessage(db(), { channel: 'sms', to: '9876500000', body: 'order placed' });
      const store = flaky(db());
      const sent: number[] = [];
      const transport = {
        name: 'recording',
        async send(m: ClaimedMessage) {
          sent.push(m.id);
          // The database goes away between the send and its record.
          if (sent.length === 1) store.failNext();
        },
      };
      const transports: Transports = { email: transport, sms: transport };
      const worker = new OutboxWorker({ db: store.db, transports, leaseMs: 50 });
      await expect(worker.runOnce()).rejects.toThrow('administrator command');
      const held = await db().selectFrom('outbox').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(held).toEqual({ status: 'sending', last_error: null });
      // Back: once the lease is over the message is sent again (same idempotency key) and recorded.
      await new Promise((r) => setTimeout(r, 60));
      expect(await worker.runOnce()).toBe(1);
      const row = await db().selectFrom('outbox').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', last_error: null });
      expect(sent).toEqual([id, id]);
    });
  });

  describe('scheduled jobs', () => {
    test('a run whose end could not be written frees the job on the next try, not when its lease runs out', async () => {
      const spec = { name: `outage-job-${ctx().backend}`, everyMs: 3_600_000, leaseMs: 3_600_000 };
      const store = flaky(db());
      let runs = 0;
      await expect(
        runScheduledJob(store.db, spec, async () => {
          runs++;
          store.failNext();
        }),
      ).rejects.toThrow('administrator command');
      // The database is back: the next try writes the end it owes, and the job is not run again before it is due.
      expect(await runScheduledJob(db(), spec, async () => void runs++)).toBe('skipped');
      const row = await db().selectFrom('scheduled_jobs').selectAll().where('name', '=', spec.name).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ lease_token: null, locked_until: null, runs: 1, last_error: null });
      expect(row.last_finished_at).not.toBeNull();
      expect(runs).toBe(1);
    });
  });
});
