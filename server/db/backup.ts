import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirLocked, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

// Backups and restores (docs/operations.md "Backups"). A backup file is one header line naming its format, one line
// of JSON (the database kind, when, the payload's size and SHA-256), then the payload: PGlite's data directory as a
// gzipped tarball, or PostgreSQL's `pg_dump` custom format. A restore checks all of it before it writes anything,
// and never writes over live data unless told to (--force).

export const BACKUP_MAGIC = 'KASRAT-BACKUP 1\n';

export interface BackupMeta {
  kind: 'pglite' | 'postgres';
  format: 'pglite-data-dir-tar-gz' | 'pg-dump-custom';
  created_at: string;
  bytes: number;
  sha256: string;
}

/** A restore (or a backup) that was refused, with the sentence to show. */
export class BackupRefused extends Error {}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export function wrapBackup(kind: BackupMeta['kind'], payload: Buffer, now = new Date()): Buffer {
  const meta: BackupMeta = {
    kind,
    format: kind === 'pglite' ? 'pglite-data-dir-tar-gz' : 'pg-dump-custom',
    created_at: now.toISOString(),
    bytes: payload.length,
    sha256: sha256(payload),
  };
  return Buffer.concat([Buffer.from(BACKUP_MAGIC), Buffer.from(`${JSON.stringify(meta)}\n`), payload]);
}

/** The backup's description and payload, or BackupRefused saying why the file is not a sound Kasrat backup. */
export function readBackup(file: Buffer): { meta: BackupMeta; payload: Buffer } {
  if (!file.subarray(0, BACKUP_MAGIC.length).equals(Buffer.from(BACKUP_MAGIC)))
    throw new BackupRefused('This file is not a Kasrat backup (it does not start with the backup header). Nothing was restored.');
  const end = file.indexOf(0x0a, BACKUP_MAGIC.length);
  let meta: BackupMeta;
  try {
    meta = JSON.parse(file.subarray(BACKUP_MAGIC.length, end).toString('utf8')) as BackupMeta;
  } catch {
    throw new BackupRefused('The backup is corrupt: its description cannot be read. Nothing was restored.');
  }
  const payload = file.subarray(end + 1);
  if (end < 0 || payload.length !== meta.bytes || sha256(payload) !== meta.sha256)
    throw new BackupRefused(
      `The backup is corrupt: its contents do not match its checksum (${payload.length} of ${meta.bytes} bytes). Nothing was restored.`,
    );
  return { meta, payload };
}

/** Runs a PostgreSQL client tool; resolves with its standard output, rejects with its error output. */
function runTool(command: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => reject(new BackupRefused(`${command} could not run: ${e.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new BackupRefused(`${command} failed: ${Buffer.concat(err).toString().trim()}`)),
    );
    // A tool that stops reading early (a bad file) closes its input: its exit code says what happened.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** PostgreSQL: `pg_dump` in its custom format, one consistent snapshot while the store serves. */
export async function backupPostgres(databaseUrl: string, schema?: string): Promise<Buffer> {
  const dump = await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    ...(schema ? [`--schema=${schema}`] : []),
    `--dbname=${databaseUrl}`,
  ]);
  return wrapBackup('postgres', dump);
}

/** Tables in the database outside PostgreSQL's own schemas: a restore writes over these only with --force. */
async function userTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

export async function restorePostgres(file: Buffer, databaseUrl: string, options: { force?: boolean } = {}): Promise<BackupMeta> {
  const { meta, payload } = readBackup(file);
  if (meta.kind !== 'postgres')
    throw new BackupRefused(
      'This is a backup of a PGlite data directory: restore it with DATA_DIR, not DATABASE_URL. Nothing was restored.',
    );
  // The dump's own table of contents, read before the database is touched.
  await runTool('pg_restore', ['--list'], payload).catch(() => {
    throw new BackupRefused('The backup is corrupt: pg_restore cannot read it. Nothing was restored.');
  });
  const tables = await userTables(databaseUrl);
  if (tables > 0 && !options.force)
    throw new BackupRefused(`The database already holds ${tables} tables: restore into an empty database, or add --force to replace them.`);
  // One transaction: a restore that fails part-way leaves the database as it was.
  await runTool(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', ...(tables > 0 ? ['--clean', '--if-exists'] : []), `--dbname=${databaseUrl}`],
    payload,
  );
  return meta;
}

/** Whether a data directory holds a database (PGlite's files), as opposed to being absent or empty. */
const holdsData = (dir: string) => existsSync(dir) && readdirSync(dir).some((f) => f !== LOCK_FILE);

/**
 * PGlite: the backup is unpacked into a new directory beside `dataDir` and opened once (so a payload PGlite cannot
 * start from never lands), then moved into place. A directory that holds data is kept unless `force`, and then
 * renamed aside rather than deleted.
 */
export async function restorePglite(file: Buffer, dataDir: string, options: { force?: boolean } = {}): Promise<BackupMeta> {
  const { meta, payload } = readBackup(file);
  if (meta.kind !== 'pglite')
    throw new BackupRefused('This is a backup of a PostgreSQL database: restore it with DATABASE_URL, not DATA_DIR. Nothing was restored.');
  const target = path.resolve(dataDir);
  // The store's own lock (server/db/data-dir-lock.ts), held for the restore: a running store refuses it.
  let release: (() => void) | null = null;
  if (existsSync(target)) {
    try {
      release = lockDataDir(target);
    } catch (error) {
      if (error instanceof DataDirLocked)
        throw new BackupRefused(`${dataDir} is in use by a running store: stop it first. Nothing was restored.`);
      throw error;
    }
  }
  const staging = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  try {
    if (holdsData(target) && !options.force)
      throw new BackupRefused(`${dataDir} already holds a database: restore into an empty directory, or add --force to replace it.`);
    mkdirSync(path.dirname(target), { recursive: true });
    const db = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(payload)]) }).catch((error: unknown) => {
      throw new BackupRefused(`The backup is corrupt: PGlite cannot open it (${String(error)}). Nothing was restored.`);
    });
    try {
      await db.query('SELECT 1');
    } finally {
      await db.close();
    }
    // The copy holds the lock file of the store it was taken from: that store's, not this directory's.
    rmSync(path.join(staging, LOCK_FILE), { force: true });
    release?.();
    release = null;
    if (holdsData(target)) renameSync(target, `${target}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    else rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
    return meta;
  } finally {
    release?.();
    rmSync(staging, { recursive: true, force: true });
  }
}
