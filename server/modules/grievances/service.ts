import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ACKNOWLEDGE_WITHIN_HOURS,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_MESSAGES,
  type Grievance,
  type GrievanceCategory,
  type GrievanceRequest,
  grievanceDeadlines,
  nextDeadline,
  type OpsGrievance,
  overdue,
} from '../../../schemas/grievances.ts';
import { readGrievanceOfficer } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { enforceLimit } from '../../http/rate-limit.ts';
import { signalOutbox } from '../../messaging/index.ts';
import { notifyGrievance } from '../notifications/index.ts';
import * as q from './queries.ts';

// Grievance redressal (docs/grievance-redressal.md; Consumer Protection (E-Commerce) Rules, 2020, rule 4(4)-(5)):
// the grievance officer from configuration, a shopper's complaint acknowledged at once with its ticket and both
// clocks, and the console's acknowledgement and answer, each sent to the shopper through the outbox.

/** The officer as the help centre and the footer show them, read once at start-up. */
export function grievanceOfficer(env: NodeJS.ProcessEnv = process.env) {
  const officer = readGrievanceOfficer(env);
  return {
    ...officer,
    tel: `tel:${officer.phone.replace(/[^\d+]/g, '')}`,
    acknowledge_within_hours: ACKNOWLEDGE_WITHIN_HOURS,
    resolve_within: 'one month',
  };
}

/** Complaints per account per hour: enough for a shopper with several orders, not a flood (README "Security"). */
export const GRIEVANCE_LIMIT_PER_HOUR = 5;

const reference = () => `KSG-${randomBytes(4).toString('hex').toUpperCase()}`;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const categoryLabel = (c: string) => GRIEVANCE_CATEGORIES[c as GrievanceCategory] ?? c;

type Row = Awaited<ReturnType<typeof q.grievanceById>>;

function toGrievance(r: Row): Grievance {
  return {
    reference: r.reference,
    status: r.status,
    category: categoryLabel(r.category),
    order_number: r.order_number ?? null,
    message: r.message,
    created_at: new Date(r.created_at).toISOString(),
    acknowledge_by: new Date(r.acknowledge_by).toISOString(),
    resolve_by: new Date(r.resolve_by).toISOString(),
    acknowledged_at: iso(r.acknowledged_at),
    resolved_at: iso(r.resolved_at),
    answer: r.answer,
  };
}

/**
 * Stores the complaint with its two clocks and queues its acknowledgement (email and SMS) in the same
 * transaction: the ticket the shopper sees on screen is the one the message carries.
 */
export async function fileGrievance(db: Db, customerId: number, input: z.output<typeof GrievanceRequest>): Promise<Grievance> {
  // Another shopper's order is "not found": nothing is learned about it.
  const order = input.order_number ? await q.customerOrderByNumber(db, customerId, input.order_number) : undefined;
  if (input.order_number && !order) throw new NotFound('Order not found.');
  await enforceLimit(db, `grievance:account:${customerId}`, GRIEVANCE_LIMIT_PER_HOUR, 3600, GRIEVANCE_MESSAGES.tooMany);
  const received = new Date();
  const { acknowledge_by, resolve_by } = grievanceDeadlines(received);
  const saved = await db.transaction().execute(async (tx) => {
    const { id } = await q.insertGrievance(tx, {
      reference: reference(),
      customer_id: customerId,
      order_id: order?.id ?? null,
      category: input.category,
      message: input.message,
      created_at: received,
      acknowledge_by,
      resolve_by,
    });
    const row = await q.grievanceById(tx, id);
    await notifyGrievance(tx, customerId, {
      kind: 'grievance_received',
      ticket: row.reference,
      order: row.order_number ?? null,
      about: categoryLabel(row.category),
      acknowledgeBy: acknowledge_by.toISOString(),
      resolveBy: resolve_by.toISOString(),
    });
    return row;
  });
  signalOutbox();
  return toGrievance(saved);
}

export async function customerGrievances(db: Db, customerId: number): Promise<Grievance[]> {
  return (await q.customerGrievances(db, customerId)).map(toGrievance);
}

type OpsRow = Awaited<ReturnType<typeof q.opsGrievances>>[number];

function toOpsGrievance(r: OpsRow, now: Date): OpsGrievance {
  const g = toGrievance(r);
  return {
    ...g,
    customer_id: r.customer_id,
    customer_name: `${r.first_name} ${r.last_name}`.trim() || 'Customer',
    contact: [r.email, r.mobile].filter(Boolean).join(' · '),
    next_deadline: nextDeadline(g),
    overdue: overdue(g, now),
  };
}

export async function opsGrievances(db: Db, status: 'pending' | 'open' | 'acknowledged' | 'resolved', now = new Date()) {
  return (await q.opsGrievances(db, status)).map((r) => toOpsGrievance(r, now));
}

async function opsGrievance(db: Db, reference: string): Promise<OpsGrievance> {
  const [row] = await q.opsGrievances(db, 'any', reference);
  if (!row) throw new NotFound(GRIEVANCE_MESSAGES.notFound);
  return toOpsGrievance(row, new Date());
}

async function found(db: Db, reference: string) {
  const g = await q.grievanceByReference(db, reference);
  if (!g) throw new NotFound(GRIEVANCE_MESSAGES.notFound);
  return g;
}

/** Records a console act on the audit trail, inside the act's transaction (docs/decisions/019). */
export type Audit = (tx: Db, entry: { action: string; target: string; before: unknown; after: unknown }) => Promise<void>;

/** Support takes the complaint up: the 48-hour clock stops. Acknowledging twice is harmless; a resolved one is 409. */
export async function acknowledge(db: Db, reference: string, staffId: number | null, audit: Audit) {
  const g = await found(db, reference);
  if (g.status === 'resolved') throw new Conflict(GRIEVANCE_MESSAGES.resolved);
  if (g.status === 'open')
    await db.transaction().execute(async (tx) => {
      if (await q.markAcknowledged(tx, g.id, staffId))
        await audit(tx, {
          action: 'grievance.acknowledge',
          target: `grievance:${reference}`,
          before: { status: g.status },
          after: { status: 'acknowledged' },
        });
    });
  return opsGrievance(db, reference);
}

/** The answer resolves the complaint and goes to the shopper by email and SMS, in the same transaction. */
export async function answer(db: Db, reference: string, staffId: number | null, text: string, audit: Audit) {
  const g = await found(db, reference);
  if (g.status === 'resolved') throw new Conflict(GRIEVANCE_MESSAGES.resolved);
  await db.transaction().execute(async (tx) => {
    if (!(await q.markResolved(tx, g.id, staffId, text))) throw new Conflict(GRIEVANCE_MESSAGES.resolved);
    const row = await q.grievanceById(tx, g.id);
    await notifyGrievance(tx, g.customer_id, {
      kind: 'grievance_answered',
      ticket: row.reference,
      order: row.order_number ?? null,
      answer: text,
    });
    await audit(tx, {
      action: 'grievance.answer',
      target: `grievance:${reference}`,
      before: { status: g.status },
      after: { status: 'resolved', answer: text },
    });
  });
  signalOutbox();
  return opsGrievance(db, reference);
}
