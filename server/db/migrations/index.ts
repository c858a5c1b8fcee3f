import type { Kysely, Migration } from 'kysely';
import * as foundation from './001_foundation.ts';

// Migrations in order; the key is the name recorded in kysely_migration. Append new files here.
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation as { up: (db: Kysely<unknown>) => Promise<void> },
};
