import { spawnSync } from 'node:child_process';
import { appLogger, startupSummary } from './logging.ts';

// docs/operations.md "Logs": JSON in production, coloured lines in development, and one start-up line that says
// what the instance runs on.

const base = { DATA_DIR: '.data', DATABASE_URL: undefined, PUBLIC_ORIGIN: '', HOST: '127.0.0.1', PORT: 3000 };

test('production and tests write JSON lines; development writes pretty lines unless LOG_FORMAT says json', () => {
  expect(appLogger({ LOG_LEVEL: 'info' }, { NODE_ENV: 'production' })).toEqual({ level: 'info' });
  expect(appLogger({ LOG_LEVEL: 'warn' }, { NODE_ENV: 'test' })).toEqual({ level: 'warn' });
  const dev = appLogger({ LOG_LEVEL: 'info' }, { NODE_ENV: 'development' }) as { transport?: { target: string; options: object } };
  expect(dev.transport?.target).toBe('pino-pretty');
  expect(dev.transport?.options).toMatchObject({ colorize: true });
  expect(appLogger({ LOG_LEVEL: 'info' }, { NODE_ENV: 'development', LOG_FORMAT: 'json' })).toEqual({ level: 'info' });
  expect(() => appLogger({ LOG_LEVEL: 'info' }, { LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
});

test('a pretty line is coloured and readable, with the request id', () => {
  // The same transport options, in a child process so its worker thread ends with it.
  const script = `
    import pino from 'pino';
    const log = pino({ transport: ${JSON.stringify((appLogger({ LOG_LEVEL: 'info' }, { NODE_ENV: 'development' }) as { transport: object }).transport)} });
    log.info({ reqId: 'req-42' }, 'order placed');`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  expect(r.status).toBe(0);
  // ANSI colour codes: ESC [ n m.
  const esc = String.fromCharCode(27);
  expect(r.stdout).toMatch(new RegExp(`${esc}\\[\\d+m`));
  const plain = r.stdout.replace(new RegExp(`${esc}\\[[\\d;]*m`, 'g'), '');
  expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: order placed .*reqId.*req-42/m);
  expect(plain).not.toContain('{"level"');
});

test('the start-up line names the database, gateway, transports, search engine and origin, never a password', () => {
  const pglite = startupSummary(base, { kind: 'pglite' }, {});
  expect(pglite).toBe(
    "Kasrat is serving http://127.0.0.1:3000 (no PUBLIC_ORIGIN: each request's own); database: PGlite in .data; payment gateway: sandbox; email: written to this log; SMS: written to this log; search: builtin",
  );
  const real = startupSummary(
    { ...base, DATABASE_URL: 'postgres://kasrat:s3cret@db.internal:5432/kasrat', PUBLIC_ORIGIN: 'https://www.kasrat.in' },
    { kind: 'postgres' },
    { SMTP_URL: 'smtp://mail:2525', SMS_WEBHOOK_URL: 'https://sms.example/send' },
  );
  expect(real).toContain('Kasrat is serving https://www.kasrat.in');
  expect(real).toContain('database: PostgreSQL postgres://kasrat:***@db.internal:5432/kasrat');
  expect(real).toContain('email: SMTP; SMS: webhook');
  expect(real).not.toContain('s3cret');
});
