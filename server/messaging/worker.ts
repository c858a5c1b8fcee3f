import type { Db } from '../db/database.ts';
import { claimDueMessages, markFailed, markSent, outboxSignal } from './outbox.ts';
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
  private readonly onQueued = () => void this.tick();

  constructor(private readonly options: OutboxWorkerOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    outboxSignal.on('queued', this.onQueued);
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    outboxSignal.off('queued', this.onQueued);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** Sends everything due now; returns how many messages this worker handled. */
  async runOnce(): Promise<number> {
    const { db, transports } = this.options;
    let handled = 0;
    for (;;) {
      const batch = await claimDueMessages(db, this.options.batchSize ?? 20, this.options.leaseMs ?? 60_000);
      if (batch.length === 0) return handled;
      for (const message of batch) {
        try {
          await transports[message.channel].send(message);
          await markSent(db, message.id, this.options.scrubSent ?? false);
        } catch (error) {
          this.options.log?.warn({ outboxId: message.id, err: String(error) }, 'outbox send failed');
          await markFailed(db, message, String(error), this.options.maxAttempts ?? 8, this.options.scrubSent ?? false);
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
