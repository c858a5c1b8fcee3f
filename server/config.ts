import { isIP } from 'node:net';
import { z } from 'zod';
import { transportsOf } from './messaging/config.ts';

/** Development conveniences (demo customer, /api/dev/*) exist only with exactly this setting (README "Security"). */
export const DEV_TOOLS_VAR = 'KASRAT_DEV_TOOLS';
export const devToolsEnabled = (env: NodeJS.ProcessEnv = process.env): boolean => env[DEV_TOOLS_VAR] === '1';

/** 127.0.0.0/8, ::1 and localhost: the only addresses the development tools may listen on. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  return Boolean(mapped?.[1]?.startsWith('127.'));
}

/**
 * The opt-in a store bound beyond loopback needs to run the demo parts: the sandbox gateway (takes no money) and the
 * console message transports (write sign-in codes to the log). Fail closed: without it such a start is refused,
 * whatever NODE_ENV says (SECURITY.md).
 */
export const DEMO_OPT_IN_VAR = 'ALLOW_DEMO_TRANSPORTS';

/** The demo parts a configuration runs, in words; empty for a store on a real gateway and real transports. */
export function demoParts(env: Record<string, unknown>): string[] {
  const text = (name: string) => (typeof env[name] === 'string' ? (env[name] as string) : undefined);
  const parts: string[] = [];
  if ((text('PAYMENT_GATEWAY') ?? 'sandbox') === 'sandbox') parts.push('the sandbox gateway takes no money');
  const t = transportsOf({
    EMAIL_TRANSPORT: text('EMAIL_TRANSPORT'),
    SMS_TRANSPORT: text('SMS_TRANSPORT'),
    SMTP_URL: text('SMTP_URL'),
    SMS_WEBHOOK_URL: text('SMS_WEBHOOK_URL'),
  });
  const logged = [t.EMAIL_TRANSPORT === 'console' && 'emails', t.SMS_TRANSPORT === 'console' && 'SMS'].filter(Boolean);
  if (logged.length) parts.push(`${logged.join(' and ')} (sign-in codes too) are written to this log`);
  return parts;
}

/** Values that ship in examples and documentation: a secret equal to one of these is no secret in production. */
const PUBLIC_DEFAULT_SECRETS = new Set([
  'kasrat-development-session-secret',
  'changeme',
  'change-me',
  'secret',
  'password',
  'development',
  'test',
  'ops-token',
  'kasrat',
]);
/** Every setting that holds a secret; production refuses a known default or a short value in any of them. */
export const SECRET_VARS = ['OPS_TOKEN', 'AUTH_SECRET', 'SMS_WEBHOOK_TOKEN', 'EVENTS_FORWARD_TOKEN'] as const;

/** Reports per client address per minute on each reporting endpoint (the conversion feed is open to anyone). */
const EventsLimitPerIp = z.coerce.number().int().min(1).max(1_000_000).default(120);

