import { sql } from 'kysely';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { runScheduledJob } from '../../server/jobs/scheduled.ts';
import {
  claimDueMessages,
  type ClaimedMessage,
  enqueueMessage,
  markFailed as markMessageFailed,
  markSent as markMessageSent,
} from '../../server/messaging/outbox.ts';
import type { Transports } from '../../server/messaging/transports.ts';
import { OutboxWorker } from '../../server/messaging/worker.ts';
import { purgeDueDeletions } from '../../server/modules/account/index.ts';
import { claimOutbox, forwardOnce, MAX_ATTEMPTS, markFailed, markSent } from '../../server/modules/events/index.ts';
import { describeBackends, POSTGRES_URL } from '../helpers/app.ts';

// Outboxes that never double-send and never retry forever, and scheduled jobs one instance runs at a time
// (docs/architecture.md "Growing past one machine").
process.env.OUTBOX_WORKER = 'off';

const recording = (sent: number[], delayMs = 0): Transports => {
  const t = {
    name: 'recording',
    async send(m: ClaimedMessage) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      sent.push(m.id);
    },
  };
  return { email: t, sms: t };
};

/** A second connection pool on the same schema on PostgreSQL (another instance); the same handle on PGlite. */
async function secondInstance(db: Db, backend: string): Promise<{ db: Db; close(): Promise<void> }> {
  if (backend !== 'postgres') return { db, close: async () => {} };
  const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0].s;
  return openDatabase({ databaseUrl: POSTGRES_URL, schema });
}

