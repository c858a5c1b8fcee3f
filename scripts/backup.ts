// `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--force]` (docs/operations.md "Backups").
// The database is the store's: DATABASE_URL (PostgreSQL, with pg_dump / pg_restore) or else DATA_DIR (PGlite).
// A PGlite store that is running holds its data directory: the backup is then asked of it over HTTP
// (`GET /api/ops/backup` with OPS_TOKEN, at BACKUP_FROM or http://127.0.0.1:PORT); a stopped one is opened here.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BackupRefused, backupPostgres, readBackup, restorePglite, restorePostgres, wrapBackup } from '../server/db/backup.ts';
import { openDatabase } from '../server/db/database.ts';
import { DataDirLocked } from '../server/db/data-dir-lock.ts';

const args = process.argv.slice(2);
// `npm run backup -- check FILE` reads a backup through and says whether it is sound.
if (args[0] === 'backup' && args[1] === 'check') args.shift();
const [command, ...rest] = args;
const flag = (name: string) => rest.includes(name);
const option = (name: string) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? '.data';

async function pgliteBackup(): Promise<Buffer> {
  if (!existsSync(dataDir)) throw new BackupRefused(`${dataDir} does not exist: there is no PGlite database to back up.`);
  try {
    const handle = await openDatabase({ dataDir });
    try {
      return wrapBackup('pglite', await (handle.dump as () => Promise<Buffer>)());
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirLocked)) throw error;
  }
  // The store is running on it: it takes the backup itself, between transactions.
  const origin = process.env.BACKUP_FROM ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  const token = process.env.OPS_TOKEN;
  if (!token) throw new BackupRefused(`The store is running on ${dataDir}: set OPS_TOKEN so the backup can be asked of it at ${origin}.`);
  const res = await fetch(`${origin}/api/ops/backup`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new BackupRefused(`The running store at ${origin} refused the backup: HTTP ${res.status} ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

async function main(): Promise<void> {
  if (command === 'backup') {
    const file = databaseUrl ? await backupPostgres(databaseUrl) : await pgliteBackup();
    const { meta } = readBackup(file);
    const out = option('--out') ?? path.join('backups', `kasrat-${meta.kind}-${meta.created_at.replace(/[:.]/g, '-')}.kbak`);
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    writeFileSync(out, file, { mode: 0o600 });
    console.log(`Backed up the ${meta.kind} database to ${out} (${meta.bytes} bytes, sha256 ${meta.sha256}).`);
    return;
  }
  if (command === 'restore') {
    const from = rest.find((a) => !a.startsWith('--'));
    if (!from) throw new BackupRefused('Say which backup to restore: npm run restore -- <file> [--force]');
    const file = readFileSync(from);
    const meta = databaseUrl
      ? await restorePostgres(file, databaseUrl, { force: flag('--force') })
      : await restorePglite(file, dataDir, { force: flag('--force') });
    console.log(`Restored the ${meta.kind} backup of ${meta.created_at} into ${databaseUrl ? 'DATABASE_URL' : dataDir}.`);
    return;
  }
  if (command === 'check') {
    const from = rest.find((a) => !a.startsWith('--'));
    if (!from) throw new BackupRefused('Say which backup to check: npm run backup -- check <file>');
    const { meta } = readBackup(readFileSync(from));
    console.log(`${from}: a sound ${meta.kind} backup of ${meta.created_at} (${meta.bytes} bytes, checksum matches).`);
    return;
  }
  throw new BackupRefused('Usage: npm run backup [-- --out FILE] | npm run restore -- FILE [--force]');
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exit(1);
});
