// The Code Editor (issue 20) on the real server and database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): a real git repository of the site's assets — edits that belong to their
// user, View Changes, commits (a message required), history, View Diff, revert, branches — and a
// deploy behind the step-up that checks the branch and changes the live site and the mailer at once.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchInfo, CodeState, CommitSummary, FileDiff, HistoryPage } from '../../shared/code-editor-constants';
import { auditLogs, outboxEmails } from '../../server/db/schema';
import { Client } from '../support/client';
import { signedIn, stepUp } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let master: Client & { userId: string };
let other: Client & { userId: string };
let visitor: Client;

const THEME = 'theme/theme.css';
const ANNOUNCEMENT = 'site/announcement.json';
type Refusal = { code: string; message: string; details: { path: string; line: number | null; message: string }[] };
const SEED_FOREST = '--color-forest: #1f3d36;';

beforeAll(async () => {
  t = await startTestServer();
  master = await signedIn(t, 'master_admin', 'code');
  other = await signedIn(t, 'master_admin', 'code2');
  visitor = await new Client(t.url).passGate();
});
afterAll(async () => {
  await t?.close();
});

async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const state = async (c: Client = master) => body<CodeState>(await c.json('GET', '/api/admin/code'), 200);
const open = async (path: string, c: Client = master) =>
  body<{ content: string; changed: boolean }>(await c.json('GET', `/api/admin/code/file?path=${encodeURIComponent(path)}`), 200);
const save = async (path: string, content: string, c: Client = master) =>
  body<{ changed: boolean; changes: number }>(await c.json('PUT', '/api/admin/code/file', { path, content }), 200);
const commit = async (message: string, c: Client = master) =>
  (await body<{ commit: CommitSummary }>(await c.json('POST', '/api/admin/code/commit', { message }), 201)).commit;
const edit = async (path: string, change: (s: string) => string, c: Client = master) => save(path, change((await open(path, c)).content), c);
const deploy = async (target: { branch?: string; commit?: string }, c: Client = master) => c.json('POST', '/api/admin/code/deploy', target);
/** The theme a visitor's page carries inline. */
const visitorTheme = async () => {
  const html = await (await visitor.get('/')).text();
  return /<style[^>]*data-site-theme[^>]*>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
};
/** A commit written straight into the repository, past the service's checks (as one from before they ran at commit). */
async function rawCommit(branch: string, files: Record<string, string>, message: string): Promise<string> {
  const repository = t.app.services.code.repository;
  const oid = await t.db.database.db.transaction(async (tx) => {
    await repository.lock(tx);
    const parent = (await repository.head(branch, tx)) as string;
    const snap = new Map(await repository.snapshot((await repository.readCommit(parent, tx)).tree, tx));
    for (const [path, content] of Object.entries(files)) snap.set(path, await repository.writeBlob(tx, content));
    const tree = await repository.writeSnapshot(tx, snap);
    const made = await repository.writeCommit(tx, { tree, parents: [parent], message, author: { name: 'Old', email: 'old@example.com' }, at: Date.now() });
    await repository.setHead(tx, branch, made);
    return made;
  });
  // The service keeps branch heads until the change feed says they moved.
  await t.app.feed.publish('code_repository', { repo: repository.repo });
  return oid;
}
const lastAudit = async (action: string) =>
  (await t.db.database.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id)).limit(1))[0];

