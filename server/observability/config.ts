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
    /**
     * How the log is written: `pretty` (coloured lines a person reads, through pino-pretty) or `json` (one JSON
     * object a line, for a log collector). Unset: `json` in production and tests, `pretty` otherwise.
     */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /**
     * Where traces go, over OTLP/HTTP (`http://collector:4318`; spans are posted to `<endpoint>/v1/traces`). Unset,
     * nothing is traced and tracing costs nothing. An endpoint that does not answer loses spans, never a request.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
    /** The service name traces carry. */
    OTEL_SERVICE_NAME: z.string().min(1).default('kasrat'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.METRICS_TOKEN !== undefined && c.METRICS_TOKEN.length < 24)
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'too short (at least 24 characters) for production' });
  });

export interface ObservabilityConfig {
  metricsToken: string;
  logFormat: 'pretty' | 'json';
  /** The OTLP/HTTP endpoint, '' when tracing is off. */
  otlpEndpoint: string;
  serviceName: string;
}

export function readObservabilityConfig(env: NodeJS.ProcessEnv = process.env): ObservabilityConfig {
  const parsed = ObservabilityEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    metricsToken: c.METRICS_TOKEN ?? '',
    logFormat: c.LOG_FORMAT ?? (c.NODE_ENV === 'development' ? 'pretty' : 'json'),
    otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT ?? '',
    serviceName: c.OTEL_SERVICE_NAME,
  };
}
