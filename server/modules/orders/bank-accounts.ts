import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { BankAccountView, IfscDetails } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost, siteOrigin } from '../../config.ts';
import { recordAccountChange, requireOwnerProof } from '../account/index.ts';
import { findCustomerById } from '../auth/index.ts';
import * as q from './queries.ts';

// Saved bank accounts for pay-on-delivery refunds, and IFSC look-up. Codes are validated and banks named offline
// by Razorpay's ifsc package; branch details come from our own ifsc_branches table (its web API is not used).

const require = createRequire(import.meta.url);
const ifsc = require('ifsc') as { validate(code: string): boolean };
const bankNames = require('ifsc/src/banknames.json') as Record<string, string>;

export class UnknownIfsc extends NotFound {
  constructor(code: string) {
    super(`We could not find the IFSC code ${code}. Please check it on your cheque book or bank passbook.`);
  }
}

// Account numbers at rest: AES-256-GCM under BANK_ACCOUNT_KEY ("<id>:<32 bytes, base64>"), a random IV per
// value, the customer's id as additional data (a value copied to another customer's row does not decrypt).
// Stored as "v1:<key id>:<iv>:<ciphertext>:<tag>". Keys retired by a rotation stay readable through
// BANK_ACCOUNT_OLD_KEYS until reencryptBankAccounts has moved every row to the current key (README "Security").

interface BankKey {
  id: string;
  key: Buffer;
}
/** Outside production, without a key, development and loopback stores use this one (it is public). */
const DEV_BANK_KEY: BankKey = { id: 'dev', key: createHash('sha256').update('kasrat-development-bank-account-key').digest() };
export const BANK_KEY_FORMAT = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]{40,64})$/;

export function parseBankKey(value: string): BankKey | null {
  const m = BANK_KEY_FORMAT.exec(value.trim());
  if (!m) return null;
  const key = Buffer.from(m[2], 'base64');
  return key.length === 32 ? { id: m[1], key } : null;
}

/** The current key and every readable one; throws when there is none and the development key is not allowed. */
export function bankKeys(env: NodeJS.ProcessEnv = process.env): { current: BankKey; all: Map<string, BankKey> } {
  const configured = env.BANK_ACCOUNT_KEY ? parseBankKey(env.BANK_ACCOUNT_KEY) : null;
  if (env.BANK_ACCOUNT_KEY && !configured) throw new Error('BANK_ACCOUNT_KEY must be "<id>:<32 bytes in base64>"');
  const devAllowed = env.NODE_ENV !== 'production' && (env.KASRAT_DEV_TOOLS === '1' || isLoopbackHost(env.HOST ?? '127.0.0.1'));
  if (!configured && !devAllowed) throw new Error('BANK_ACCOUNT_KEY is required (README "Security")');
  const current = configured ?? DEV_BANK_KEY;
  const all = new Map<string, BankKey>([[DEV_BANK_KEY.id, DEV_BANK_KEY]]);
  if (!devAllowed) all.clear();
  for (const old of (env.BANK_ACCOUNT_OLD_KEYS ?? '').split(',').filter((v) => v.trim())) {
    const key = parseBankKey(old);
    if (!key) throw new Error('BANK_ACCOUNT_OLD_KEYS must be a comma-separated list of "<id>:<32 bytes in base64>"');
    all.set(key.id, key);
  }
  all.set(current.id, current);
  return { current, all };
}

const aad = (customerId: number) => Buffer.from(`bank_account:${customerId}`);

export function encryptAccountNumber(clear: string, customerId: number, env: NodeJS.ProcessEnv = process.env): string {
  const { current } = bankKeys(env);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv).setAAD(aad(customerId));
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return ['v1', current.id, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
}

