// Where media bytes live. One small interface, two implementations: the local disk under the
// uploads directory (the default) and an S3-compatible object store (s3-storage.ts: keys as object
// names, put/get/delete as PutObject/GetObject/DeleteObject), chosen by STORAGE_URL.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface Storage {
  /** Writes the whole object; a reader never sees it half-written. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the media service (`<uuid>/web.webp`), never from a file name; anything else is refused. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Throws for a key the media service could not have made (the same rule on every storage). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`Refused storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The absolute path of `key` under `root`; throws for a key that is malformed or would leave the root. */
export function resolveKey(root: string, key: string): string {
  const base = path.resolve(root);
  checkKey(key);
  const file = path.resolve(base, key);
  if (!file.startsWith(base + path.sep)) throw new Error(`Refused storage key: ${JSON.stringify(key)}`);
  return file;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  return {
    async put(key, bytes) {
      const file = resolveKey(base, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: the file route never streams a partial file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      const file = resolveKey(base, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const file = resolveKey(base, key);
      await rm(file, { force: true });
      // The asset's folder goes with its last file.
      const dir = path.dirname(file);
      if (dir !== base) await rmdir(dir).catch(() => undefined);
    },
  };
}