describe('the repository and the editor', () => {
  it('starts as the site’s assets, live, on main, with the spec §9 settings', async () => {
    const s = await state();
    expect(s.branch).toBe('main');
    expect(s.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([THEME, 'emails/layout.html', 'emails/reset-password.txt', 'site/announcement.json', 'site/robots.txt']),
    );
    expect(s.live?.commit).toBe(s.head);
    expect(s.changes).toBe(0);
    expect(s.settings).toEqual({
      theme: 'dark',
      fontFamily: 'Monaco',
      fontSize: 14,
      tabSize: '2',
      lineWrapping: false,
      defaultBranch: 'main',
      environment: 'production',
      buildCommand: 'npm run build',
      gitAuth: 'ssh',
      encoding: 'UTF-8',
    });
    expect((await open(THEME)).content).toContain(SEED_FOREST);
    // The page inlines the theme (no second stylesheet).
    expect(await visitorTheme()).toContain('--color-forest:#1f3d36');
  });

  it('keeps an edit as its user’s own until committed: View Changes shows the diff against the last commit', async () => {
    expect(await edit(THEME, (s) => s.replace(SEED_FOREST, '--color-forest: #7a1f3d;'))).toEqual({ changed: true, changes: 1 });
    const { files } = await body<{ files: FileDiff[] }>(await master.json('GET', '/api/admin/code/changes'), 200);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ path: THEME, status: 'modified' });
    expect(files[0]?.hunks.flatMap((h) => h.lines.filter((l) => l.startsWith('-') || l.startsWith('+')))).toEqual([
      '-  --color-forest: #1f3d36;',
      '+  --color-forest: #7a1f3d;',
    ]);
    // Another master admin sees the committed file, not this edit.
    expect((await open(THEME, other)).content).toContain(SEED_FOREST);
    expect((await state(other)).changes).toBe(0);
    expect((await state()).files.find((f) => f.path === THEME)?.changed).toBe(true);
  });

  it('refuses a commit without a message (spec §5, §8)', async () => {
    for (const message of ['', '   ']) {
      const err = (
        await body<{ error: { code: string; details: { path: string; message: string }[] } }>(
          await master.json('POST', '/api/admin/code/commit', { message }),
          400,
        )
      ).error;
      expect(err.code).toBe('validation_failed');
      expect(err.details[0]).toEqual({ path: 'message', message: 'Please enter a commit message.' });
    }
    expect((await state()).changes).toBe(1);
  });

  it('commits: the new commit heads the history with its author and the files changed, and is audited', async () => {
    const before = (await state()).head;
    const c = await commit('Wine-coloured forest');
    expect(c).toMatchObject({
      message: 'Wine-coloured forest',
      author: 'master_admin code',
      email: 'master-admin-code@staff.example',
      changes: 1,
      parent: before,
    });
    expect(c.id).toMatch(/^[0-9a-f]{40}$/);
    const s = await state();
    expect(s.head).toBe(c.id);
    expect(s.changes).toBe(0);
    const history = await body<HistoryPage>(await master.json('GET', '/api/admin/code/history'), 200);
    expect(history.commits.map((x) => x.message)).toEqual(['Wine-coloured forest', 'Initial commit: the site’s assets as they were']);
    expect(history.next).toBeNull();
    const audit = await lastAudit('CODE_COMMIT');
    expect(audit?.recordId).toBe(c.id);
    expect(audit?.userId).toBe(master.userId);
    expect(audit?.newValues).toMatchObject({ branch: 'main', files: [THEME], message: 'Wine-coloured forest' });
    // Nothing left to commit.
    expect((await body<{ error: { code: string } }>(await master.json('POST', '/api/admin/code/commit', { message: 'Again' }), 409)).error.code).toBe(
      'nothing_to_commit',
    );
    // The live site has not changed: committing is not deploying.
    expect(await visitorTheme()).toContain('--color-forest:#1f3d36');
  });

  it('shows a commit’s diff (View Diff); an unknown commit is a 404', async () => {
    const head = (await state()).head;
    const { commit: c, files } = await body<{ commit: CommitSummary; files: FileDiff[] }>(await master.json('GET', `/api/admin/code/commits/${head}`), 200);
    expect(c.id).toBe(head);
    expect(files.map((f) => [f.path, f.status])).toEqual([[THEME, 'modified']]);
    expect((await master.json('GET', `/api/admin/code/commits/${'0'.repeat(40)}`)).status).toBe(404);
    expect((await master.json('GET', '/api/admin/code/commits/nope')).status).toBe(404);
  });

  it('deploys after the step-up: every page a visitor opens carries the new colour, and the deploy is audited', async () => {
    const head = (await state()).head;
    const unconfirmed = await body<{ error: { code: string } }>(await deploy({ branch: 'main' }), 403);
    expect(unconfirmed.error.code).toBe('step_up_required');
    expect(await visitorTheme()).toContain('--color-forest:#1f3d36');
    await stepUp(master);
    const { deployment } = await body<{ deployment: { commit: string; branch: string; deployedBy: string } }>(await deploy({ branch: 'main' }), 201);
    expect(deployment).toMatchObject({ commit: head, branch: 'main', deployedBy: 'master_admin code' });
    expect(await visitorTheme()).toContain('--color-forest:#7a1f3d');
    expect((await state()).live?.commit).toBe(head);
    const audit = await lastAudit('CODE_DEPLOY');
    expect(audit?.newValues).toEqual({ commit: head, branch: 'main' });
    expect((audit?.oldValues as { commit: string }).commit).not.toBe(head);
  });

  it('reverts a commit with a new commit, and a deploy of it brings the old colour back', async () => {
    const target = (await state()).head;
    const { commit: revert } = await body<{ commit: CommitSummary }>(await master.json('POST', `/api/admin/code/commits/${target}/revert`), 201);
    expect(revert.message).toBe(`Revert "Wine-coloured forest"\n\nThis reverts commit ${target}.`);
    expect(revert.parent).toBe(target);
    expect((await open(THEME)).content).toContain(SEED_FOREST);
    expect((await lastAudit('CODE_REVERT'))?.newValues).toMatchObject({ reverted: target, head: revert.id });
    // Reverting it again: the file no longer reads as that commit left it.
    expect((await body<{ error: { code: string } }>(await master.json('POST', `/api/admin/code/commits/${target}/revert`), 409)).error.code).toBe(
      'revert_conflict',
    );
    const root = (await body<HistoryPage>(await master.json('GET', '/api/admin/code/history'), 200)).commits.at(-1)?.id as string;
    expect((await body<{ error: { code: string } }>(await master.json('POST', `/api/admin/code/commits/${root}/revert`), 409)).error.code).toBe(
      'cannot_revert_root',
    );
    await body(await deploy({ branch: 'main' }), 201);
    expect(await visitorTheme()).toContain('--color-forest:#1f3d36');
  });

  it('rolls back by deploying an earlier commit', async () => {
    const wine = (await body<HistoryPage>(await master.json('GET', '/api/admin/code/history'), 200)).commits.find((c) => c.message === 'Wine-coloured forest')
      ?.id as string;
    const { deployment } = await body<{ deployment: { commit: string; branch: string | null } }>(await deploy({ commit: wine }), 201);
    expect(deployment).toMatchObject({ commit: wine, branch: null });
    expect(await visitorTheme()).toContain('--color-forest:#7a1f3d');
    await body(await deploy({ branch: 'main' }), 201);
    expect(await visitorTheme()).toContain('--color-forest:#1f3d36');
  });

  it('refuses to commit a broken stylesheet, with the file, the line and the reason; the edit is kept and main stays deployable', async () => {
    const head = (await state()).head;
    await edit(THEME, (s) => s.replace(SEED_FOREST, '--color-forest #123456;'));
    const err = (await body<{ error: Refusal }>(await master.json('POST', '/api/admin/code/commit', { message: 'Broken theme' }), 422)).error;
    expect(err.code).toBe('commit_check_failed');
    expect(err.details[0]).toMatchObject({ path: THEME, line: 8 });
    expect(err.message).toContain('theme/theme.css line 8');
    expect((await state()).head).toBe(head);
    expect((await state()).changes).toBe(1);
    // A colour that is not a colour is refused too.
    await edit(THEME, (s) => s.replace('--color-forest #123456;', '--color-forest: wine;'));
    expect((await body<{ error: Refusal }>(await master.json('POST', '/api/admin/code/commit', { message: 'Not a colour' }), 422)).error.details).toEqual([
      { path: THEME, line: 8, message: '--color-forest must be a colour, not "wine".' },
    ]);
    await master.json('DELETE', `/api/admin/code/file?path=${encodeURIComponent(THEME)}`);
    await body(await deploy({ branch: 'main' }), 201);
  });

  it('refuses to commit an announcement with a wrong key, naming its line (it used to be caught only at Deploy)', async () => {
    const head = (await state()).head;
    await save(ANNOUNCEMENT, '{\n  "enabled": true,\n  "txt": "Tastings every Friday",\n  "link": "/events"\n}\n');
    const err = (await body<{ error: Refusal }>(await master.json('POST', '/api/admin/code/commit', { message: 'Announce' }), 422)).error;
    expect(err).toMatchObject({ code: 'commit_check_failed', message: expect.stringMatching(/^Not committed: site\/announcement\.json line 3: /) });
    expect(err.details).toEqual([
      { path: ANNOUNCEMENT, line: 3, message: 'The file: "txt" is not a setting of the announcement (it has enabled, text and link).' },
      { path: ANNOUNCEMENT, line: null, message: 'text: Missing: the announcement needs it.' },
    ]);
    expect((await state()).head).toBe(head);
    await master.json('DELETE', `/api/admin/code/file?path=${encodeURIComponent(ANNOUNCEMENT)}`);
  });

  it('refuses to commit an email layout the HTML allowlist would change (the regular expressions missed these), and a theme value that loads', async () => {
    const head = (await state()).head;
    const layout = (await open('emails/layout.html')).content;
    for (const payload of ['<svg/onload=alert(1)>', '<a href="jav&#x61;script:alert(1)">x</a>']) {
      await save('emails/layout.html', `${layout}${payload}\n`);
      const err = (await body<{ error: Refusal }>(await master.json('POST', '/api/admin/code/commit', { message: 'Layout' }), 422)).error;
      expect(err.code, payload).toBe('commit_check_failed');
      expect(err.details[0], payload).toMatchObject({ path: 'emails/layout.html', line: 2 });
    }
    await master.json('DELETE', `/api/admin/code/file?path=${encodeURIComponent('emails/layout.html')}`);
    await edit(THEME, (s) => s.replace(SEED_FOREST, `${SEED_FOREST}\n  --hero: image-set("https://evil.example/a.png" 1x);`));
    const err = (await body<{ error: Refusal }>(await master.json('POST', '/api/admin/code/commit', { message: 'Hero' }), 422)).error;
    expect(err.details[0]).toMatchObject({
      path: THEME,
      line: 9,
      message: expect.stringMatching(/^--hero: "image-set\(\)" is not a function the theme may use/),
    });
    await master.json('DELETE', `/api/admin/code/file?path=${encodeURIComponent(THEME)}`);
    expect((await state()).head).toBe(head);
  });

  it('refuses a revert that would bring a broken version back; main stays deployable', async () => {
    // A broken commit from before the checks ran at commit (written straight into the repository).
    const broken = await rawCommit('main', { [ANNOUNCEMENT]: '{"enabled":true,"txt":"x"}\n' }, 'Broken announcement (from before the checks)');
    const deployErr = (await body<{ error: Refusal }>(await deploy({ branch: 'main' }), 422)).error;
    expect(deployErr.code).toBe('deploy_check_failed');
    expect(deployErr.details[0]).toMatchObject({ path: ANNOUNCEMENT, line: 1 });
    await save(ANNOUNCEMENT, '{"enabled":false,"text":"x"}\n');
    const fix = await commit('Fix the announcement');
    expect(fix.parent).toBe(broken);
    const err = (await body<{ error: Refusal }>(await master.json('POST', `/api/admin/code/commits/${fix.id}/revert`), 422)).error;
    expect(err.code).toBe('revert_check_failed');
    expect(err.message).toMatch(/^Not reverted: site\/announcement\.json line 1: /);
    expect(err.details[0]).toMatchObject({ path: ANNOUNCEMENT, line: 1 });
    expect((await state()).head).toBe(fix.id);
    await body(await deploy({ branch: 'main' }), 201);
    expect((await state()).live?.commit).toBe(fix.id);
  });

  it('still refuses to deploy a commit that fails the checks (one made before they ran at commit), with the reason; the live site is unchanged', async () => {
    const live = (await state()).live?.commit;
    const theme = (await open(THEME)).content;
    const broken = await rawCommit('main', { [THEME]: theme.replace(SEED_FOREST, '--color-forest #123456;') }, 'Broken theme (from before the checks)');
    const err = (await body<{ error: Refusal }>(await deploy({ commit: broken }), 422)).error;
    expect(err.code).toBe('deploy_check_failed');
    expect(err.details[0]).toMatchObject({ path: THEME, line: 8 });
    expect(err.message).toContain('theme/theme.css line 8');
    expect((await state()).live?.commit).toBe(live);
    expect(await visitorTheme()).toContain('--color-forest:#1f3d36');
    await save(THEME, theme);
    await commit('Forest again');
  });

  it('changes what the mailer sends once a template is deployed; a template with a value it does not have is refused', async () => {
    await edit('emails/reset-password.txt', (s) => s.replace('Subject: Reset your Frolic password', 'Subject: Your Frolic password reset link'));
    await commit('Friendlier reset subject');
    await body(await deploy({ branch: 'main' }), 201);
    await visitor.post('/auth/forgot-password', { email: 'master-admin-code2@staff.example' });
    await t.app.services.jobs.drain();
    const [mail] = await t.db.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'master-admin-code2@staff.example'))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(mail?.subject).toBe('Your Frolic password reset link');
    expect(mail?.text).toMatch(/Choose a new password: http:\/\/\S+\/auth\/reset-password\?token=/);

    await edit('emails/reset-password.txt', (s) => s.replace('Someone (hopefully you)', 'Someone ({{name}})'));
    const err = (await body<{ error: Refusal }>(await master.json('POST', '/api/admin/code/commit', { message: 'A value the reset email does not have' }), 422))
      .error;
    expect(err.details).toEqual([{ path: 'emails/reset-password.txt', line: 3, message: '{{name}} is not a value of this email (it has {{url}}).' }]);
    await master.json('DELETE', `/api/admin/code/file?path=${encodeURIComponent('emails/reset-password.txt')}`);
  });

  it('adds the deployed robots.txt lines and shows the announcement bar', async () => {
    await edit('site/robots.txt', (s) => `${s}Disallow: /drafts/\n`);
    await edit('site/announcement.json', () => JSON.stringify({ enabled: true, text: 'Tastings every Friday', link: '/events' }));
    await commit('Robots and an announcement');
    await body(await deploy({ branch: 'main' }), 201);
    expect(await (await visitor.get('/robots.txt')).text()).toContain(
      'Disallow: /api/\n# Lines added to robots.txt, after the built-in rules.\nDisallow: /drafts/\n',
    );
    const html = await (await visitor.get('/')).text();
    expect(html).toContain('data-testid="announcement-bar"');
    expect(html).toContain('Tastings every Friday');
  });
});

