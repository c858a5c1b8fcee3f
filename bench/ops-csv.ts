// The catalogue import at its largest (docs/decisions/019): a file of CSV_LIMITS.maxRows (5,000) exported rows, each
// with a new price and every other one with a new stock count, applied in one request on PostgreSQL. The figure is
// the apply's wall time in seconds (one transaction: the rows locked, prices and stock in set-based statements, the
// ledger and audit rows written alongside), after a dry run on the same file warmed the plans.
import { randomBytes } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import pg from 'pg';
import { CSV_LIMITS } from '../schemas/staff-catalogue.ts';
import { buildApp } from '../server/app.ts';
import { migrate, openDatabase } from '../server/db/database.ts';
import { seedOnce } from '../server/db/seed/seed.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOKEN = 'bench-ops-token-0123456789abcdef';
process.env.OPS_TOKEN = TOKEN;
const log = (...args: unknown[]) => console.error('[bench:ops-csv]', ...args);

const rupees = (text: string) => Math.round(Number(text) * 100);
const asRupees = (paise: number) => (paise / 100).toFixed(2);

/** Seeds a PostgreSQL schema of its own, applies a 5,000-row file, and drops the schema. */
export async function measureCsvApply(): Promise<{ csv_apply_5000_s: number; csv_apply_rows: number; csv_apply_changed: number }> {
  const schema = `bench_ops_csv_${randomBytes(3).toString('hex')}`;
  const handle = await openDatabase({ databaseUrl: POSTGRES_URL, schema });
  try {
    await migrate(handle.db);
    log('seeding…');
    await seedOnce(handle.db, { scale: CSV_LIMITS.maxRows + 1_000, demoCustomer: false });
    const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle, clientDir: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const auth = { authorization: `Bearer ${TOKEN}` };
    try {
      const exported = await (await fetch(`${base}/api/ops/catalogue/csv`, { headers: auth })).text();
      const records = (parseCsv(exported, { bom: true, columns: true }) as Array<Record<string, string>>)
        .filter((r) => rupees(r.price ?? '0') > 100)
        .slice(0, CSV_LIMITS.maxRows);
      if (records.length < CSV_LIMITS.maxRows) throw new Error(`only ${records.length} rows to import`);
      const edited = records.map((r, i) => ({
        ...r,
        price: asRupees(rupees(r.price ?? '0') - 100),
        stock: i % 2 ? String(Number(r.stock) + 1) : r.stock,
      }));
      const file = stringify(edited, { header: true });
      const send = async (call: 'check' | 'apply') => {
        const form = new FormData();
        form.append('file', new Blob([file], { type: 'text/csv' }), 'catalogue.csv');
        const res = await fetch(`${base}/api/ops/catalogue/csv/${call}`, { method: 'POST', headers: auth, body: form });
        const body = (await res.json()) as { message: string; data: { changed?: number } };
        if (res.status !== 200) throw new Error(`${call} answered ${res.status}: ${body.message}`);
        return body;
      };
      await send('check');
      const started = performance.now();
      const applied = await send('apply');
      const seconds = (performance.now() - started) / 1000;
      log(`applied ${applied.data.changed} changes in ${seconds.toFixed(2)} s`);
      return {
        csv_apply_5000_s: Math.round(seconds * 100) / 100,
        csv_apply_rows: edited.length,
        csv_apply_changed: applied.data.changed ?? 0,
      };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close().catch(() => {});
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
}
