// The assets repository on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what
// isomorphic-git writes through the PostgreSQL file system is a real git repository — `git fsck`
// finds nothing wrong with it written out to disk, and `git log` and `git show` read it back.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { queryRows } from '../../db/client';
import { createRepository, type Repository } from './repo';

let base: TestDatabase;
let repo: Repository;
const author = { name: 'Ada Lovelace', email: 'ada@example.com' };
const at = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  base = await freshDatabase();
  repo = createRepository(base.database.db, `unit-${Date.now()}`);
  await base.database.db.transaction(async (tx) => {
    await repo.lock(tx);
    await repo.init(tx, {
      branch: 'main',
      files: { 'README.md': '# Assets\n', 'theme/theme.css': ':root { --color-ink: #111; }\n', 'emails/layout.html': '<div>{{content}}</div>\n' },
      message: 'Initial commit',
      author,
      at,
    });
  });
});
afterAll(async () => {
  await base?.dispose();
});

async function commitChange(branch: string, path: string, content: string, message: string, when: number) {
  return base.database.db.transaction(async (tx) => {
    await repo.lock(tx);
    const parent = (await repo.head(branch, tx)) as string;
    const snap = new Map(await repo.snapshot((await repo.readCommit(parent, tx)).tree, tx));
    snap.set(path, await repo.writeBlob(tx, content));
    const tree = await repo.writeSnapshot(tx, snap);
    const oid = await repo.writeCommit(tx, { tree, parents: [parent], message, author, at: when });
    await repo.setHead(tx, branch, oid);
    return oid;
  });
}

describe('the assets repository', () => {
  it('starts with one commit holding the seed files, on main', async () => {
    const head = (await repo.head('main')) as string;
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    const files = await repo.files(head);
    expect([...files.keys()].sort()).toEqual(['README.md', 'emails/layout.html', 'theme/theme.css']);
    expect(files.get('theme/theme.css')).toContain('--color-ink: #111');
    expect(await repo.branches()).toEqual([{ name: 'main', oid: head }]);
  });

  it('commits on top of the head, and the history walks back with files changed per commit', async () => {
    const first = (await repo.head('main')) as string;
    const second = await commitChange('main', 'theme/theme.css', ':root { --color-ink: #7a1f3d; }\n', 'Wine-coloured ink', at + 60_000);
    expect(await repo.head('main')).toBe(second);
    const page = await repo.history(second, 10);
    expect(page.commits.map((c) => [c.message, c.changes, c.author])).toEqual([
      ['Wine-coloured ink', 1, 'Ada Lovelace'],
      ['Initial commit', 3, 'Ada Lovelace'],
    ]);
    expect(page.next).toBeNull();
    expect((await repo.history(second, 1)).next).toBe(first);
    const diff = await repo.commitDiff(second);
    expect(diff).toEqual([
      {
        path: 'theme/theme.css',
        status: 'modified',
        hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-:root { --color-ink: #111; }', '+:root { --color-ink: #7a1f3d; }'] }],
      },
    ]);
  });

  it('is a real git repository: git fsck, log and show read it from disk', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'frolic-repo-'));
    try {
      const objects = await queryRows<{ oid: string; data: Uint8Array }>(base.database.db, sql`select oid, data from code_objects where repo = ${repo.repo}`);
      const files = await queryRows<{ path: string; data: Uint8Array }>(base.database.db, sql`select path, data from code_files where repo = ${repo.repo}`);
      for (const o of objects) {
        mkdirSync(path.join(dir, 'objects', o.oid.slice(0, 2)), { recursive: true });
        writeFileSync(path.join(dir, 'objects', o.oid.slice(0, 2), o.oid.slice(2)), o.data);
      }
      for (const f of files) {
        mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
        writeFileSync(path.join(dir, f.path), f.data);
      }
      const gitIn = (...args: string[]) =>
        execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
      expect(gitIn('fsck', '--strict', '--no-dangling')).toBe('');
      expect(gitIn('log', '--format=%s|%an|%ae', 'main').trim().split('\n')).toEqual([
        'Wine-coloured ink|Ada Lovelace|ada@example.com',
        'Initial commit|Ada Lovelace|ada@example.com',
      ]);
      expect(gitIn('show', 'main:theme/theme.css')).toBe(':root { --color-ink: #7a1f3d; }\n');
      expect(gitIn('rev-parse', 'HEAD').trim()).toBe(await repo.head('main'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps branches apart: a commit on one leaves the other where it was', async () => {
    const main = (await repo.head('main')) as string;
    await base.database.db.transaction(async (tx) => repo.setHead(tx, 'feature/colours', main));
    const onFeature = await commitChange('feature/colours', 'README.md', '# Assets, on a branch\n', 'Branch work', at + 120_000);
    expect(await repo.head('main')).toBe(main);
    expect(await repo.head('feature/colours')).toBe(onFeature);
    expect((await repo.branches()).map((b) => b.name)).toEqual(['feature/colours', 'main']);
  });
});
