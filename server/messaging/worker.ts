import type { Db } from '../db/database.ts';
import { claimDueMessages, markFailed, markSent, outboxSignal, releaseClaims, renewLease } from './outbox.ts';
import type { Transports } from './transports.ts';

export interface OutboxWorkerOptions {
  db: Db;
  transports: Transports;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Keep no OTP text once a message is out or given up (always, but with the development outbox). */
  scrubSent?: boolean;
  log?: { warn(obj: object, msg: string): void };
}

/** Polls the outbox (and wakes on in-process enqueues); any number of these may run against one database. */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = true;
  /** Set by stop(): finish the message in hand, give the rest of the batch back. */
  private stopping = false;
  private readonly onQueued = () => void this.tick();

  constructor(private readonly options: OutboxWorkerOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    outboxSignal.on('queued', this.onQueued);
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    outboxSignal.off('queued', this.onQueued);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /**
   * Sends everything due now; returns how many messages this worker handled. Each message's lease is renewed just
   * before its send, so the lease only has to outlast one send (transports time out well inside it), not a batch.
   * Once stopped, the rest of a claimed batch is given back rather than sent, so shutdown waits for one send at most.
   */
  async runOnce(): Promise<number> {
    const { db, transports } = this.options;
    const leaseMs = this.options.leaseMs ?? 60_000;
    const maxAttempts = this.options.maxAttempts ?? 8;
    let handled = 0;
    for (;;) {
      if (this.stopping) return handled;
      const batch = await claimDueMessages(db, this.options.batchSize ?? 20, leaseMs, maxAttempts);
      if (batch.length === 0) return handled;
      for (let i = 0; i < batch.length; i++) {
        const message = batch[i] as (typeof batch)[number];
        if (this.stopping) {
          await releaseClaims(db, batch.slice(i));
          return handled;
        }
        if (!(await renewLease(db, message, leaseMs))) continue;
        // Only the transport's failure is the message's: a database that fails to record the send ends the pass
        // (the message is sent again, with its idempotency key, once its lease runs out), and does not count as
        // a failed attempt of a message that went out.
        let sendError: unknown = null;
        try {
          await transports[message.channel].send(message);
        } catch (error) {
          sendError = error;
        }
        if (sendError === null) await markSent(db, message, this.options.scrubSent ?? false);
        else {
          this.options.log?.warn({ outboxId: message.id, err: String(sendError) }, 'outbox send failed');
          await markFailed(db, message, String(sendError), maxAttempts, this.options.scrubSent ?? false);
        }
        handled++;
      }
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.runOnce().catch((error) => {
      this.options.log?.warn({ err: String(error) }, 'outbox worker pass failed');
      return 0;
    });
    await this.running;
    this.running = null;
    if (this.again && !this.stopped) {
      this.again = false;
      return this.tick();
    }
    this.schedule();
  }
}
