import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditFilters } from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { clientKey } from '../../http/rate-limit.ts';

// The audit trail (docs/decisions/019): who (a staff id, "token" for machines, "anonymous" for a failed sign-in),
// what, before / after, when, the server's own request id (the caller's x-request-id apart), the source address
// (an IPv6 /64) and the user agent. Rows are only ever inserted; the table's trigger refuses UPDATE, DELETE and
// TRUNCATE.

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once a handler recorded its own entry, so the generic entry of an operations write is not added too. */
    audited: boolean;
  }
}

export interface AuditWrite {
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
  /** Who acted when the request carries no operations actor yet: a sign-in, a failed one, an invitation's use. */
  actor?: { staffId: number } | 'anonymous';
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

const serverIds = new WeakMap<FastifyRequest, string>();
/**
 * The server's own id of a request. Fastify keeps a well-formed incoming x-request-id as `req.id` (SPEC §7 logs);
 * the trail never does, or two acts could be recorded under one id of the caller's choosing.
 */
export function auditRequestId(req: FastifyRequest): string {
  const chosenByClient = req.headers['x-request-id'] === req.id;
  if (!chosenByClient) return req.id;
  let id = serverIds.get(req);
  if (!id) {
    id = randomUUID();
    serverIds.set(req, id);
    req.log.info({ audit_request_id: id }, 'audit request id');
  }
  return id;
}

const clientRequestId = (req: FastifyRequest) => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' ? given.slice(0, 128) : '';
};

/** Records one staff act, inside the caller's transaction when `db` is one. */
export async function recordAudit(db: Db, req: FastifyRequest, entry: AuditWrite): Promise<void> {
  const actor = req.opsActor;
  const staffId = entry.actor === 'anonymous' ? null : entry.actor ? entry.actor.staffId : actor?.kind === 'staff' ? actor.staff.id : null;
  await db
    .insertInto('audit_log')
    .values({
      actor: staffId !== null ? `staff:${staffId}` : entry.actor === 'anonymous' ? 'anonymous' : 'token',
      staff_id: staffId,
      action: entry.action,
      target: entry.target ?? '',
      before: json(entry.before),
      after: json(entry.after),
      request_id: auditRequestId(req),
      client_request_id: clientRequestId(req),
      source: clientKey(req.ip ?? ''),
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 400),
    })
    .execute();
  req.audited = true;
}

/** Many entries of one request in a few statements (a catalogue import's thousands of rows), as recordAudit writes each. */
export async function recordAudits(db: Db, req: FastifyRequest, entries: readonly AuditWrite[]): Promise<void> {
  const actor = req.opsActor;
  const staffId = actor?.kind === 'staff' ? actor.staff.id : null;
  const common = {
    actor: staffId !== null ? `staff:${staffId}` : 'token',
    staff_id: staffId,
    request_id: auditRequestId(req),
    client_request_id: clientRequestId(req),
    source: clientKey(req.ip ?? ''),
    user_agent: String(req.headers['user-agent'] ?? '').slice(0, 400),
  };
  // 1,000 rows of ten values stay far below the protocol's 65,535 parameters.
  for (let i = 0; i < entries.length; i += 1000) {
    const chunk = entries.slice(i, i + 1000);
    await db
      .insertInto('audit_log')
      .values(chunk.map((e) => ({ ...common, action: e.action, target: e.target ?? '', before: json(e.before), after: json(e.after) })))
      .execute();
  }
  req.audited = true;
}

// Days are the store's (IST), as the console shows them.
const dayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);

function filtered(db: Db, f: AuditFilters) {
  let q = db.selectFrom('audit_log').selectAll();
  if (f.staff_id) {
    const id = f.staff_id;
    q = q.where((eb) => eb.or([eb('staff_id', '=', id), eb('target', '=', `staff:${id}`)]));
  }
  if (f.action) q = q.where('action', '=', f.action);
  if (f.from) q = q.where('at', '>=', dayStart(f.from));
  if (f.to) q = q.where('at', '<', new Date(dayStart(f.to).getTime() + 86_400_000));
  return q;
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof filtered>['execute']>>[number];
const toEntry = (r: AuditRow): AuditEntry => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  actor: r.actor,
  staff_id: r.staff_id,
  action: r.action,
  target: r.target,
  before: r.before ?? null,
  after: r.after ?? null,
  request_id: r.request_id,
  client_request_id: r.client_request_id,
  source: r.source,
  user_agent: r.user_agent,
});

/** Newest first, a page at a time (`before` is the last id of the previous page). */
export async function listAudit(db: Db, query: AuditFilters & { before?: number; limit: number }): Promise<AuditEntry[]> {
  let q = filtered(db, query).orderBy('id', 'desc').limit(query.limit);
  if (query.before) q = q.where('id', '<', query.before);
  return (await q.execute()).map(toEntry);
}

/** The most rows one export holds; a wider range is narrowed by date. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The filtered trail as CSV, newest first. */
export async function auditCsv(db: Db, filters: AuditFilters): Promise<string> {
  const rows = await filtered(db, filters).orderBy('id', 'desc').limit(AUDIT_EXPORT_MAX_ROWS).execute();
  const columns = [
    'id',
    'at',
    'actor',
    'staff_id',
    'action',
    'target',
    'before',
    'after',
    'request_id',
    'client_request_id',
    'source',
    'user_agent',
  ] as const;
  const lines = [columns.join(',')];
  for (const row of rows.map(toEntry)) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

type AuditedRow = Record<string, unknown>;
const asRow = (v: unknown): AuditedRow | null => {
  const parsed = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return parsed && typeof parsed === 'object' ? (parsed as AuditedRow) : null;
};

/**
 * A versioned row (`target`) as the trail last recorded it at `version` (an entry's after, or its before), for
 * naming what changed since an editor opened it; null when the trail has no such version.
 */
export async function auditedVersion(db: Db, target: string, version: number): Promise<AuditedRow | null> {
  const entries = await db
    .selectFrom('audit_log')
    .select(['before', 'after'])
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  for (const e of entries) {
    for (const side of [asRow(e.after), asRow(e.before)]) if (side?.version === version) return side;
  }
  return null;
}
