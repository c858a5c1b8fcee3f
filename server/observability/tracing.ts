import { FastifyOtelInstrumentation } from '@fastify/otel';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { readObservabilityConfig } from './config.ts';

// Traces (docs/operations.md "Traces"), only when OTEL_EXPORTER_OTLP_ENDPOINT is set: a span per request from the
// official Fastify instrumentation (@fastify/otel), a span per database statement beneath it, exported over OTLP/HTTP
// in batches from memory. An endpoint that does not answer costs the spans queued for it, never a request's time:
// the batch is sent after the answer, bounded in size and time. Off, nothing here is loaded into the request path.

interface Tracing {
  provider: NodeTracerProvider;
  fastify: FastifyOtelInstrumentation;
}

let tracing: Tracing | null | undefined;

/** The process's tracing, set up on first use from the environment; null when no endpoint is configured. */
export function processTracing(env: NodeJS.ProcessEnv = process.env): Tracing | null {
  if (tracing !== undefined) return tracing;
  const { otlpEndpoint, serviceName } = readObservabilityConfig(env);
  if (!otlpEndpoint) {
    tracing = null;
    return tracing;
  }
  const exporter = new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces`, timeoutMillis: 2_000 });
  const provider = new NodeTracerProvider({
    resource: { attributes: { 'service.name': serviceName } } as never,
    spanProcessors: [new BatchSpanProcessor(exporter, { maxQueueSize: 4_096, scheduledDelayMillis: 1_000, exportTimeoutMillis: 2_000 })],
  });
  // The global provider and the async-hooks context manager: a statement's span finds its request's.
  provider.register();
  const fastify = new FastifyOtelInstrumentation({ registerOnInitialization: false });
  fastify.setTracerProvider(provider);
  tracing = { provider, fastify };
  return tracing;
}

/** Sends what is queued now (tests, and a clean shutdown); an endpoint that does not answer loses them. */
export async function flushTraces(): Promise<void> {
  await tracing?.provider.forceFlush().catch(() => {});
}

/** First thing in the app, so every route and hook is instrumented; nothing when tracing is off. */
export async function registerTracing(app: FastifyInstance): Promise<void> {
  const t = processTracing();
  if (!t) return;
  await app.register(t.fastify.plugin());
  app.addHook('onClose', async () => flushTraces());
}

const tracer = () => trace.getTracer('kasrat-db');

/** A statement's span name: its first keyword and, when it says so plainly, its table. */
function statementName(text: string): string {
  const m = /^\s*(\w+)(?:[\s\S]*?\b(?:FROM|INTO|UPDATE)\s+"?(\w+)"?)?/i.exec(text);
  return m ? `${m[1]?.toUpperCase()}${m[2] ? ` ${m[2]}` : ''}` : 'statement';
}

/** A connection whose statements are spans, started in the caller's context and ended with the answer. */
function tracedConnection(inner: DatabaseConnection, system: string): DatabaseConnection {
  return {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const span = tracer().startSpan(statementName(query.sql), {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system.name': system, 'db.query.text': query.sql.slice(0, 2_000) },
      });
      try {
        return await inner.executeQuery<R>(query);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(error).slice(0, 200) });
        throw error;
      } finally {
        span.end();
      }
    },
    streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
  };
}

/** The driver's connections, traced; Kysely hands back the wrapper, the driver gets its own connection. */
class TracedDriver implements Driver {
  readonly #inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  constructor(
    private readonly driver: Driver,
    private readonly system: string,
  ) {}
  init = () => this.driver.init();
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.driver.acquireConnection();
    const wrapped = tracedConnection(connection, this.system);
    this.#inner.set(wrapped, connection);
    return wrapped;
  }
  #own = (c: DatabaseConnection) => this.#inner.get(c) ?? c;
  beginTransaction = (c: DatabaseConnection, s: TransactionSettings) => this.driver.beginTransaction(this.#own(c), s);
  commitTransaction = (c: DatabaseConnection) => this.driver.commitTransaction(this.#own(c));
  rollbackTransaction = (c: DatabaseConnection) => this.driver.rollbackTransaction(this.#own(c));
  releaseConnection = (c: DatabaseConnection) => this.driver.releaseConnection(this.#own(c));
  destroy = () => this.driver.destroy();
}

/** The dialect whose statements are traced when tracing is on; the same dialect when it is off (server/db/database.ts). */
export function tracedDialect(dialect: Dialect, system: 'postgresql' | 'pglite'): Dialect {
  if (!processTracing()) return dialect;
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new TracedDriver(dialect.createDriver(), system),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** The active span's ids for a log line (pino's mixin): every line of a traced request names its trace. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
