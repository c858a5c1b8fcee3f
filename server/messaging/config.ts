import { z } from 'zod';

// Messaging configuration, read once from the environment. Transports are chosen here:
// console in development, SMTP for email and an HTTP webhook for SMS when configured.

/** The transports a configuration picks: the one named, else SMTP / the webhook when configured, else the console. */
export function transportsOf(env: { EMAIL_TRANSPORT?: string; SMS_TRANSPORT?: string; SMTP_URL?: string; SMS_WEBHOOK_URL?: string }): {
  EMAIL_TRANSPORT: 'console' | 'smtp';
  SMS_TRANSPORT: 'console' | 'webhook';
} {
  return {
    EMAIL_TRANSPORT: env.EMAIL_TRANSPORT === 'smtp' || (!env.EMAIL_TRANSPORT && env.SMTP_URL) ? 'smtp' : 'console',
    SMS_TRANSPORT: env.SMS_TRANSPORT === 'webhook' || (!env.SMS_TRANSPORT && env.SMS_WEBHOOK_URL) ? 'webhook' : 'console',
  };
}

const MessagingConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    EMAIL_TRANSPORT: z.enum(['console', 'smtp']).optional(),
    SMS_TRANSPORT: z.enum(['console', 'webhook']).optional(),
    SMTP_URL: z.string().url().optional(),
    SMTP_FROM: z.string().default('Kasrat <no-reply@kasrat.in>'),
    SMS_WEBHOOK_URL: z.string().url().optional(),
    SMS_WEBHOOK_TOKEN: z.string().optional(),
    OUTBOX_WORKER: z.enum(['on', 'off']).default('on'),
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  })
  .transform((c) => ({ ...c, ...transportsOf(c) }))
  .superRefine((c, ctx) => {
    if (c.EMAIL_TRANSPORT === 'smtp' && !c.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL_TRANSPORT=smtp' });
    if (c.SMS_TRANSPORT === 'webhook' && !c.SMS_WEBHOOK_URL)
      ctx.addIssue({ code: 'custom', path: ['SMS_WEBHOOK_URL'], message: 'required when SMS_TRANSPORT=webhook' });
    // The console transport writes one-time passwords to the log: never in production.
    if (c.NODE_ENV === 'production' && c.EMAIL_TRANSPORT === 'console')
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required in production (the console transport would log OTPs)' });
    if (c.NODE_ENV === 'production' && c.SMS_TRANSPORT === 'console')
      ctx.addIssue({ code: 'custom', path: ['SMS_WEBHOOK_URL'], message: 'required in production (the console transport would log OTPs)' });
  });

export type MessagingConfig = z.infer<typeof MessagingConfigSchema>;

export function readMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const parsed = MessagingConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid messaging configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
