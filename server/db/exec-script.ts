import { type Kysely, sql } from 'kysely';

// Runs a multi-statement SQL script one statement at a time: PGlite's extended protocol takes one statement
// per query. Statements are split on a semicolon at the end of a line; `--` comment lines are dropped.
export async function execScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
