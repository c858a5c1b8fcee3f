import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { pruneLimits } from '../../http/rate-limit.ts';
import { purgeDueDeletions } from '../account/index.ts';
import { pruneGrants, pruneOtps, readAuthConfig } from '../auth/index.ts';
import { deleteFinishedMessagesBefore } from '../../messaging/index.ts';
import { deleteConversionEventsBefore } from '../events/index.ts';
import { pruneRejectedCallbacks } from '../payment/index.ts';
import { deleteErrorLogsBefore, tryRetentionLock } from './queries.ts';

// Retention (README "Security"): append-only tables are trimmed to a configurable number of days by a job any
// instance may start but only one runs at a time (a transaction-scoped advisory lock).

const SystemConfigSchema = z.object({
  RETENTION_ERROR_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_CONVERSION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** Client error reports per client address (IPv6 by /64) per minute. */
  LOG_ERRORS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
});
export type SystemConfig = z.infer<typeof SystemConfigSchema>;

export function readSystemConfig(env: NodeJS.ProcessEnv = process.env): SystemConfig {
  const parsed = SystemConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid system configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export interface RetentionResult {
  ran: boolean;
  error_logs: number;
  conversion_events: number;
  outbox: number;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** One pass of every retention and housekeeping delete; `ran` is false when another instance holds the lock. */
export async function runRetention(db: Db, config: SystemConfig, now = new Date()): Promise<RetentionResult> {
  const result = await db.transaction().execute(async (trx) => {
    if (!(await tryRetentionLock(trx))) return { ran: false, error_logs: 0, conversion_events: 0, outbox: 0 };
    return {
      ran: true,
      error_logs: await deleteErrorLogsBefore(trx, daysAgo(now, config.RETENTION_ERROR_LOG_DAYS)),
      conversion_events: await deleteConversionEventsBefore(trx, daysAgo(now, config.RETENTION_CONVERSION_DAYS)),
      outbox: await deleteFinishedMessagesBefore(trx, daysAgo(now, config.RETENTION_OUTBOX_DAYS)),
    };
  });
  if (result.ran) {
    // Sign-in housekeeping, idempotent; outside the lock's transaction so a long purge does not hold it.
    await purgeDueDeletions(db, readAuthConfig().ACCOUNT_DELETION_GRACE_DAYS, now);
    await pruneOtps(db);
    await pruneGrants(db);
    await pruneLimits(db);
    await pruneRejectedCallbacks(db, now);
  }
  return result;
}