// One typed config, read once at start-up. A bad value stops the process with a clear message.
const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z.string().url().optional(),
    SEED_SCALE: z.coerce.number().int().min(0).max(500_000).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The site's own origin (https://www.kasrat.in): canonical links, email links, CSRF checks, Secure cookies. */
    PUBLIC_ORIGIN: z
      .string()
      .default('')
      .refine((v) => v === '' || /^https?:\/\/[^/\s]+$/.test(v), 'must be an origin such as https://www.kasrat.in (no path)'),
    /** Bearer token of operations calls (funnel report, shipment moves, review moderation). */
    OPS_TOKEN: z.string().optional(),
    KASRAT_DEV_TOOLS: z.string().optional(),
    /**
     * Exactly `1` lets a store whose `HOST` is not loopback run the sandbox gateway or the console message
     * transports (a shared demo); without it such a start is refused.
     */
    ALLOW_DEMO_TRANSPORTS: z.string().optional(),
    /** "<id>:<32 bytes in base64>": the key bank account numbers are encrypted with (AES-256-GCM). */
    BANK_ACCOUNT_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{40,64}$/, 'must be "<id>:<32 random bytes in base64>"')
      .optional(),
    /**
     * "<id>:<32 bytes in base64>": the key staff authenticator secrets are encrypted with (AES-256-GCM,
     * docs/decisions/019); rotated like BANK_ACCOUNT_KEY, the old value going to STAFF_TOTP_OLD_KEYS.
     */
    STAFF_TOTP_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{40,64}$/, 'must be "<id>:<32 random bytes in base64>"')
      .optional(),
    EVENTS_LIMIT_PER_IP: EventsLimitPerIp,
    // Behind a load balancer (docs/operations.md "Behind a load balancer"): a number is a hop count (1 = one
    // balancer appending the client's address), addresses or CIDRs name the proxies; exactly 'true' trusts any
    // x-forwarded-for, which lets a client name its own address, so start-up warns about it.
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx): boolean | number | string => {
        const value = v.trim();
        if (value === 'true') return true;
        if (value === 'false' || value === '0' || value === '') return false;
        if (/^\d+$/.test(value)) return Number(value);
        const bad = value.split(',').filter((part) => !isProxyAddress(part.trim()));
        if (bad.length)
          ctx.addIssue({
            code: 'custom',
            message: `must be true, false, a hop count, or addresses or CIDRs separated by commas (not ${bad.map((b) => JSON.stringify(b.trim())).join(', ')})`,
          });
        return value
          .split(',')
          .map((part) => part.trim())
          .join(',');
      }),
  })
  .passthrough()
  .superRefine((c, ctx) => {
    const devTools = c.KASRAT_DEV_TOOLS === '1';
    if (devTools && !isLoopbackHost(c.HOST))
      ctx.addIssue({ code: 'custom', path: [DEV_TOOLS_VAR], message: `must be off when HOST (${c.HOST}) is not a loopback address` });
    const demo = demoParts(c);
    if (demo.length && !isLoopbackHost(c.HOST) && c.ALLOW_DEMO_TRANSPORTS !== '1')
      ctx.addIssue({
        code: 'custom',
        path: [DEMO_OPT_IN_VAR],
        message: `HOST (${c.HOST}) is not a loopback address and ${demo.join(', and ')}: configure a real gateway (PAYMENT_GATEWAY) and transports (SMTP_URL, SMS_WEBHOOK_URL), or set ${DEMO_OPT_IN_VAR}=1 to run this demo store there`,
      });
    if (c.NODE_ENV !== 'production') return;
    if (devTools) ctx.addIssue({ code: 'custom', path: [DEV_TOOLS_VAR], message: 'cannot be on in production' });
    if (!c.OPS_TOKEN) ctx.addIssue({ code: 'custom', path: ['OPS_TOKEN'], message: 'required in production' });
    if (!c.PUBLIC_ORIGIN) ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'required in production' });
    // Refund bank account numbers are encrypted at rest; the development key is public (README "Security").
    if (!c.BANK_ACCOUNT_KEY) ctx.addIssue({ code: 'custom', path: ['BANK_ACCOUNT_KEY'], message: 'required in production' });
    // Staff second factors likewise (docs/decisions/019).
    if (!c.STAFF_TOTP_KEY) ctx.addIssue({ code: 'custom', path: ['STAFF_TOTP_KEY'], message: 'required in production' });
    const env = c as Record<string, unknown>;
    for (const name of SECRET_VARS) {
      const value = env[name];
      if (typeof value !== 'string') continue;
      if (PUBLIC_DEFAULT_SECRETS.has(value.toLowerCase()) || value.length < 24)
        ctx.addIssue({ code: 'custom', path: [name], message: 'is a default or too short (at least 24 characters) for production' });
    }
  })
  .transform((c) => ({
    NODE_ENV: c.NODE_ENV,
    PORT: c.PORT,
    HOST: c.HOST,
    DATA_DIR: c.DATA_DIR,
    DATABASE_URL: c.DATABASE_URL,
    SEED_SCALE: c.SEED_SCALE,
    LOG_LEVEL: c.LOG_LEVEL,
    PUBLIC_ORIGIN: c.PUBLIC_ORIGIN,
    OPS_TOKEN: c.OPS_TOKEN,
    TRUST_PROXY: c.TRUST_PROXY,
    EVENTS_LIMIT_PER_IP: c.EVENTS_LIMIT_PER_IP,
    devTools: c.KASRAT_DEV_TOOLS === '1',
    demo: demoParts(c),
  }));

export type Config = z.infer<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The one start-up line of a store running demo parts (SECURITY.md), or null for a real store. */
export function demoNotice(config: Pick<Config, 'demo' | 'HOST' | 'PORT'>): string | null {
  if (!config.demo.length) return null;
  const where = isLoopbackHost(config.HOST) ? 'on this machine only' : `on ${config.HOST} (${DEMO_OPT_IN_VAR}=1)`;
  return `Demo store ${where}: ${config.demo.join('; ')}. A real store sets PAYMENT_GATEWAY, SMTP_URL and SMS_WEBHOOK_URL (docs/configuration.md).`;
}

