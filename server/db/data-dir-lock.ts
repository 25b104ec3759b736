// Two PGlite clients on one data directory corrupt it: the server holds a lock file naming its pid,
// and anything else that would open the directory checks it first.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../core/errors';

const LOCK_NAME = 'frolic.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live process holding `dir`, if any (a stale lock from a crash is ignored). */
export function dataDirHolder(dir: string): number | undefined {
  const file = path.join(dir, LOCK_NAME);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** Takes the lock for this process; throws when another live process holds the directory. */
export function lockDataDir(dir: string): () => void {
  const holder = dataDirHolder(dir);
  if (holder) {
    throw new AppError('data_dir_in_use', 'conflict', `The data directory ${dir} is in use by process ${holder}.`, {
      hint: 'Stop the running server first, or act through its API.',
    });
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_NAME);
  writeFileSync(file, String(process.pid));
  return () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
  };
}
