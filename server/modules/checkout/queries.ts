import { type CompiledQuery, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Address } from '../../../schemas/account.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { type Db, pipelined } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { type AddressRow, toAddress, unlistedService } from '../account/index.ts';
import { ACTIVE } from '../cart/index.ts';
import { liveSessionCtes, type SessionCheck } from '../session/index.ts';
import { type ClaimParts, claimUntil, IDEMPOTENCY_TTL_MS } from '../../http/idempotency.ts';

// Checkout's reads and row locks. Lock order, everywhere in checkout and payment: idempotency key, customer,
// cart, variants (by id), coupon; and order before its payments. Nothing takes them the other way round.

export interface DeliveryAddress {
  address: Address;
  serviceable: boolean;
  cod_available: boolean;
}

export async function findDeliveryAddress(db: Db, customerId: number, addressId: number): Promise<DeliveryAddress | null> {
  const row = await db
    .selectFrom('addresses as a')
    .leftJoin('pincodes as p', 'p.pincode', 'a.pincode')
    .select([
      'a.id',
      'a.full_name',
      'a.mobile',
      'a.c_code',
      'a.email',
      'a.pincode',
      'a.address',
      'a.landmark',
      'a.city',
      'a.state',
      'a.country',
      'a.address_type',
      'a.is_default',
      'p.serviceable',
      'p.cod_available',
    ])
    .where('a.id', '=', addressId)
    .where('a.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? toDeliveryAddress(row as AddressRow, row) : null;
}

// Serviceability comes from the pincode directory; an address whose pincode it does not list was accepted with a
// state of India, and is served prepaid only (docs/pincodes.md "Pincodes the directory does not list").
function toDeliveryAddress(address: AddressRow, pincode: { serviceable: boolean | null; cod_available: boolean | null }): DeliveryAddress {
  if (pincode.serviceable === null) {
    const { serviceable, cod_available } = unlistedService(address.state);
    return { address: toAddress(address), serviceable, cod_available };
  }
  return {
    address: toAddress(address),
    serviceable: pincode.serviceable,
    cod_available: pincode.serviceable && pincode.cod_available === true,
  };
}

export async function lockCustomer(trx: Db, customerId: number) {
  return (
    trx
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'last_order_at'])
      // A frozen account ("this was not me") is refused as a blocked one is.
      .select(sql<boolean>`is_blocked OR frozen_at IS NOT NULL`.as('is_blocked'))
      .where('id', '=', customerId)
      // NO KEY UPDATE: rows inserted with a foreign key to the customer (the idempotency key) take KEY SHARE, which
      // FOR UPDATE would wait on — two concurrent orders of one customer would deadlock.
      .forNoKeyUpdate()
      .executeTakeFirst()
  );
}

export interface LockedOrderParties {
  isBlocked: boolean;
  cart: Selectable<Database['carts']>;
  /** The cart's chosen address (the customer's own), with its pincode's service; null when none is chosen. */
  delivery: DeliveryAddress | null;
  /** The customer's orders still waiting for payment (a new placement releases them). */
  unpaidOrderIds: number[];
}

const lockedParties = (trx: Db, customer: RawBuilder<number | null>) =>
  trx
    .selectFrom('customers as c')
    .innerJoin('carts as k', (join) => join.onRef('k.customer_id', '=', 'c.id').on('k.status', '=', ACTIVE))
    .leftJoin('addresses as a', (join) => join.onRef('a.id', '=', 'k.address_id').onRef('a.customer_id', '=', 'c.id'))
    .leftJoin('pincodes as p', 'p.pincode', 'a.pincode')
    .selectAll('k')
    .select([
      sql<boolean>`c.is_blocked OR c.frozen_at IS NOT NULL`.as('is_blocked'),
      sql<AddressRow | null>`CASE WHEN a.id IS NULL THEN NULL ELSE to_jsonb(a) END`.as('chosen_address'),
      'p.serviceable',
      'p.cod_available',
      sql<number[] | null>`(SELECT array_agg(o.id ORDER BY o.id) FROM orders o
                            WHERE o.customer_id = c.id AND o.status = 'payment_pending')`.as('unpaid_order_ids'),
    ])
    .where('c.id', '=', customer)
    .modifyEnd(sql`FOR NO KEY UPDATE OF c FOR UPDATE OF k`);

type LockedRow = NonNullable<Awaited<ReturnType<ReturnType<typeof lockedParties>['executeTakeFirst']>>> & {
  claimed: number;
  next_order_number: string;
  placing_customer: number | null;
};

/** Who places the order: the customer, or the session still to check (the statement finds its customer). */
export type Placer = number | SessionCheck;

/**
 * The statement of {@link lockCustomerAndCart}: the session's check, the key's claim, the order's number, the locks
 * and what they read. Every order sends it, so its text is compiled once (server/db/compiled-once.ts).
 */
