import { z } from 'zod';

// Settings of what the store tells its operators (docs/operations.md): who may scrape the metrics, where traces
// go, how the log reads. Read once at start-up; a bad value stops the process with its name.

const ObservabilityEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * Bearer token a Prometheus server scrapes `/metrics` with (`authorization: Bearer …`), so the scraper need
     * not hold the operations token; `OPS_TOKEN` opens `/metrics` too. At least 24 characters in production.
     */
    METRICS_TOKEN: z.string().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.METRICS_TOKEN !== undefined && c.METRICS_TOKEN.length < 24)
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'too short (at least 24 characters) for production' });
  });

export interface ObservabilityConfig {
  metricsToken: string;
}

export function readObservabilityConfig(env: NodeJS.ProcessEnv = process.env): ObservabilityConfig {
  const parsed = ObservabilityEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { metricsToken: parsed.data.METRICS_TOKEN ?? '' };
}