describe('branches', () => {
  it('creates a branch from the current one and switches to it; a commit there leaves main alone', async () => {
    const main = (await state()).head;
    const created = await body<CodeState>(await master.json('POST', '/api/admin/code/branches', { name: 'feature/autumn' }), 201);
    expect(created.branch).toBe('feature/autumn');
    expect(created.head).toBe(main);
    expect((await lastAudit('CODE_BRANCH'))?.recordId).toBe('feature/autumn');
    await edit(THEME, (s) => s.replace(SEED_FOREST, '--color-forest: #8b4513;'));
    const c = await commit('Autumn forest');
    const branches = (await body<{ branches: BranchInfo[] }>(await master.json('GET', '/api/admin/code/branches'), 200)).branches;
    expect(branches.map((b) => [b.name, b.head])).toEqual([
      ['feature/autumn', c.id],
      ['main', main],
    ]);
    // The other master admin is still on main.
    expect((await state(other)).branch).toBe('main');
    const back = await body<CodeState>(await master.json('PUT', '/api/admin/code/branch', { name: 'main' }), 200);
    expect(back.head).toBe(main);
    expect((await open(THEME)).content).toContain(SEED_FOREST);
    // Deploying the branch serves its head.
    await body(await deploy({ branch: 'feature/autumn' }), 201);
    expect(await visitorTheme()).toContain('--color-forest:#8b4513');
    await body(await deploy({ branch: 'main' }), 201);
  });

  it('refuses a name taken, a name git would refuse, and an unknown branch', async () => {
    expect((await body<{ error: { code: string } }>(await master.json('POST', '/api/admin/code/branches', { name: 'main' }), 409)).error.code).toBe(
      'branch_exists',
    );
    expect((await body<{ error: { code: string } }>(await master.json('POST', '/api/admin/code/branches', { name: 'feature' }), 409)).error.code).toBe(
      'branch_exists',
    );
    for (const name of ['', 'two words', 'a..b', '-x/..', 'x.lock', '/lead']) {
      expect((await master.json('POST', '/api/admin/code/branches', { name })).status, name).toBe(400);
    }
    // Names git reserves or reads as something else: each refused with the reason, no branch made.
    for (const [name, message] of [
      ['HEAD', '"HEAD" is a name git reserves: choose another.'],
      ['config', '"config" is a name git reserves: choose another.'],
      ['FETCH_HEAD', '"FETCH_HEAD" is a name git reserves: choose another.'],
      ['refs/heads/x', 'A branch name cannot start with "refs/": git would read it as another kind of name.'],
      ['x.lock/y', 'No part of a branch name (between slashes) can end with ".lock".'],
      ['x.', 'A branch name cannot end with ".".'],
      ['a@{1}', 'A branch name cannot contain "@{".'],
    ]) {
      const err = (
        await body<{ error: { code: string; details: { path: string; message: string }[] } }>(
          await master.json('POST', '/api/admin/code/branches', { name }),
          400,
        )
      ).error;
      expect(err.details, name).toEqual([{ path: 'name', message }]);
    }
    expect((await body<{ branches: BranchInfo[] }>(await master.json('GET', '/api/admin/code/branches'), 200)).branches.map((b) => b.name)).toEqual([
      'feature/autumn',
      'main',
    ]);
    expect((await master.json('PUT', '/api/admin/code/branch', { name: 'nowhere' })).status).toBe(404);
  });
});

