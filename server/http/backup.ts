import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { wrapBackup } from '../db/backup.ts';
import { Conflict } from './errors.ts';

// A backup of a PGlite store taken while it serves (docs/operations.md "Backups"): only this process may open its
// data directory, so `npm run backup` asks it here, with the operations token. Owner only (no permission declared,
// docs/decisions/019): the file is the whole database. PostgreSQL is backed up with pg_dump, not here.

export async function opsBackupRoutes(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  app.get(
    '/api/ops/backup',
    {
      schema: {
        summary: 'A consistent backup of the PGlite database, taken while serving',
        operationId: 'getOpsBackup',
      },
    },
    async (_req, reply) => {
      if (!handle.dump) throw new Conflict('This store runs on PostgreSQL: back it up with `npm run backup` (pg_dump).');
      const file = wrapBackup('pglite', await handle.dump());
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="kasrat.kbak"')
        .type('application/octet-stream')
        .send(file);
    },
  );
}
