import { z } from 'zod';

// One typed config, read once at start-up (STYLE §12). A bad value stops the process with a clear message.
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_SCALE: z.coerce.number().int().min(0).max(500_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(16).default('kasrat-development-session-secret'),
  PUBLIC_ORIGIN: z.string().default(''),
  // Behind a load balancer: 'true' trusts x-forwarded-for from anyone (only safe when the app is unreachable
  // directly), a number trusts that many hops, anything else is a comma-separated list of proxy addresses.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string =>
      v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
});

export type Config = z.infer<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
