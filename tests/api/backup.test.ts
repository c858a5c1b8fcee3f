import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { BackupRefused, backupPostgres, readBackup, restorePglite, restorePostgres, wrapBackup } from '../../server/db/backup.ts';
import { type Db, type DatabaseHandle, migrate, openDatabase } from '../../server/db/database.ts';
import { seed } from '../../server/db/seed/seed.ts';
import { BACKENDS, POSTGRES_URL } from '../helpers/app.ts';
import { createOrder, orderableVariants } from '../helpers/orders.ts';
import { createCustomer } from './cart-fixtures.ts';

// Backups and restores (docs/operations.md "Backups"): a store with orders is backed up while it serves and restored
// into a fresh one, where every order, payment, refund and ledger row is found; a restore never writes over live
// data without --force, and a corrupt or foreign file is refused with nothing written.

const OPS = 'backup-test-ops-token-0123456789abc';
process.env.OPS_TOKEN = OPS;

/** Orders (one with a refund) so every table the test compares has rows. */
async function storeWithOrders(db: Db): Promise<void> {
  const variants = await orderableVariants(db);
  for (let i = 0; i < 3; i++) {
    const order = await createOrder(db, {
      customerId: await createCustomer(db),
      paymentMethod: i === 0 ? 4 : 1,
      shipments: [{ lines: [{ variantId: variants[i]!.id, quantity: 1 }] }],
    });
    if (i === 1)
      await db
        .insertInto('refunds')
        .values({
          order_id: order.id,
          shipment_id: order.shipments[0]!.id,
          reason: 'cancel',
          method: 'original',
          payment_id: null,
          bank_account_id: null,
          amount: 5_000,
          idempotency_key: `backup-test-${randomBytes(4).toString('hex')}`,
        })
        .execute();
  }
}

/** Every row of the tables a backup must keep, in id order. */
async function rowsOf(db: Db) {
  const [orders, payments, refunds, ledger] = await Promise.all([
    db.selectFrom('orders').select(['id', 'order_number', 'status', 'total', 'paid_total']).orderBy('id').execute(),
    db.selectFrom('payments').select(['id', 'order_id', 'gateway', 'status', 'amount']).orderBy('id').execute(),
    db.selectFrom('refunds').select(['id', 'order_id', 'status', 'amount', 'idempotency_key']).orderBy('id').execute(),
    db.selectFrom('stock_ledger').select(['id', 'variant_id', 'delta', 'reason', 'order_ref']).orderBy('id').execute(),
  ]);
  return { orders, payments, refunds, ledger };
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kasrat-backup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('backup and restore [pglite]', () => {
  let live: DatabaseHandle;
  let backup: Buffer;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'live'));
    live = await openDatabase({ dataDir: path.join(dir, 'live') });
    await migrate(live.db);
    await seed(live.db, { scale: 0 });
    await storeWithOrders(live.db);
  });
  afterAll(async () => live?.close());

  test('the running store gives its backup to the operations token only; a restore finds every row', async () => {
    const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle: live, clientDir: null });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ops/backup' })).statusCode).toBe(401);
      const res = await app.inject({ method: 'GET', url: '/api/ops/backup', headers: { authorization: `Bearer ${OPS}` } });
      expect(res.statusCode).toBe(200);
      backup = res.rawPayload;
    } finally {
      await app.close().catch(() => {});
    }
    expect(readBackup(backup).meta.kind).toBe('pglite');
    const before = await rowsOf(live.db);
    expect(before.orders.length).toBeGreaterThanOrEqual(3);
    expect(before.payments.length).toBeGreaterThanOrEqual(2);
    expect(before.refunds.length).toBeGreaterThanOrEqual(1);
    expect(before.ledger.length).toBeGreaterThanOrEqual(3);

    const target = path.join(dir, 'restored');
    await restorePglite(backup, target);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await rowsOf(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  test('a directory holding data is kept unless --force; a running store is never written over', async () => {
    const target = path.join(dir, 'restored');
    await expect(restorePglite(backup, target)).rejects.toThrow(/already holds a database.*--force/);
    // The live store's directory is locked by its process: refused even with --force.
    await expect(restorePglite(backup, path.join(dir, 'live'), { force: true })).rejects.toThrow(
      /in use by a running store: stop it first/,
    );
    await restorePglite(backup, target, { force: true });
    // The replaced directory is kept beside it, not deleted.
    expect(readdirSync(dir).some((f) => f.startsWith('restored.replaced-'))).toBe(true);
  });

  test('a corrupt, foreign or PostgreSQL file says so and writes nothing', async () => {
    const target = path.join(dir, 'never');
    const corrupt = Buffer.from(backup);
    corrupt[corrupt.length - 100] = (corrupt[corrupt.length - 100] ?? 0) ^ 0xff;
    await expect(restorePglite(corrupt, target)).rejects.toThrow(/The backup is corrupt/);
    await expect(restorePglite(backup.subarray(0, backup.length - 10), target)).rejects.toThrow(/The backup is corrupt/);
    await expect(restorePglite(Buffer.from('PGDMP some other tool'), target)).rejects.toThrow(/not a Kasrat backup/);
    // A sound envelope around something PGlite cannot open.
    await expect(restorePglite(wrapBackup('pglite', Buffer.from('not a tarball')), target)).rejects.toThrow(/The backup is corrupt/);
    await expect(restorePglite(wrapBackup('postgres', Buffer.from('x')), target)).rejects.toThrow(/DATABASE_URL, not DATA_DIR/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('.restoring-'))).toEqual([]);
  });

  test('the command line: backup of a stopped store, check, restore', () => {
    const file = path.join(dir, 'cli.kbak');
    writeFileSync(file, backup);
    const run = (...args: string[]) =>
      spawnSync('npx', ['tsx', 'scripts/backup.ts', ...args], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(dir, 'cli-restored') },
      });
    const check = run('check', file);
    expect(check.stdout).toContain('a sound pglite backup');
    const restore = run('restore', file);
    expect(`${restore.stdout}${restore.stderr}`).toContain('Restored the pglite backup');
    const again = run('restore', file);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already holds a database');
    const out = path.join(dir, 'cli-backup.kbak');
    const taken = run('backup', '--out', out);
    expect(`${taken.stdout}${taken.stderr}`).toContain(`to ${out}`);
    expect(readBackup(readFileSync(out)).meta.kind).toBe('pglite');
  }, 120_000);
});

