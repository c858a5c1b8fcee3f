import nodemailer from 'nodemailer';
import type { MessagingConfig } from './config.ts';
import { type ClaimedMessage, idempotencyKeyOf } from './outbox.ts';

/** Delivers one message or throws; the worker owns retries. */
export interface Transport {
  readonly name: string;
  send(message: ClaimedMessage): Promise<void>;
}

export interface Transports {
  email: Transport;
  sms: Transport;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/** Development: the message goes to the log (and stays readable at GET /api/dev/outbox). Refused in production. */
export function consoleTransport(log: Logger): Transport {
  return {
    name: 'console',
    async send(m) {
      log.info({ channel: m.channel, to: m.recipient, subject: m.subject, body: m.body }, 'outbox message (console transport)');
    },
  };
}

export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(m) {
      // The same Message-ID on every retry lets mail systems drop a duplicate (delivery is at least once).
      const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'kasrat.in';
      await mailer.sendMail({
        from,
        to: m.recipient,
        subject: m.subject ?? 'Kasrat',
        text: m.body,
        ...(m.html ? { html: m.html } : {}),
        messageId: `<${idempotencyKeyOf(m)}@${domain}>`,
      });
    },
  };
}

/**
 * SMS through an HTTP webhook: POST {to, body, id} as JSON with an `idempotency-key` header that is the same on every
 * retry of one message (delivery is at least once); any non-2xx answer is a failure to retry.
 */
export function webhookTransport(url: string, token?: string, fetchImpl: typeof fetch = fetch): Transport {
  return {
    name: 'webhook',
    async send(m) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': idempotencyKeyOf(m),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: `${m.c_code ?? '+91'}${m.recipient}`, body: m.body, id: m.id }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

export function transportsFromConfig(config: MessagingConfig, log: Logger): Transports {
  const console = consoleTransport(log);
  return {
    email: config.EMAIL_TRANSPORT === 'smtp' && config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.SMTP_FROM) : console,
    sms:
      config.SMS_TRANSPORT === 'webhook' && config.SMS_WEBHOOK_URL
        ? webhookTransport(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_TOKEN)
        : console,
  };
}
