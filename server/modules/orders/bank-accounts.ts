import { createRequire } from 'node:module';
import type { BankAccountView, IfscDetails } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
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
    account_number: input.account_number,
    account_last4: input.account_number.slice(-4),
    ifsc: details.ifsc,
    bank_name: details.bank,
    branch: details.branch,
    updated_at: new Date(),
  };
  return db.transaction().execute(async (trx) => {
    if (input.bank_account_id) {
      const own = await q.findBankAccount(trx, input.bank_account_id, customerId);
      if (!own) throw new NotFound('We could not find this bank account in your account.');
      const twin = await trx
        .selectFrom('bank_accounts')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('id', '<>', own.id)
        .where('ifsc', '=', values.ifsc)
        .where('account_number', '=', values.account_number)
        .executeTakeFirst();
      if (twin) throw new Conflict('This bank account is already saved.');
      const row = await trx.updateTable('bank_accounts').set(values).where('id', '=', own.id).returningAll().executeTakeFirstOrThrow();
      return toBankView(row);
    }
    const row = await trx
      .insertInto('bank_accounts')
      .values({ customer_id: customerId, ...values })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'ifsc', 'account_number'])
          .doUpdateSet({ account_holder: values.account_holder, updated_at: values.updated_at }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBankView(row);
  });
}