describe.runIf(BACKENDS.includes('postgres'))('backup and restore [postgres]', () => {
  const schema = `t_backup_${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `kasrat_restore_${process.pid}_${randomBytes(3).toString('hex')}`;
  const restoredUrl = POSTGRES_URL.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);
  let live: DatabaseHandle;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    live = await openDatabase({ databaseUrl: POSTGRES_URL, schema });
    await migrate(live.db);
    await seed(live.db, { scale: 0 });
    await storeWithOrders(live.db);
    await admin(`CREATE DATABASE "${database}"`);
  });
  afterAll(async () => {
    await live?.close();
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  test('pg_dump while serving, restored into an empty database: every row is there; a second restore needs --force', async () => {
    const before = await rowsOf(live.db);
    const backup = await backupPostgres(POSTGRES_URL, schema);
    expect(readBackup(backup).meta).toMatchObject({ kind: 'postgres', format: 'pg-dump-custom' });
    await restorePostgres(backup, restoredUrl);
    const restored = await openDatabase({ databaseUrl: restoredUrl, schema });
    try {
      expect(await rowsOf(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    await expect(restorePostgres(backup, restoredUrl)).rejects.toThrow(/already holds \d+ tables.*--force/);
    const corrupt = Buffer.from(backup);
    corrupt[corrupt.length - 50] = (corrupt[corrupt.length - 50] ?? 0) ^ 0xff;
    await expect(restorePostgres(corrupt, restoredUrl, { force: true })).rejects.toThrow(/The backup is corrupt/);
    await expect(restorePostgres(wrapBackup('postgres', Buffer.from('PGDMP not really')), restoredUrl, { force: true })).rejects.toThrow(
      /pg_restore cannot read it/,
    );
    await expect(restorePostgres(wrapBackup('pglite', Buffer.from('x')), restoredUrl)).rejects.toBeInstanceOf(BackupRefused);
    // Still the restored rows: nothing of the refused files was written.
    await restorePostgres(backup, restoredUrl, { force: true });
    const again = await openDatabase({ databaseUrl: restoredUrl, schema });
    try {
      expect((await rowsOf(again.db)).orders).toEqual(before.orders);
    } finally {
      await again.close();
    }
  });
});
