// The site's assets repository as git: isomorphic-git reads and writes real git objects through the
// PostgreSQL file system (git-fs.ts); refs are `refs/heads/<branch>` files there. isomorphic-git
// has no revert and its merge moves refs without a work tree, so what a commit, a revert or a branch
// does is ours (service.ts) on top of these primitives: snapshots of files (path → blob) in and out.
// Objects never change, so commits, flattened trees, blob texts and diffs are cached per process by
// id; refs are read from the database every time.
import git from 'isomorphic-git';
import { structuredPatch } from 'diff';
import { sql } from 'drizzle-orm';
import type { CommitSummary, DiffHunk, FileDiff, FileStatus } from '../../../shared/code-editor-constants';
import { Lru } from '../../cache/lru';
import { type DbOrTx, queryRows } from '../../db/client';
import { GITDIR, gitFs, ObjectCache } from './git-fs';

/** Arbitrary constant naming "a Frolic assets repository" among advisory locks (the migrations' are 727101-2). */
const REPO_LOCK_KEY = 727_103;

export interface CommitInfo {
  oid: string;
  tree: string;
  parents: string[];
  message: string;
  authorName: string;
  authorEmail: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface Author {
  name: string;
  email: string;
}

/** A snapshot: path → blob id. */
export type Snapshot = Map<string, string>;

export interface FileChange {
  path: string;
  status: FileStatus;
  oldOid: string | null;
  newOid: string | null;
}

// Shared by every repository object of the process: ids name content, whoever asks.
const objects = new ObjectCache();
const commitCache = new Lru<CommitInfo>(20_000);
const treeCache = new Lru<Snapshot>(5_000);
const blobCache = new Lru<string>(5_000);
const summaryCache = new Lru<CommitSummary>(20_000);
const diffCache = new Lru<FileDiff[]>(2_000);

const decoder = new TextDecoder();

export type Repository = ReturnType<typeof createRepository>;

export function createRepository(db: DbOrTx, repo: string) {
  const fsOf = (d: DbOrTx) => gitFs(d, repo, objects) as unknown as Parameters<typeof git.readCommit>[0]['fs'];
  const key = (oid: string) => `${repo}:${oid}`;

  async function readCommit(oid: string, d: DbOrTx = db): Promise<CommitInfo> {
    const hit = commitCache.get(key(oid));
    if (hit) return hit;
    const { commit } = await git.readCommit({ fs: fsOf(d), gitdir: GITDIR, oid });
    const info: CommitInfo = {
      oid,
      tree: commit.tree,
      parents: commit.parent,
      message: commit.message.replace(/\n$/, ''),
      authorName: commit.author.name,
      authorEmail: commit.author.email,
      timestamp: commit.author.timestamp,
    };
    commitCache.set(key(oid), info);
    return info;
  }

  /** Every file of a tree, flattened: `emails/layout.html` → blob id. */
  async function snapshot(treeOid: string, d: DbOrTx = db): Promise<Snapshot> {
    const hit = treeCache.get(key(treeOid));
    if (hit) return hit;
    const out: Snapshot = new Map();
    const walk = async (oid: string, prefix: string) => {
      const { tree } = await git.readTree({ fs: fsOf(d), gitdir: GITDIR, oid });
      for (const entry of tree) {
        if (entry.type === 'tree') await walk(entry.oid, `${prefix}${entry.path}/`);
        else if (entry.type === 'blob') out.set(`${prefix}${entry.path}`, entry.oid);
      }
    };
    await walk(treeOid, '');
    treeCache.set(key(treeOid), out);
    return out;
  }

  async function text(blobOid: string, d: DbOrTx = db): Promise<string> {
    const hit = blobCache.get(key(blobOid));
    if (hit !== undefined) return hit;
    const { blob } = await git.readBlob({ fs: fsOf(d), gitdir: GITDIR, oid: blobOid });
    const value = decoder.decode(blob);
    blobCache.set(key(blobOid), value);
    return value;
  }

  /** The files of a commit with their text. */
  async function files(commitOid: string, d: DbOrTx = db): Promise<Map<string, string>> {
    const snap = await snapshot((await readCommit(commitOid, d)).tree, d);
    const out = new Map<string, string>();
    for (const [path, oid] of snap) out.set(path, await text(oid, d));
    return out;
  }

  async function head(branch: string, d: DbOrTx = db): Promise<string | null> {
    const rows = await queryRows<{ data: Uint8Array }>(d, sql`select data from code_files where repo = ${repo} and path = ${`refs/heads/${branch}`}`);
    const data = rows[0]?.data;
    return data ? decoder.decode(data).trim() : null;
  }

  async function branches(d: DbOrTx = db): Promise<{ name: string; oid: string }[]> {
    const rows = await queryRows<{ path: string; data: Uint8Array }>(
      d,
      sql`select path, data from code_files where repo = ${repo} and left(path, 11) = 'refs/heads/' order by path`,
    );
    return rows.map((r) => ({ name: r.path.slice('refs/heads/'.length), oid: decoder.decode(r.data).trim() }));
  }

  /** One writer at a time: held until the transaction ends. */
  async function lock(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPO_LOCK_KEY}, hashtext(${repo}))`);
  }

  async function setHead(tx: DbOrTx, branch: string, oid: string): Promise<void> {
    await tx.execute(
      sql`insert into code_files (repo, path, data) values (${repo}, ${`refs/heads/${branch}`}, ${new TextEncoder().encode(`${oid}\n`)})
          on conflict (repo, path) do update set data = excluded.data, updated_at = now()`,
    );
  }

  async function writeBlob(tx: DbOrTx, content: string): Promise<string> {
    return git.writeBlob({ fs: fsOf(tx), gitdir: GITDIR, blob: new TextEncoder().encode(content) });
  }

  /** Writes the trees of a snapshot (bottom up) and answers the root tree's id. */
  async function writeSnapshot(tx: DbOrTx, snap: Snapshot): Promise<string> {
    type Dir = { files: Map<string, string>; dirs: Map<string, Dir> };
    const root: Dir = { files: new Map(), dirs: new Map() };
    for (const [path, oid] of snap) {
      const parts = path.split('/');
      let dir = root;
      for (const part of parts.slice(0, -1)) {
        let next = dir.dirs.get(part);
        if (!next) dir.dirs.set(part, (next = { files: new Map(), dirs: new Map() }));
        dir = next;
      }
      dir.files.set(parts.at(-1) as string, oid);
    }
    const write = async (dir: Dir): Promise<string> => {
      const entries: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = [];
      for (const [name, sub] of dir.dirs) entries.push({ mode: '040000', path: name, oid: await write(sub), type: 'tree' });
      for (const [name, oid] of dir.files) entries.push({ mode: '100644', path: name, oid, type: 'blob' });
      return git.writeTree({ fs: fsOf(tx), gitdir: GITDIR, tree: entries });
    };
    return write(root);
  }

  async function writeCommit(tx: DbOrTx, input: { tree: string; parents: string[]; message: string; author: Author; at: number }): Promise<string> {
    const who = { name: input.author.name, email: input.author.email, timestamp: Math.floor(input.at / 1000), timezoneOffset: 0 };
    return git.writeCommit({
      fs: fsOf(tx),
      gitdir: GITDIR,
      commit: { tree: input.tree, parent: input.parents, message: `${input.message.replace(/\n+$/, '')}\n`, author: who, committer: who },
    });
  }

  /** A new bare repository with `files` as its first commit on `branch`. */
  async function init(
    tx: DbOrTx,
    input: { branch: string; files: Readonly<Record<string, string>>; message: string; author: Author; at: number },
  ): Promise<string> {
    await git.init({ fs: fsOf(tx), gitdir: GITDIR, bare: true, defaultBranch: input.branch });
    const snap: Snapshot = new Map();
    for (const [path, content] of Object.entries(input.files)) snap.set(path, await writeBlob(tx, content));
    const tree = await writeSnapshot(tx, snap);
    const oid = await writeCommit(tx, { tree, parents: [], message: input.message, author: input.author, at: input.at });
    await setHead(tx, input.branch, oid);
    return oid;
  }

  /** What differs between two snapshots, by path. */
  function changes(before: Snapshot, after: Snapshot): FileChange[] {
    const out: FileChange[] = [];
    for (const [path, oid] of after) {
      const old = before.get(path);
      if (old === undefined) out.push({ path, status: 'added', oldOid: null, newOid: oid });
      else if (old !== oid) out.push({ path, status: 'modified', oldOid: old, newOid: oid });
    }
    for (const [path, oid] of before) if (!after.has(path)) out.push({ path, status: 'deleted', oldOid: oid, newOid: null });
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  async function parentSnapshot(info: CommitInfo): Promise<Snapshot> {
    const parent = info.parents[0];
    return parent ? snapshot((await readCommit(parent)).tree) : new Map();
  }

  async function summary(oid: string): Promise<CommitSummary> {
    const hit = summaryCache.get(key(oid));
    if (hit) return hit;
    const info = await readCommit(oid);
    const changed = changes(await parentSnapshot(info), await snapshot(info.tree));
    const s: CommitSummary = {
      id: oid,
      message: info.message,
      author: info.authorName,
      email: info.authorEmail,
      date: new Date(info.timestamp * 1000).toISOString(),
      changes: changed.length,
      parent: info.parents[0] ?? null,
    };
    summaryCache.set(key(oid), s);
    return s;
  }

  /** A page of history from `start` back along first parents (a page from one commit never changes). */
  async function history(start: string, limit: number): Promise<{ commits: CommitSummary[]; next: string | null }> {
    const commits: CommitSummary[] = [];
    let oid: string | null = start;
    while (oid && commits.length < limit) {
      const s: CommitSummary = await summary(oid);
      commits.push(s);
      oid = s.parent;
    }
    return { commits, next: oid };
  }

  /** Line diffs, with three lines of context, for changes between texts. */
  function hunksOf(oldText: string, newText: string): DiffHunk[] {
    const patch = structuredPatch('a', 'b', oldText, newText, '', '', { context: 3 });
    return patch.hunks.map((h) => ({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: h.lines }));
  }

  async function diffOf(list: FileChange[], read: (c: FileChange, side: 'old' | 'new') => Promise<string>): Promise<FileDiff[]> {
    const out: FileDiff[] = [];
    for (const c of list) out.push({ path: c.path, status: c.status, hunks: hunksOf(await read(c, 'old'), await read(c, 'new')) });
    return out;
  }

  /** A commit against its first parent (View Diff). */
  async function commitDiff(oid: string): Promise<FileDiff[]> {
    const hit = diffCache.get(key(oid));
    if (hit) return hit;
    const info = await readCommit(oid);
    const list = changes(await parentSnapshot(info), await snapshot(info.tree));
    const diff = await diffOf(list, async (c, side) => {
      const blob = side === 'old' ? c.oldOid : c.newOid;
      return blob ? text(blob) : '';
    });
    diffCache.set(key(oid), diff);
    return diff;
  }

  return {
    repo,
    readCommit,
    snapshot,
    text,
    files,
    head,
    branches,
    lock,
    setHead,
    writeBlob,
    writeSnapshot,
    writeCommit,
    init,
    changes,
    summary,
    history,
    hunksOf,
    commitDiff,
  };
}

/** Does a commit exist in the repository (and is it a commit)? */
export async function isCommit(r: Repository, oid: string, d?: DbOrTx): Promise<boolean> {
  try {
    await r.readCommit(oid, d);
    return true;
  } catch {
    return false;
  }
}