describe('edits of the same file', () => {
  it('refuses a commit whose file changed on the branch since the edit began', async () => {
    await edit(THEME, (s) => s.replace(SEED_FOREST, '--color-forest: #101010;'), other);
    await edit(THEME, (s) => s.replace(SEED_FOREST, '--color-forest: #202020;'));
    await commit('Mine first');
    const err = (
      await body<{ error: { code: string; details: { path: string }[] } }>(await other.json('POST', '/api/admin/code/commit', { message: 'Theirs' }), 409)
    ).error;
    expect(err.code).toBe('edit_conflict');
    expect(err.details.map((d) => d.path)).toEqual([THEME]);
    // Discarding the edit clears it.
    expect(await body(await other.json('DELETE', `/api/admin/code/file?path=${encodeURIComponent(THEME)}`), 200)).toEqual({ changes: 0 });
  });

  it('keeps no edit that reads as the committed file', async () => {
    const current = (await open(THEME)).content;
    expect(await save(THEME, `${current}/* x */\n`)).toEqual({ changed: true, changes: 1 });
    expect(await save(THEME, current)).toEqual({ changed: false, changes: 0 });
    expect((await master.json('PUT', '/api/admin/code/file', { path: 'server/main.ts', content: 'x' })).status).toBe(404);
  });
});

