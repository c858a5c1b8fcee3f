import type { FastifyInstance } from 'fastify';
import { CSV_MESSAGES, CsvApplyResponse, CsvReportResponse } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { catalogueChanged } from '../../modules/catalogue/index.ts';
import { applyRows, checkRows, exportCatalogueCsv, readCsv, receiveCsv, refuseStale } from './csv.ts';

// The console's catalogue file (docs/decisions/019): export, dry run, apply. The file is sent again to apply, so no
// instance keeps an import between the two calls; applying checks it again under the variants' locks.

const today = () => new Date().toISOString().slice(0, 10);

export async function staffCsvRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/ops/catalogue/csv',
    { config: { opsPermission: 'catalogue:read' }, schema: { summary: 'Export every variant as CSV', operationId: 'exportCatalogueCsv' } },
    async (_req, reply) => {
      const csv = await exportCatalogueCsv(db);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kasrat-catalogue-${today()}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/ops/catalogue/csv/check',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: {
        summary: 'Check a catalogue CSV row by row, writing nothing',
        operationId: 'checkCatalogueCsv',
        response: { 200: CsvReportResponse },
      },
    },
    async (req) => {
      const rows = await readCsv(await receiveCsv(req));
      const { planned: _p, ...report } = await checkRows(db, rows);
      // A dry run writes nothing: no entry in the trail (the apply records each change).
      req.audited = true;
      refuseStale(report);
      const bad = new Set(report.issues.map((i) => i.row)).size;
      return ok(report, report.valid ? CSV_MESSAGES.checked(report.rows, report.changes.length) : CSV_MESSAGES.hasErrors(bad));
    },
  );

  app.post(
    '/api/ops/catalogue/csv/apply',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: {
        summary: 'Apply a catalogue CSV: every row or none',
        operationId: 'applyCatalogueCsv',
        response: { 200: CsvApplyResponse },
      },
    },
    async (req) => {
      const rows = await readCsv(await receiveCsv(req));
      const result = await db.transaction().execute((trx) => applyRows(trx, req, rows));
      if (result.changed) await catalogueChanged(db);
      return ok(result, CSV_MESSAGES.applied(result.changed));
    },
  );
}
