import { CompiledQuery } from 'kysely';

// The COMMIT of a transaction written right behind its last statement (docs/decisions/023-fewer-round-trips.md):
// `pipelined(trx, queries, { commit: true })` appends it. On PostgreSQL the pooled connection sends COMMIT there
// and answers the transaction's own COMMIT (or ROLLBACK) with it; PGlite, in this process, ignores the marker and
// commits when the transaction ends, as always.

/** The marker's text: an SQL comment, so a driver that did not know it would run nothing. */
export const COMMIT_AHEAD_SQL = '-- commit ahead';
export const COMMIT_AHEAD = CompiledQuery.raw(COMMIT_AHEAD_SQL);