/** The clear number; a value without the "v1:" prefix is a row stored before encryption and is returned as is. */
export function decryptAccountNumber(stored: string, customerId: number, env: NodeJS.ProcessEnv = process.env): string {
  if (!stored.startsWith('v1:')) return stored;
  const [, id, iv, body, tag] = stored.split(':');
  const key = bankKeys(env).all.get(id);
  if (!key) throw new Error(`bank account key "${id}" is not configured (BANK_ACCOUNT_OLD_KEYS)`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url')).setAAD(aad(customerId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Moves every row not under the current key (clear text included) to it; returns how many it rewrote. */
export async function reencryptBankAccounts(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { current } = bankKeys(env);
  const rows = await db
    .selectFrom('bank_accounts')
    .select(['id', 'customer_id', 'account_number'])
    .where('account_number', 'not like', `v1:${current.id}:%`)
    .execute();
  for (const row of rows) {
    const clear = decryptAccountNumber(row.account_number, row.customer_id, env);
    await db
      .updateTable('bank_accounts')
      .set({ account_number: encryptAccountNumber(clear, row.customer_id, env) })
      .where('id', '=', row.id)
      .where('account_number', '=', row.account_number)
      .execute();
  }
  return rows.length;
}

const sameNumber = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** "XXXXXX1234": only the last four digits ever leave the server. */
export const maskAccount = (last4: string) => `XXXXXX${last4}`;

export function toBankView(row: q.BankAccountRow): BankAccountView {
  return {
    bank_account_id: row.id,
    account_holder: row.account_holder,
    account_number_masked: maskAccount(row.account_last4),
    ifsc: row.ifsc,
    bank_name: row.bank_name,
    branch: row.branch,
  };
}

export async function lookupIfsc(db: q.Executor, code: string): Promise<IfscDetails> {
  const bankCode = code.slice(0, 4);
  const bank = bankNames[bankCode];
  if (!bank || !ifsc.validate(code)) throw new UnknownIfsc(code);
  const branch = await q.findBranch(db, code);
  return {
    ifsc: code,
    bank,
    bank_code: bankCode,
    branch: branch?.branch ?? null,
    address: branch?.address ?? null,
    city: branch?.city ?? null,
    state: branch?.state ?? null,
  };
}

export async function listBankAccounts(db: Db, customerId: number): Promise<BankAccountView[]> {
  return (await q.bankAccountsOf(db, customerId)).map(toBankView);
}

export async function latestBankAccount(db: Db, customerId: number): Promise<BankAccountView | null> {
  const [latest] = await q.bankAccountsOf(db, customerId);
  return latest ? toBankView(latest) : null;
}

/** Adds an account, or updates the customer's own account `bank_account_id`; the same account twice is one row. */
export async function saveBankAccount(
  db: Db,
  customerId: number,
  input: { bank_account_id?: number | null; account_holder: string; account_number: string; ifsc: string },
): Promise<BankAccountView> {
  const details = await lookupIfsc(db, input.ifsc);
  const values = {
    account_holder: input.account_holder.replace(/\s+/g, ' '),
    account_number: encryptAccountNumber(input.account_number, customerId),
    account_last4: input.account_number.slice(-4),
    ifsc: details.ifsc,
    bank_name: details.bank,
    branch: details.branch,
    updated_at: new Date(),
  };
  return db.transaction().execute(async (trx) => {
    // One customer's saves in turn: the same account twice is found by decrypting their few rows of this IFSC.
    await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
    const sameIfsc = await trx
      .selectFrom('bank_accounts')
      .select(['id', 'account_number'])
      .where('customer_id', '=', customerId)
      .where('ifsc', '=', values.ifsc)
      .execute();
    const twin = (exceptId: number | null) =>
      sameIfsc.find((r) => r.id !== exceptId && sameNumber(decryptAccountNumber(r.account_number, customerId), input.account_number));
    if (input.bank_account_id) {
      const own = await q.findBankAccount(trx, input.bank_account_id, customerId);
      if (!own) throw new NotFound('We could not find this bank account in your account.');
      if (twin(own.id)) throw new Conflict('This bank account is already saved.');
      const row = await trx.updateTable('bank_accounts').set(values).where('id', '=', own.id).returningAll().executeTakeFirstOrThrow();
      return toBankView(row);
    }
    const existing = twin(null);
    if (existing) {
      const row = await trx
        .updateTable('bank_accounts')
        .set({ account_holder: values.account_holder, updated_at: values.updated_at })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBankView(row);
    }
    const row = await trx
      .insertInto('bank_accounts')
      .values({ customer_id: customerId, ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBankView(row);
  });
}

/**
 * The refund account as a change of the account's money route (README "Security"): it needs the owner's fresh
 * proof on this session, and the account's contacts are told, with the "this was not me" link.
 */
export async function saveBankAccountAsOwner(
  db: Db,
  req: FastifyRequest,
  customerId: number,
  input: Parameters<typeof saveBankAccount>[2],
): Promise<BankAccountView> {
  await requireOwnerProof(db, req);
  const before = await findCustomerById(db, customerId);
  const saved = await saveBankAccount(db, customerId, input);
  if (before)
    await recordAccountChange(db, req, {
      before,
      kind: 'bank_account',
      detail: `${saved.bank_name}, ${saved.account_number_masked}`,
      proof: 'owner proof',
      after: `bank_account:${saved.bank_account_id}`,
      origin: siteOrigin() || `${req.protocol}://${req.host}`,
    });
  return saved;
}
