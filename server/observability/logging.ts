import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { transportsOf } from '../messaging/config.ts';
import { readPaymentConfig } from '../payments/index.ts';
import { readSearchConfig } from '../search/config.ts';
import { readObservabilityConfig } from './config.ts';
import { traceIds } from './tracing.ts';

// The log (docs/operations.md "Logs"): JSON lines for a collector in production, coloured lines a person reads in
// development (pino-pretty, in pino's worker thread so the server never waits on it). Every line carries the
// request's id either way.

/** The app's logger options for LOG_LEVEL and LOG_FORMAT. */
export function appLogger(config: Pick<Config, 'LOG_LEVEL'>, env: NodeJS.ProcessEnv = process.env): FastifyServerOptions['logger'] {
  const { logFormat, otlpEndpoint } = readObservabilityConfig(env);
  // With tracing on, each line of a traced request names its trace and span.
  const ids = otlpEndpoint ? { mixin: traceIds } : {};
  if (logFormat === 'json') return { level: config.LOG_LEVEL, ...ids };
  return {
    level: config.LOG_LEVEL,
    ...ids,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

/** A database address without its password. */
const withoutPassword = (url: string) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
};

/** One line saying what this instance runs on: database, gateway, transports, search engine, origin. */
export function startupSummary(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'PUBLIC_ORIGIN' | 'HOST' | 'PORT'>,
  handle: Pick<DatabaseHandle, 'kind'>,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const database =
    handle.kind === 'postgres' && config.DATABASE_URL
      ? `PostgreSQL ${withoutPassword(config.DATABASE_URL)}`
      : `PGlite in ${config.DATA_DIR}`;
  const t = transportsOf(env);
  const email = t.EMAIL_TRANSPORT === 'smtp' ? 'SMTP' : 'written to this log';
  const sms = t.SMS_TRANSPORT === 'webhook' ? 'webhook' : 'written to this log';
  const origin = config.PUBLIC_ORIGIN || `http://${config.HOST}:${config.PORT} (no PUBLIC_ORIGIN: each request's own)`;
  return [
    `Kasrat is serving ${origin}`,
    `database: ${database}`,
    `payment gateway: ${readPaymentConfig(env).PAYMENT_GATEWAY}`,
    `email: ${email}`,
    `SMS: ${sms}`,
    `search: ${readSearchConfig(env).SEARCH_PROVIDER}`,
  ].join('; ');
}
