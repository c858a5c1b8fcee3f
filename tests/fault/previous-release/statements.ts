import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode, sql } from 'kysely';

// The previous release's statements (docs/operations.md "Migrations during a rolling deploy"): recorded from a sale's
// calls by record.ts, replayed against a newer schema by tests/fault/previous-release.test.ts.

export interface Recorded {
  sql: string;
  parameters: unknown[];
}

export interface Recording {
  /** The migrations the recording ran on: every later one is checked against it. */
  migrations: string[];
  statements: Recorded[];
}

/** A plugin that keeps every query it sees, to compile once the calls are over. */
export function recorder() {
  const seen: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      seen.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return { plugin, seen };
}

/**
 * SQLSTATEs that say the schema moved under a statement: class 42 (undefined table, column or function, a type
 * mismatch), a NOT NULL it does not fill, a check it does not pass. Missing rows, duplicates and foreign keys are
 * about the data, not the schema, and are not counted.
 */
export const SCHEMA_BREAKS = (code: string | undefined) => Boolean(code && (code.startsWith('42') || code === '23502' || code === '23514'));

class RolledBack extends Error {}

/** Runs each statement in one transaction (each behind a savepoint), rolls it all back; the schema breaks found. */
export async function replay(db: Kysely<unknown>, statements: Recorded[], before?: (trx: Kysely<unknown>) => Promise<void>) {
  const breaks: Array<{ sql: string; code: string; message: string }> = [];
  let ran = 0;
  await db
    .transaction()
    .execute(async (trx) => {
      if (before) await before(trx);
      for (const s of statements) {
        await sql`SAVEPOINT replay`.execute(trx);
        try {
          await trx.executeQuery(CompiledQuery.raw(s.sql, s.parameters));
          ran++;
        } catch (error) {
          const { code, message } = error as { code?: string; message: string };
          if (SCHEMA_BREAKS(code)) breaks.push({ sql: s.sql.slice(0, 200), code: code as string, message });
          await sql`ROLLBACK TO SAVEPOINT replay`.execute(trx);
        }
      }
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return { ran, breaks };
}