/** An IPv4 or IPv6 address, or a CIDR block of one (`10.0.0.0/8`, `fd00::/8`). */
export function isProxyAddress(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify reads a bare number as "trust no one"
 * (it cannot check the peer), while here it means the instance is reachable only through that many proxies, each
 * appending the address it saw, so the entry that many hops back is the client's.
 */
export function trustProxyOption(value: Config['TRUST_PROXY']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** The start-up warning of a store that trusts every x-forwarded-for, or null (docs/operations.md). */
export function trustProxyWarning(config: Pick<Config, 'TRUST_PROXY'>): string | null {
  if (config.TRUST_PROXY !== true) return null;
  return "TRUST_PROXY=true trusts every X-Forwarded-For: any client can name its own address and escape the per-address limits. Behind one balancer set TRUST_PROXY=1, or list the balancers' addresses (docs/operations.md).";
}

/**
 * The operations token (docs/architecture.md "Data"), '' when unset. Read when a call is checked (server/http/ops.ts);
 * `readConfig` is the production rule (required, not a default, long enough).
 */
export function readOpsToken(env: NodeJS.ProcessEnv = process.env): string {
  return env.OPS_TOKEN ?? '';
}

/** EVENTS_LIMIT_PER_IP as `readConfig` validates it at start-up, for the events module. */
export function readEventsLimitPerIp(env: NodeJS.ProcessEnv = process.env): number {
  return EventsLimitPerIp.parse(env.EVENTS_LIMIT_PER_IP);
}

/** The public origin when configured, else the one the request came in on (development and tests only). */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const origin = env.PUBLIC_ORIGIN ?? '';
  return /^https?:\/\/[^/\s]+$/.test(origin) ? origin : '';
}

/** PostgreSQL timeouts in milliseconds (README "Configuration"); 0 turns the statement or idle-in-transaction one off. */
const DatabaseTimeoutsSchema = z.object({
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
});

/** The database timeouts, read at start-up by server/boot.ts; a bad value stops the process as readConfig does. */
export function readDatabaseTimeouts(env: NodeJS.ProcessEnv = process.env): {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
} {
  const parsed = DatabaseTimeoutsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    connectMs: c.DB_CONNECT_TIMEOUT_MS,
    statementMs: c.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: c.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * The grievance officer the help centre and the footer name (Consumer Protection (E-Commerce) Rules, 2020, rule
 * 4(4); docs/grievance-redressal.md). The defaults are the demo store's: a real store sets its own officer.
 */
const GrievanceOfficerSchema = z.object({
  /** The grievance officer's full name, shown in the help centre and the footer. */
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(80).default('Meera Iyer'),
  /** The grievance officer's designation (job title). */
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(2).max(80).default('Grievance Officer'),
  /** The email address complaints can be sent to. */
  GRIEVANCE_OFFICER_EMAIL: z.string().trim().email('must be an email address').max(120).default('grievance@kasrat.test'),
  /** The grievance officer's phone number, as shown (digits, spaces, +, - and brackets). */
  GRIEVANCE_OFFICER_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{8,20}$/, 'must be a phone number such as +91 11 4000 1299')
    .default('+91 11 4000 1299'),
  /** The grievance officer's postal address, on one line (commas between the parts). */
  GRIEVANCE_OFFICER_ADDRESS: z
    .string()
    .trim()
    .min(10)
    .max(300)
    .default('Kasrat Retail Pvt Ltd, 4th Floor, 12 Nehru Place, New Delhi, Delhi 110019, India'),
});

export interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
  address: string;
}

/** The grievance officer from the environment; a bad value stops the process (read at start-up by the module). */
export function readGrievanceOfficer(env: NodeJS.ProcessEnv = process.env): GrievanceOfficer {
  const parsed = GrievanceOfficerSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    name: c.GRIEVANCE_OFFICER_NAME,
    designation: c.GRIEVANCE_OFFICER_DESIGNATION,
    email: c.GRIEVANCE_OFFICER_EMAIL,
    phone: c.GRIEVANCE_OFFICER_PHONE,
    address: c.GRIEVANCE_OFFICER_ADDRESS,
  };
}
