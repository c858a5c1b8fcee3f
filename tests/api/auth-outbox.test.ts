import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { readMessagingConfig } from '../../server/messaging/config.ts';
import { claimDueMessages, type ClaimedMessage, enqueueMessage } from '../../server/messaging/outbox.ts';
import { smtpTransport, transportsFromConfig, type Transports, webhookTransport } from '../../server/messaging/transports.ts';
import { OutboxWorker } from '../../server/messaging/worker.ts';
import { describeBackends, POSTGRES_URL } from '../helpers/app.ts';

// The outbox (docs/architecture.md "Growing past one machine"): messages are rows, claimed with FOR UPDATE SKIP
// LOCKED so any number of workers send each one once; transports chosen by configuration.

// The app's own worker would race the workers under test; the one test about it starts an app with it on.
process.env.OUTBOX_WORKER = 'off';

const recording = (sent: ClaimedMessage[], delayMs = 0): Transports => {
  const t = {
    name: 'recording',
    async send(m: ClaimedMessage) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      sent.push(m);
    },
  };
  return { email: t, sms: t };
};

describeBackends('messaging: outbox and workers', (ctx) => {
  const db = () => ctx().handle.db;
  beforeEach(async () => {
    await db().deleteFrom('outbox').execute();
  });

  test('several workers (each with its own connections) send every message exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(
        await enqueueMessage(db(), {
          channel: i % 2 ? 'email' : 'sms',
          to: i % 2 ? `u${i}@kasrat.test` : `90000000${String(i).padStart(2, '0')}`,
          body: `message ${i}`,
        }),
      );
    // On PostgreSQL each worker gets its own pool on the same schema, like separate instances.
    const handles: Array<{ db: Db; close(): Promise<void> }> = [];
    if (ctx().backend === 'postgres') {
      const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db())).rows[0].s;
      for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: POSTGRES_URL, schema }));
    } else for (let i = 0; i < 3; i++) handles.push({ db: db(), close: async () => {} });
    const sent: ClaimedMessage[] = [];
    try {
      const workers = handles.map((h) => new OutboxWorker({ db: h.db, transports: recording(sent, 2), batchSize: 5 }));
      const handled = await Promise.all(workers.map((w) => w.runOnce()));
      expect(handled.reduce((a, b) => a + b, 0)).toBe(60);
      if (ctx().backend === 'postgres') expect(handled.filter((n) => n > 0).length).toBeGreaterThan(1);
    } finally {
      for (const h of handles) await h.close();
    }
    expect(sent.map((m) => m.id).sort((a, b) => a - b)).toEqual(ids);
    const statuses = await db().selectFrom('outbox').select(['status']).execute();
    expect(statuses.every((s) => s.status === 'sent')).toBe(true);
  });

  test('a failed send is retried later with backoff, then given up after the maximum attempts', async () => {
    const id = await enqueueMessage(db(), { channel: 'sms', to: '9000000099', body: 'hello' });
    const failing: Transports = {
      email: { name: 'x', send: async () => {} },
      sms: { name: 'x', send: async () => Promise.reject(new Error('gateway down')) },
    };
    const worker = new OutboxWorker({ db: db(), transports: failing, maxAttempts: 2 });
    await worker.runOnce();
    let row = await db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Error: gateway down' });
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    expect(await worker.runOnce()).toBe(0);
    await db()
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await worker.runOnce();
    row = await db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  });

  test('a message whose worker died mid-send is claimed again once its lease ends', async () => {
    const id = await enqueueMessage(db(), { channel: 'email', to: 'lease@kasrat.test', body: 'x' });
    const first = await claimDueMessages(db(), 10, 60_000);
    expect(first.map((m) => m.id)).toEqual([id]);
    expect(await claimDueMessages(db(), 10, 60_000)).toEqual([]);
    await db()
      .updateTable('outbox')
      .set({ locked_until: new Date(Date.now() - 1) })
      .where('id', '=', id)
      .execute();
    expect((await claimDueMessages(db(), 10, 60_000)).map((m) => m.id)).toEqual([id]);
  });

  test('the running worker of an app sends a queued OTP without waiting for its 60 s poll', async () => {
    process.env.OUTBOX_WORKER = 'on';
    process.env.OUTBOX_POLL_MS = '60000';
    const app = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true },
      handle: ctx().handle,
      clientDir: null,
    });
    process.env.OUTBOX_WORKER = 'off';
    delete process.env.OUTBOX_POLL_MS;
    try {
      await app.ready();
      await app.inject({
        method: 'POST',
        url: '/api/auth/otp',
        payload: { type: 'register', email_or_mobile: '7222222222' },
        headers: { 'x-forwarded-for': '10.77.0.1' },
      });
      let status = '';
      for (let i = 0; i < 100 && status !== 'sent'; i++) {
        status = (await db().selectFrom('outbox').select('status').where('recipient', '=', '7222222222').executeTakeFirst())?.status ?? '';
        if (status !== 'sent') await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe('sent');
    } finally {
      await app.close();
    }
  });

  test('GET /api/dev/outbox has its documented shape, newest first, and reads +91 numbers', async () => {
    await enqueueMessage(db(), { channel: 'sms', to: '9333333333', c_code: '+91', body: '111111 is your OTP', otp: '111111' });
    await enqueueMessage(db(), { channel: 'sms', to: '9333333333', c_code: '+91', body: '222222 is your OTP', otp: '222222' });
    for (const to of ['9333333333', '+919333333333', '%2B91%209333333333']) {
      const res = await ctx().app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` });
      expect(res.json().status).toBe(1);
      const data = res.json().data;
      expect(data.map((m: { otp: string }) => m.otp)).toEqual(['222222', '111111']);
      expect(Object.keys(data[0]).sort()).toEqual(['body', 'channel', 'created_at', 'otp', 'subject', 'to']);
      expect(data[0]).toMatchObject({ to: '9333333333', channel: 'sms', subject: null });
    }
    expect((await ctx().app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(400);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/dev/outbox?to=nobody@kasrat.test' })).json().data).toEqual([]);
  });
});

describe('messaging: transports', () => {
  const message = (over: Partial<ClaimedMessage> = {}): ClaimedMessage => ({
    id: 7,
    channel: 'sms',
    recipient: '9876543210',
    c_code: '+91',
    subject: null,
    body: '123456 is your Kasrat OTP',
    attempts: 1,
    lease_token: '00000000-0000-4000-8000-000000000007',
    ...over,
  });

  test('the SMS webhook receives the full number and the text; a non-2xx answer is a failure', async () => {
    const received: Array<{ auth?: string; key?: string; body: unknown }> = [];
    let answer = 200;
    const server = createHttpServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, key: req.headers['idempotency-key'] as string, body: JSON.parse(raw) });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(3321, '127.0.0.1', r));
    try {
      const t = webhookTransport('http://127.0.0.1:3321/sms', 'tok');
      await t.send(message());
      expect(received[0]).toEqual({
        auth: 'Bearer tok',
        key: 'kasrat-outbox-7',
        body: { to: '+919876543210', body: '123456 is your Kasrat OTP', id: 7 },
      });
      answer = 502;
      await expect(t.send(message())).rejects.toThrow(/502/);
    } finally {
      server.close();
    }
  });

  test('email goes out over SMTP (nodemailer) to a real SMTP conversation', async () => {
    const transcript: string[] = [];
    const server = createTcpServer((socket) => {
      let inData = false;
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of String(chunk).split('\r\n').filter(Boolean)) {
          transcript.push(line);
          if (inData) {
            if (line === '.') {
              inData = false;
              socket.write('250 queued\r\n');
            }
            continue;
          }
          const cmd = line.slice(0, 4).toUpperCase();
          if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 test\r\n');
          else if (cmd === 'DATA') {
            inData = true;
            socket.write('354 go\r\n');
          } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((r) => server.listen(3322, '127.0.0.1', r));
    try {
      const t = smtpTransport('smtp://127.0.0.1:3322', 'Kasrat <no-reply@kasrat.in>');
      await t.send(message({ channel: 'email', recipient: 'shopper@kasrat.test', subject: 'Your Kasrat OTP is 123456' }));
      const text = transcript.join('\n');
      expect(text).toMatch(/RCPT TO:<shopper@kasrat.test>/);
      expect(text).toContain('Subject: Your Kasrat OTP is 123456');
      expect(text).toContain('123456 is your Kasrat OTP');
    } finally {
      server.close();
    }
  });

  test('configuration picks the transports, and refuses an incomplete one', () => {
    const log = { info: () => {} };
    expect(transportsFromConfig(readMessagingConfig({}), log).email.name).toBe('console');
    const configured = transportsFromConfig(
      readMessagingConfig({ SMTP_URL: 'smtp://127.0.0.1:25', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' }),
      log,
    );
    expect([configured.email.name, configured.sms.name]).toEqual(['smtp', 'webhook']);
    expect(() => readMessagingConfig({ EMAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => readMessagingConfig({ SMS_TRANSPORT: 'webhook' })).toThrow(/SMS_WEBHOOK_URL/);
  });
});