describeBackends('reliability', (ctx) => {
  describe('messaging outbox leases', () => {
    const db = () => ctx().handle.db;
    beforeEach(async () => {
      await db().deleteFrom('outbox').execute();
    });

    test('a worker whose lease ran out can neither mark the message sent nor set it back to pending', async () => {
      const id = await enqueueMessage(db(), { channel: 'email', to: 'late@kasrat.test', body: 'x' });
      const [late] = await claimDueMessages(db(), 10, 1);
      await new Promise((r) => setTimeout(r, 20));
      const [current] = await claimDueMessages(db(), 10, 60_000);
      expect(current?.id).toBe(id);
      expect(await markMessageSent(db(), current as ClaimedMessage, false)).toBe(true);
      expect(await markMessageFailed(db(), late as ClaimedMessage, 'timeout', 8)).toBe(false);
      expect(await markMessageSent(db(), late as ClaimedMessage, false)).toBe(false);
      const row = await db().selectFrom('outbox').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', attempts: 2 });
    });

    test('a batch that outlasts its lease is still sent once per message by two workers', async () => {
      for (let i = 0; i < 30; i++) await enqueueMessage(db(), { channel: 'email', to: `slow${i}@kasrat.test`, body: `m${i}` });
      const other = await secondInstance(db(), ctx().backend);
      const sent: number[] = [];
      try {
        // Each send takes 50 ms and the lease is 1 s: the batch of 30 takes longer than one lease, while one send
        // stays well inside it, as a transport's timeout stays inside the production lease (server/messaging/worker.ts).
        const a = new OutboxWorker({ db: db(), transports: recording(sent, 50), batchSize: 30, leaseMs: 1000 });
        const b = new OutboxWorker({ db: other.db, transports: recording(sent, 50), batchSize: 30, leaseMs: 1000 });
        const first = a.runOnce();
        await new Promise((r) => setTimeout(r, 1100));
        await Promise.all([first, b.runOnce()]);
      } finally {
        await other.close();
      }
      expect(sent).toHaveLength(30);
      expect(new Set(sent).size).toBe(30);
    });

    test('a message whose sender dies on every attempt is dead-lettered after the attempt cap', async () => {
      const id = await enqueueMessage(db(), { channel: 'sms', to: '9111111111', body: 'poison' });
      for (let i = 0; i < 3; i++) {
        expect(await claimDueMessages(db(), 10, 1, 3)).toHaveLength(1);
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await claimDueMessages(db(), 10, 1, 3)).toEqual([]);
      const row = await db().selectFrom('outbox').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.last_error).toMatch(/gave up/);
    });

    test('stopping a worker gives the unsent rest of its batch back, due at once', async () => {
      for (let i = 0; i < 5; i++) await enqueueMessage(db(), { channel: 'email', to: `stop${i}@kasrat.test`, body: `m${i}` });
      const sent: number[] = [];
      const worker = new OutboxWorker({ db: db(), transports: recording(sent, 50), batchSize: 5 });
      worker.start();
      await new Promise((r) => setTimeout(r, 1100));
      await worker.stop();
      const rows = await db().selectFrom('outbox').select(['status', 'attempts', 'lease_token']).execute();
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(sent.length);
      expect(sent.length).toBeLessThan(5);
      for (const r of rows.filter((x) => x.status !== 'sent')) expect(r).toEqual({ status: 'pending', attempts: 0, lease_token: null });
    });
  });

  describe('conversion outbox', () => {
    const db = () => ctx().handle.db;
    const config = { EVENTS_FORWARD_URL: 'http://127.0.0.1:9/capi', EVENTS_FORWARD_INTERVAL_MS: 5000, EVENTS_FORWARD_TIMEOUT_MS: 5000 };
    beforeEach(async () => {
      await db().deleteFrom('event_outbox').execute();
    });
    const insert = (ref: string) =>
      db()
        .insertInto('event_outbox')
        .values({ kind: 'conversion', ref, payload: JSON.stringify({ event_id: ref }) })
        .returning('id')
        .executeTakeFirstOrThrow();

    test('completion counts only for the claim that holds the row', async () => {
      await insert('held');
      const [late] = await claimOutbox(db(), ['conversion'], 10, new Date());
      const [current] = await claimOutbox(db(), ['conversion'], 10, new Date(Date.now() + 120_000));
      expect(await markSent(db(), [current as typeof late & object])).toBe(1);
      expect(await markSent(db(), [late as typeof current & object])).toBe(0);
      expect(await markFailed(db(), late as typeof current & object, 'late')).toBe(false);
      const row = await db().selectFrom('event_outbox').select(['sent_at', 'last_error']).executeTakeFirstOrThrow();
      expect(row.sent_at).not.toBeNull();
      expect(row.last_error).toBeNull();
    });

    test(`a row that keeps failing is dead-lettered after ${MAX_ATTEMPTS} attempts and never claimed again`, async () => {
      await insert('dead');
      const failing = async () => {
        throw new Error('target down');
      };
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        expect(await forwardOnce(db(), config, failing)).toEqual({ sent: 0, failed: 1 });
        await db().updateTable('event_outbox').set({ next_attempt_at: sql`now() - interval '1 second'` }).execute();
      }
      const row = await db().selectFrom('event_outbox').select(['dead_at', 'attempts']).executeTakeFirstOrThrow();
      expect(row.dead_at).not.toBeNull();
      expect(row.attempts).toBe(MAX_ATTEMPTS);
      expect(await forwardOnce(db(), config, async () => {})).toEqual({ sent: 0, failed: 0 });
    });

    test('every retry of one batch carries the same idempotency key, and another batch another key', async () => {
      await insert('k1');
      await insert('k2');
      const keys: string[] = [];
      const failing = async (_url: string, _body: unknown, key: string) => {
        keys.push(key);
        throw new Error('timeout after the target took it');
      };
      await forwardOnce(db(), config, failing);
      await db().updateTable('event_outbox').set({ next_attempt_at: sql`now() - interval '1 second'` }).execute();
      await forwardOnce(db(), config, async (_u, _b, key) => {
        keys.push(key);
      });
      await insert('k3');
      await forwardOnce(db(), config, async (_u, _b, key) => {
        keys.push(key);
      });
      expect(keys).toHaveLength(3);
      expect(keys[0]).toBe(keys[1]);
      expect(keys[2]).not.toBe(keys[0]);
      expect(keys[0]).toMatch(/^kasrat-conversion-batch-[0-9a-f]{32}$/);
    });
  });

  describe('scheduled jobs', () => {
    const db = () => ctx().handle.db;

    test('two instances ticking together run a due job once, and not again before it is due', async () => {
      const other = await secondInstance(db(), ctx().backend);
      let runs = 0;
      const job = async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 50));
      };
      const spec = { name: `test-job-${ctx().backend}`, everyMs: 3_600_000, leaseMs: 60_000 };
      try {
        const results = await Promise.all([
          runScheduledJob(db(), spec, job, 'a'),
          runScheduledJob(other.db, spec, job, 'b'),
          runScheduledJob(db(), spec, job, 'a'),
        ]);
        expect(results.filter((r) => r === 'ran')).toHaveLength(1);
        expect(await runScheduledJob(other.db, spec, job, 'b')).toBe('skipped');
      } finally {
        await other.close();
      }
      expect(runs).toBe(1);
      const row = await db().selectFrom('scheduled_jobs').selectAll().where('name', '=', spec.name).executeTakeFirstOrThrow();
      expect(row.runs).toBe(1);
      expect(row.lease_token).toBeNull();
    });

    test('a job whose holder died is run again once its lease ends', async () => {
      const spec = { name: `crashed-job-${ctx().backend}`, everyMs: 1, leaseMs: 60_000 };
      await db()
        .insertInto('scheduled_jobs')
        .values({
          name: spec.name,
          lease_token: '00000000-0000-4000-8000-000000000001',
          locked_until: new Date(Date.now() + 60_000),
          holder: 'dead',
        })
        .execute();
      expect(await runScheduledJob(db(), spec, async () => {})).toBe('skipped');
      await db()
        .updateTable('scheduled_jobs')
        .set({ locked_until: sql`now() - interval '1 second'` })
        .where('name', '=', spec.name)
        .execute();
      expect(await runScheduledJob(db(), spec, async () => {})).toBe('ran');
    });
  });

  describe('account deletion purge', () => {
    const db = () => ctx().handle.db;

    test('an account due for deletion is anonymised; one cancelled while the purge waits is kept', async () => {
      const make = async (email: string) =>
        (
          await db()
            .insertInto('customers')
            .values({
              first_name: 'P',
              last_name: 'Q',
              email,
              c_code: '+91',
              deletion_requested_at: new Date(Date.now() - 40 * 86_400_000),
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as number;
      const due = await make(`due-${ctx().backend}@kasrat.test`);
      const cancelling = await make(`cancel-${ctx().backend}@kasrat.test`);
      if (ctx().backend === 'postgres') {
        // The cancellation holds the row while the purge starts; it commits, then the purge must see it.
        const other = await secondInstance(db(), 'postgres');
        try {
          let release!: () => void;
          const held = new Promise<void>((r) => {
            release = r;
          });
          let updated!: () => void;
          const hasUpdated = new Promise<void>((r) => {
            updated = r;
          });
          const cancel = other.db.transaction().execute(async (trx) => {
            await trx.updateTable('customers').set({ deletion_requested_at: null }).where('id', '=', cancelling).execute();
            updated();
            await held;
          });
          await hasUpdated;
          const purge = purgeDueDeletions(db(), 30);
          await new Promise((r) => setTimeout(r, 150));
          release();
          await cancel;
          await purge;
        } finally {
          await other.close();
        }
      } else {
        await db().updateTable('customers').set({ deletion_requested_at: null }).where('id', '=', cancelling).execute();
        await purgeDueDeletions(db(), 30);
      }
      const rows = await db().selectFrom('customers').select(['id', 'email', 'is_blocked']).where('id', 'in', [due, cancelling]).execute();
      expect(rows.find((r) => r.id === due)).toMatchObject({ email: null, is_blocked: true });
      expect(rows.find((r) => r.id === cancelling)).toMatchObject({ email: `cancel-${ctx().backend}@kasrat.test`, is_blocked: false });
    });
  });
});
