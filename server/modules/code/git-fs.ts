// A bare git repository's file system on PostgreSQL, for isomorphic-git. A bare repository is a
// handful of calls: loose objects (`objects/ab/cdef…`, immutable, content-addressed) go to
// `code_objects`, everything else (`HEAD`, `config`, `refs/heads/<branch>`) to `code_files`;
// directories are implied by paths. Every call runs on the database or transaction it was made
// with, so a commit's objects and its ref move land in one transaction under the repository's lock.
// Objects read from the database are remembered per process (`ObjectCache`): they never change.
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { Lru } from '../../cache/lru';

/** Where isomorphic-git is told the repository lives; every path it asks for starts with it. */
export const GITDIR = '/git';

const OBJECT_PATH = /^objects\/([0-9a-f]{2})\/([0-9a-f]{38})$/;

type FsError = Error & { code: string };
const fsError = (code: string, path: string): FsError => Object.assign(new Error(`${code}: ${path}`), { code });

/** Deflated objects read from the database, by repository and id (immutable: shared by every caller). */
export class ObjectCache {
  private readonly lru: Lru<Uint8Array>;
  constructor(max = 20_000) {
    this.lru = new Lru(max);
  }
  get(repo: string, oid: string) {
    return this.lru.get(`${repo}:${oid}`);
  }
  set(repo: string, oid: string, data: Uint8Array) {
    this.lru.set(`${repo}:${oid}`, data);
  }
}

interface Stat {
  type: 'file' | 'dir';
  mode: number;
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  uid: number;
  gid: number;
  dev: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function stat(type: 'file' | 'dir', size: number): Stat {
  return {
    type,
    mode: type === 'file' ? 0o100644 : 0o040000,
    size,
    ino: 0,
    mtimeMs: 0,
    ctimeMs: 0,
    uid: 0,
    gid: 0,
    dev: 0,
    isFile: () => type === 'file',
    isDirectory: () => type === 'dir',
    isSymbolicLink: () => false,
  };
}

const bytes = (data: Uint8Array | string): Uint8Array => (typeof data === 'string' ? new TextEncoder().encode(data) : data);
const asBuffer = (data: Uint8Array): Buffer => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** The `fs` isomorphic-git takes (`{ promises }`), over `repo`'s rows in `db` (a transaction, when writing). */
export function gitFs(db: DbOrTx, repo: string, cache: ObjectCache) {
  const rel = (path: string): string => {
    if (path === GITDIR) return '';
    if (!path.startsWith(`${GITDIR}/`)) throw fsError('ENOENT', path);
    return path.slice(GITDIR.length + 1).replace(/\/+$/, '');
  };

  async function readObject(oid: string): Promise<Uint8Array | null> {
    const hit = cache.get(repo, oid);
    if (hit) return hit;
    const rows = await queryRows<{ data: Uint8Array }>(db, sql`select data from code_objects where repo = ${repo} and oid = ${oid}`);
    const data = rows[0]?.data;
    if (!data) return null;
    cache.set(repo, oid, data);
    return data;
  }

  async function readPlain(path: string): Promise<Uint8Array | null> {
    const rows = await queryRows<{ data: Uint8Array }>(db, sql`select data from code_files where repo = ${repo} and path = ${path}`);
    return rows[0]?.data ?? null;
  }

  /** Names directly inside `dir` ('' is the repository's root). */
  async function children(dir: string): Promise<string[]> {
    if (dir === 'objects' || dir.startsWith('objects/')) {
      const m = /^objects\/([0-9a-f]{2})$/.exec(dir);
      if (m) {
        const rows = await queryRows<{ oid: string }>(db, sql`select oid from code_objects where repo = ${repo} and oid like ${`${m[1]}%`}`);
        return rows.map((r) => r.oid.slice(2));
      }
      if (dir !== 'objects') return [];
      const rows = await queryRows<{ p: string }>(db, sql`select distinct substr(oid, 1, 2) as p from code_objects where repo = ${repo}`);
      return rows.map((r) => r.p);
    }
    const prefix = dir === '' ? '' : `${dir}/`;
    const rows = await queryRows<{ path: string }>(db, sql`select path from code_files where repo = ${repo} and left(path, ${prefix.length}) = ${prefix}`);
    const names = new Set(rows.map((r) => r.path.slice(prefix.length).split('/')[0] as string));
    if (dir === '') names.add('objects');
    return [...names];
  }

  const promises = {
    async readFile(path: string, options?: { encoding?: string } | string): Promise<Uint8Array | string> {
      const r = rel(path);
      const m = OBJECT_PATH.exec(r);
      const data = m ? await readObject(`${m[1]}${m[2]}`) : await readPlain(r);
      if (!data) throw fsError('ENOENT', path);
      const encoding = typeof options === 'string' ? options : options?.encoding;
      return encoding ? new TextDecoder().decode(data) : asBuffer(data);
    },
    async writeFile(path: string, data: Uint8Array | string): Promise<void> {
      const r = rel(path);
      const m = OBJECT_PATH.exec(r);
      const body = bytes(data);
      if (m) {
        await db.execute(sql`insert into code_objects (repo, oid, data) values (${repo}, ${`${m[1]}${m[2]}`}, ${body}) on conflict do nothing`);
        return;
      }
      await db.execute(
        sql`insert into code_files (repo, path, data) values (${repo}, ${r}, ${body})
            on conflict (repo, path) do update set data = excluded.data, updated_at = now()`,
      );
    },
    async unlink(path: string): Promise<void> {
      const r = rel(path);
      if (OBJECT_PATH.test(r)) throw fsError('EPERM', path);
      await db.execute(sql`delete from code_files where repo = ${repo} and path = ${r}`);
    },
    async readdir(path: string): Promise<string[]> {
      const r = rel(path);
      const names = await children(r);
      if (names.length === 0 && r !== '' && r !== 'objects') {
        if (
          await promises.stat(path).then(
            (s) => s.isFile(),
            () => false,
          )
        )
          throw fsError('ENOTDIR', path);
      }
      return names;
    },
    async mkdir(): Promise<void> {
      // Directories are implied by the paths of what they hold.
    },
    async rmdir(): Promise<void> {},
    async stat(path: string): Promise<Stat> {
      const r = rel(path);
      if (r === '' || r === 'objects' || r === 'refs' || r === 'refs/heads' || r === 'refs/tags') return stat('dir', 0);
      const m = OBJECT_PATH.exec(r);
      if (m) {
        const data = await readObject(`${m[1]}${m[2]}`);
        if (!data) throw fsError('ENOENT', path);
        return stat('file', data.byteLength);
      }
      if (/^objects\/[0-9a-f]{2}$/.test(r)) {
        if ((await children(r)).length) return stat('dir', 0);
        throw fsError('ENOENT', path);
      }
      const data = await readPlain(r);
      if (data) return stat('file', data.byteLength);
      if ((await children(r)).length) return stat('dir', 0);
      throw fsError('ENOENT', path);
    },
    async lstat(path: string): Promise<Stat> {
      return promises.stat(path);
    },
    async readlink(path: string): Promise<never> {
      throw fsError('ENOENT', path);
    },
    async symlink(_target: string, path: string): Promise<never> {
      throw fsError('EPERM', path);
    },
  };
  return { promises };
}
