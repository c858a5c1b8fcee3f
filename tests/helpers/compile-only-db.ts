import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import type { Database } from '../../server/db/types.ts';

/** A Kysely instance that compiles PostgreSQL statements and runs none: for tests of statement text. */
export const compileOnlyDb = (): Db =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