describe('the repository outside the editor', () => {
  it('cannot be changed through the SQL editor: refs and the live pointer move only through commits and deploys', async () => {
    await stepUp(master);
    const run = (sql: string, table: string) => master.json('POST', '/api/admin/sql/run', { sql, allowWrites: true, confirmedTables: [table] });
    for (const [sql, table] of [
      ["update code_files set data = 'x' where path = 'refs/heads/main'", 'code_files'],
      ["insert into code_deployments (repo, commit_oid) values ('site', 'x')", 'code_deployments'],
      ["delete from code_objects where repo = 'site'", 'code_objects'],
    ] as const) {
      const err = (await body<{ error: { message: string } }>(await run(sql, table), 400)).error;
      expect(err.message, sql).toMatch(/permission denied/);
    }
  });
});

describe('settings', () => {
  it('stores each user’s own, refusing values the spec does not offer', async () => {
    const saved = await body<{ settings: { theme: string; fontSize: number; tabSize: string; lineWrapping: boolean } }>(
      await master.json('PUT', '/api/admin/code/settings', { theme: 'monokai', fontSize: 16, tabSize: 'tab', lineWrapping: true }),
      200,
    );
    expect(saved.settings).toMatchObject({ theme: 'monokai', fontSize: 16, tabSize: 'tab', lineWrapping: true, fontFamily: 'Monaco' });
    expect((await state(other)).settings.theme).toBe('dark');
    for (const bad of [{ fontSize: 13 }, { theme: 'solarized' }, { tabSize: '8' }, { encoding: 'latin1' }, { colour: 'red' }]) {
      expect((await master.json('PUT', '/api/admin/code/settings', bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describeOnPostgres('one writer at a time', () => {
  it('records every one of several commits sent at once on one branch, one on top of the other', async () => {
    const writers = await Promise.all([0, 1, 2, 3].map((i) => signedIn(t, 'master_admin', `race${i}`)));
    const paths = ['site/robots.txt', 'emails/invitation.txt', 'emails/confirm-email.txt', 'README.md'];
    const base = (await state(writers[0])).head;
    // Each a change the deploy checks accept (a robots.txt line must be a rule or a comment).
    const marker = (i: number) => (paths[i] === 'site/robots.txt' ? `# writer ${i}` : `<!-- writer ${i} -->`);
    await Promise.all(writers.map((w, i) => edit(paths[i] as string, (s) => `${s}\n${marker(i)}\n`, w)));
    const made = await Promise.all(writers.map((w, i) => commit(`Writer ${i}`, w)));
    const history = (await body<HistoryPage>(await master.json('GET', '/api/admin/code/history'), 200)).commits.slice(0, 4);
    // All four, each the parent of the next: none lost, none overwritten.
    expect(new Set(history.map((c) => c.id))).toEqual(new Set(made.map((c) => c.id)));
    expect(history.at(-1)?.parent).toBe(base);
    for (let i = 0; i < 3; i++) expect(history[i]?.parent).toBe(history[i + 1]?.id);
    for (const [i, path] of paths.entries()) expect((await open(path, master)).content).toContain(marker(i));
    const rows = await t.db.database.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'CODE_COMMIT'),
          inArray(
            auditLogs.userId,
            writers.map((w) => w.userId),
          ),
        ),
      );
    expect(rows).toHaveLength(4);
  });
});
