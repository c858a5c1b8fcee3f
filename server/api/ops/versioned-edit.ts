import type { FastifyRequest } from 'fastify';
import { PROMOTION_MESSAGES } from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { auditedVersion, recordAudit } from '../../modules/staff/index.ts';

// The one way the console edits a versioned promotion (coupons, bank offers, free gifts, the delivery charge, sale
// pages; docs/decisions/019): in one transaction the owner locks the row (FOR UPDATE), the version the editor saw
// is compared with the row's, a stale edit is a 409 with the row now and the fields changed since (read from the
// audit trail, which holds every version's before / after), and a current one is saved by the owner at the next
// version and recorded with before / after.

type Row = Record<string, unknown>;

export type VersionedEdit<L extends { version: number }, V extends Row> = {
  /** The audit target, `kind:id`. */
  target: string;
  /** What the editor edits, for the 409's message ("bank offer"). */
  what: string;
  /** The audit action, `kind.update`. */
  action: string;
  /** The version the editor saw. */
  expected: number;
  /** The owner's lock of the row (FOR UPDATE); undefined when there is no such row. */
  lock: (trx: Db) => Promise<L | undefined>;
  /** The row as the console shows it (and as the trail records it). */
  view: (trx: Db, locked: L) => Promise<V> | V;
  /** The owner's write at `version`; answers the saved row's view. */
  save: (trx: Db, version: number, locked: L) => Promise<V>;
  /** The 404's message. */
  missing: string;
};

/** Runs one versioned edit in its own transaction; answers the saved row as the console shows it. */
export async function versionedEdit<L extends { version: number }, V extends Row>(
  db: Db,
  req: FastifyRequest,
  edit: VersionedEdit<L, V>,
): Promise<V> {
  return db.transaction().execute(async (trx) => {
    const locked = await edit.lock(trx);
    if (!locked) throw new NotFound(edit.missing);
    const before = await edit.view(trx, locked);
    if (locked.version !== edit.expected) {
      const seen = await auditedVersion(trx, edit.target, edit.expected);
      const changed = seen
        ? Object.keys(before).filter((k) => k !== 'version' && JSON.stringify(before[k]) !== JSON.stringify(seen[k]))
        : [];
      throw new Conflict(PROMOTION_MESSAGES.stale(edit.what, changed), { current: before, changed });
    }
    const after = await edit.save(trx, locked.version + 1, locked);
    await recordAudit(trx, req, { action: edit.action, target: edit.target, before, after });
    return after;
  });
}
