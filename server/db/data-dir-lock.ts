import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

// PGlite is one process's database: two processes on one data directory corrupt it. A lock file, created
// exclusively, keeps a second one out; a lock left by a process that no longer runs (a crash, kill -9) is taken over.

export class DataDirLocked extends Error {}

export const LOCK_FILE = 'kasrat.lock';

interface LockOwner {
  pid: number;
  host: string;
  started_at: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data directory's lock or throws DataDirLocked naming the holder; returns release(). */
export function lockDataDir(dir: string, log: (message: string) => void = () => {}): () => void {
  const file = path.join(dir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
          if (owner.pid === me.pid && owner.started_at === me.started_at) unlinkSync(file);
        } catch {}
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: LockOwner | null = null;
    try {
      owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    } catch {
      // Empty or half-written: its writer died between creating and writing it.
    }
    const otherHost = owner && owner.host !== me.host;
    if (owner && (otherHost || isRunning(owner.pid))) {
      throw new DataDirLocked(
        `The data directory ${path.resolve(dir)} is in use by another Kasrat process (pid ${owner.pid} on ${owner.host}, ` +
          `started ${owner.started_at}). Stop that process, or set DATA_DIR to another directory. ` +
          `If no such process runs, delete ${file}.`,
      );
    }
    log(`taking over the lock of a process that no longer runs (pid ${owner?.pid ?? 'unknown'})`);
    try {
      unlinkSync(file);
    } catch {}
  }
  throw new DataDirLocked(`Could not lock the data directory ${path.resolve(dir)}: another process is starting on it.`);
}
