import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';

// The audit trail (docs/decisions/019): who (a staff id, or "token" for machines), what, before / after, when and
// the request id. Rows are only ever inserted; the table's trigger refuses UPDATE, DELETE and TRUNCATE.

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
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Records one staff write, inside the caller's transaction when `db` is one. */
export async function recordAudit(db: Db, req: FastifyRequest, entry: AuditWrite): Promise<void> {
  const actor = req.opsActor;
  const staff = actor?.kind === 'staff' ? actor.staff : null;
  await db
    .insertInto('audit_log')
    .values({
      actor: staff ? `staff:${staff.id}` : 'token',
      staff_id: staff?.id ?? null,
      action: entry.action,
      target: entry.target ?? '',
      before: json(entry.before),
      after: json(entry.after),
      request_id: req.id,
    })
    .execute();
  req.audited = true;
}

/** Newest first, a page at a time (`before` is the last id of the previous page). */
export async function listAudit(db: Db, query: { before?: number; limit: number }): Promise<AuditEntry[]> {
  let q = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.before) q = q.where('id', '<', query.before);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    staff_id: r.staff_id,
    action: r.action,
    target: r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    request_id: r.request_id,
  }));
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