/** `claim`, the key's claim before the customer is known: the statement inserts it for the customer it finds. */
export function lockPartiesStatement(trx: Db, placer: Placer, claim?: ClaimParts, now = new Date()): CompiledQuery<LockedRow> {
  const parts = claim
    ? { scope: claim.scope, key: claim.key, requestHash: claim.requestHash, expires: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) }
    : {};
  const form = claim ? 'claim' : '';
  return typeof placer === 'number'
    ? byCustomer(trx, { customerId: placer, ...parts }, form)
    : bySession(trx, { ...placer, ...parts }, form);
}

type ClaimValues = Partial<ClaimParts & { expires: Date }>;
/** The claim's values, in the form that carries one. */
const claimIn = (v: ClaimValues, form: string) => (form === 'claim' ? (v as ClaimParts & { expires: Date }) : undefined);
const byCustomer = compiledOnce((trx: Db, v: { customerId: number } & ClaimValues, form) =>
  lockPartiesSql(trx, sql`${v.customerId}::integer`, claimIn(v, form)),
);
const bySession = compiledOnce((trx: Db, v: SessionCheck & ClaimValues, form) =>
  lockPartiesSql(trx, sql`(SELECT customer_id FROM session_live)`, claimIn(v, form), liveSessionCtes(trx, v)),
);

function lockPartiesSql(
  trx: Db,
  customer: RawBuilder<number | null>,
  claim?: ClaimParts & { expires: Date },
  session?: RawBuilder<unknown>,
): CompiledQuery<LockedRow> {
  const locked = lockedParties(trx, customer);
  const ctes = [...(session ? [session] : []), ...(claim ? [sql`claim AS (${claimUntil(claim, customer, claim.expires)})`] : [])];
  // The claim and the order's number are the outer side of the join, so the key is taken (or found taken) before
  // the locks. A number reserved for an order that is then refused is a gap, as after any rollback.
  return sql<LockedRow>`
    ${ctes.length ? sql`WITH ${sql.join(ctes)}` : sql``}
    SELECT cc.claimed, cc.next_order_number, cc.placing_customer, l.*
    FROM (SELECT ${claim ? sql`(SELECT count(*)::int FROM claim)` : sql`1`} AS claimed,
                 'KS' || nextval('order_number_seq')::text AS next_order_number,
                 ${customer} AS placing_customer) cc
    LEFT JOIN LATERAL (${locked}) l ON true`.compile(trx);
}

/**
 * The customer (NO KEY UPDATE, see lockCustomer) and their active cart (UPDATE) locked in one statement, with the
 * cart's delivery address read alongside; `parties` is undefined when the customer has no active cart. With a
 * `claim`, the same round trip first inserts the idempotency key (the lock order above: key, then customer and
 * cart); `claimed` is false when the key was already there (the caller then replays or refuses). `alongside`, a
 * statement pipelined behind (it runs once the locks are held), answers its rows in the same round trip.
 */
export async function lockCustomerAndCart<A = never>(
  trx: Db,
  placer: Placer,
  claim?: ClaimParts,
  alongside?: CompiledQuery<A>,
  now = new Date(),
): Promise<{
  claimed: boolean;
  orderNumber: string;
  /** The customer placing the order; null when the session was not live (nothing was claimed or locked). */
  customerId: number | null;
  parties: LockedOrderParties | undefined;
  alongside: A[];
}> {
  const statement = lockPartiesStatement(trx, placer, claim, now);
  // `alongside` is written right behind, without waiting: it runs once this statement holds the locks.
  const [r, more] = await pipelined(trx, alongside ? [statement, alongside] : [statement]);
  const row = r.rows[0] as LockedRow;
  const rest = (more?.rows ?? []) as A[];
  const { claimed, next_order_number: orderNumber } = row;
  const customerId = row.placing_customer === null ? null : Number(row.placing_customer);
  if (row.id == null) return { claimed: claimed > 0, orderNumber, customerId, parties: undefined, alongside: rest };
  const {
    is_blocked,
    chosen_address,
    serviceable,
    cod_available,
    unpaid_order_ids,
    claimed: _c,
    next_order_number: _n,
    placing_customer: _p,
    ...cart
  } = row;
  return {
    claimed: claimed > 0,
    orderNumber,
    customerId,
    alongside: rest,
    parties: {
      isBlocked: is_blocked,
      cart,
      delivery: chosen_address ? toDeliveryAddress(chosen_address, { serviceable, cod_available }) : null,
      unpaidOrderIds: (unpaid_order_ids ?? []).map(Number),
    },
  };
}

/** The customer's order still waiting for payment, if any (a second "place order" answers it). */
export async function pendingOrderOf(db: Db, customerId: number, now: Date) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'status', 'total', 'expires_at'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'payment_pending')
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
