import pg from 'pg';

// Whether PostgreSQL can be reached, for the pool (fail fast while it cannot), the readiness check and the HTTP
// error mapping (README "Reliability", docs/decisions/014-database-outages.md).

/** Thrown instead of asking the pool while the database is known to be unreachable. */
export class DatabaseUnreachable extends Error {
  readonly code = 'KASRAT_DB_UNREACHABLE';
  constructor(cause?: unknown) {
    super('the database is unreachable', { cause });
    this.name = 'DatabaseUnreachable';
  }
}

/** Socket errors of a connection that is gone or never came. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * SQLSTATEs that say the server is away or going away: class 08 (connection exception), admin or crash shutdown,
 * "the database system is starting up / shutting down" (57P03), too many connections, and the server ending a
 * session idle in a transaction too long (25P03).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '25P03']);
/** pg's own messages for a dead connection, a connection that did not come in time, or a read that timed out. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** True for an error that means "the database could not be reached", as opposed to a refused or faulty query. */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnreachable) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
  }
  if (typeof message === 'string' && CLIENT_MESSAGES.some((m) => message.includes(m))) return true;
  // AggregateError (a host name resolving to several addresses, each refused).
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionError);
}

/** A statement the server cancelled for taking longer than statement_timeout: busy, not away. */
export const isStatementTimeout = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '57014';

export interface AvailabilityOptions {
  /** Connection settings of the probe (the pool's, so it reaches the same server the same way). */
  client: pg.ClientConfig;
  /** How long one probe may take, connecting included. */
  probeTimeoutMs: number;
  /** Time between probes while the database answers. */
  heartbeatMs?: number;
  /** First and longest wait between probes while it does not (doubling in between). */
  backoffMs?: [first: number, max: number];
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * Watches the database with one small probe connection of its own (not a pooled one, which a frozen server would
 * hold): a heartbeat while it answers, probes with a doubling backoff while it does not. A connection error seen
 * by any query marks it down at once and probes right away.
 */
export class Availability {
  #up = true;
  #downSince: number | null = null;
  #lastError = '';
  #timer: NodeJS.Timeout | null = null;
  #probing: Promise<boolean> | null = null;
  #failures = 0;
  #closed = false;
  readonly #heartbeatMs: number;
  readonly #backoff: [number, number];

  constructor(private readonly options: AvailabilityOptions) {
    this.#heartbeatMs = options.heartbeatMs ?? 2_000;
    this.#backoff = options.backoffMs ?? [100, 1_000];
  }

  get up(): boolean {
    return this.#up;
  }

  /** For the readiness answer. */
  status(): { up: boolean; down_for_ms: number | null; error: string | null } {
    return {
      up: this.#up,
      down_for_ms: this.#downSince === null ? null : Date.now() - this.#downSince,
      error: this.#up ? null : this.#lastError || null,
    };
  }

  start(): void {
    if (this.#closed || this.#timer) return;
    this.#schedule(this.#heartbeatMs);
  }

  stop(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** A query or connection failed: if the database is away, stop sending it work and probe until it is back. */
  failed(error: unknown): void {
    if (!isConnectionError(error) || error instanceof DatabaseUnreachable) return;
    this.#lastError = error instanceof Error ? error.message : String(error);
    if (!this.#up) return;
    this.#markDown();
    void this.probe();
  }

  /** Probes now (one at a time); resolves to whether the database answered. */
  probe(): Promise<boolean> {
    this.#probing ??= this.#probeOnce().finally(() => {
      this.#probing = null;
    });
    return this.#probing;
  }

  async #probeOnce(): Promise<boolean> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const ok = await ping(this.options.client, this.options.probeTimeoutMs).then(
      () => true,
      (error: unknown) => {
        this.#lastError = error instanceof Error ? error.message : String(error);
        return false;
      },
    );
    if (ok) {
      if (!this.#up) this.options.log?.info({ down_ms: Date.now() - (this.#downSince ?? Date.now()) }, 'database reachable again');
      this.#up = true;
      this.#downSince = null;
      this.#failures = 0;
      this.#schedule(this.#heartbeatMs);
    } else {
      if (this.#up) this.#markDown();
      this.#failures++;
      const [first, max] = this.#backoff;
      this.#schedule(Math.min(max, first * 2 ** Math.min(this.#failures - 1, 16)));
    }
    return ok;
  }

  #markDown(): void {
    this.#up = false;
    this.#downSince = Date.now();
    this.options.log?.warn({ err: this.#lastError }, 'database unreachable; answering 503 until it is back');
  }

  #schedule(ms: number): void {
    if (this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.probe(), ms);
    this.#timer.unref();
  }
}

/** One round trip on a fresh connection, bounded by `timeoutMs` whatever the server does (even frozen). */
async function ping(config: pg.ClientConfig, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Query read timeout (probe)')), timeoutMs + 100);
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.query('SELECT 1');
      })(),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
    // Not awaited: ending a connection to a frozen server waits for it.
    client.end().catch(() => {});
  }
}
