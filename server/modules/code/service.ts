// The Code Editor (issue 20, master admin only): a real git repository of the site's assets
// (repo.ts over git-fs.ts) edited per user, committed, reverted, branched and deployed. Uncommitted
// edits belong to the user who made them (per branch, `code_working_files`); every write to the
// repository holds its advisory lock, so one writer at a time moves a branch and two commits at once
// land one on top of the other. A deploy checks the commit (assets.ts), moves the live pointer and
// bumps the content version on the change feed: every instance serves the new assets at once
// (live.ts). Commits, reverts, branches and deploys are audited in their transaction.
import { and, eq, sql } from 'drizzle-orm';
import {
  type BranchInfo,
  type CodeState,
  type CommitSummary,
  type Deployment,
  EDITOR_DEFAULTS,
  type EditorSettings,
  type FileDiff,
  HISTORY_PAGE_SIZE,
  type HistoryPage,
  type OpenFile,
  shortId,
} from '../../../shared/code-editor-constants';
import type { z } from 'zod';
import type { commitBody, createBranchBody, deployBody, saveFileBody, settingsBody } from '../../../shared/schemas/code';
import type { ContentVersion } from '../../cache/content-version';
import type { ChangeFeed } from '../../realtime/changes';
import type { Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/errors';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { codeEditorSettings, codeWorkingFiles } from '../../db/schema';
import { requireStepUp } from '../../auth/step-up';
import { recordAudit } from '../audit';
import { type AssetProblem, compileAssets, SEED_FILES } from './assets';
import { liveCommit } from './live';
import { type Author, createRepository, isCommit, type Repository, type Snapshot } from './repo';

/** The change feed's topic for moved refs and checked-out branches (payload: the repository, the user). */
export const REPO_TOPIC = 'code_repository';

/** The one repository of this installation: the site's assets. */
export const SITE_REPO = 'site';
const SYSTEM_AUTHOR: Author = { name: 'Frolic', email: 'system@frolic.invalid' };

/** Who is editing: the signed-in master admin (and their step-up, for a deploy). */
export interface Editor {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  elevatedUntil: number | null;
}

export interface CodeService {
  readonly repository: Repository;
  state(editor: Editor): Promise<CodeState>;
  openFile(editor: Editor, path: string): Promise<OpenFile>;
  saveFile(editor: Editor, input: z.infer<typeof saveFileBody>): Promise<{ changed: boolean; changes: number }>;
  discardFile(editor: Editor, path: string): Promise<{ changes: number }>;
  /** View Changes: the user's edits against the branch's last commit. */
  changes(editor: Editor): Promise<FileDiff[]>;
  commit(editor: Editor, input: z.infer<typeof commitBody>, actor: Actor): Promise<CommitSummary>;
  history(editor: Editor, from?: string): Promise<HistoryPage>;
  commitDiff(oid: string): Promise<{ commit: CommitSummary; files: FileDiff[] }>;
  revert(editor: Editor, oid: string, actor: Actor): Promise<CommitSummary>;
  branches(editor: Editor): Promise<BranchInfo[]>;
  createBranch(editor: Editor, input: z.infer<typeof createBranchBody>, actor: Actor): Promise<CodeState>;
  switchBranch(editor: Editor, name: string): Promise<CodeState>;
  deploy(editor: Editor, input: z.infer<typeof deployBody>, actor: Actor): Promise<Deployment>;
  deployments(): Promise<Deployment[]>;
  settings(editor: Editor): Promise<EditorSettings>;
  saveSettings(editor: Editor, input: z.infer<typeof settingsBody>): Promise<EditorSettings>;
}

/** First start: the repository with the site's current assets as its first commit, and that commit live. */
export async function ensureSiteRepository(db: Db, now: () => number = Date.now): Promise<boolean> {
  const repository = createRepository(db, SITE_REPO);
  if (await repository.head(EDITOR_DEFAULTS.defaultBranch)) return false;
  return db.transaction(async (tx) => {
    await repository.lock(tx);
    if (await repository.head(EDITOR_DEFAULTS.defaultBranch, tx)) return false;
    const oid = await repository.init(tx, {
      branch: EDITOR_DEFAULTS.defaultBranch,
      files: SEED_FILES,
      message: 'Initial commit: the site’s assets as they were',
      author: SYSTEM_AUTHOR,
      at: now(),
    });
    await tx.execute(sql`insert into code_deployments (repo, commit_oid, branch) values (${SITE_REPO}, ${oid}, ${EDITOR_DEFAULTS.defaultBranch})`);
    return true;
  });
}

/** A refusal naming the first problem (file, line, reason); `details` lists them all. */
function checkFailed(problems: AssetProblem[], refusal: { code: string; verb: string; hint: string }): AppError {
  const first = problems[0] as AssetProblem;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'})` : '';
  return new AppError(refusal.code, 'unprocessable', `${refusal.verb}: ${first.path}${first.line ? ` line ${first.line}` : ''}: ${first.message}${more}`, {
    details: problems,
    hint: refusal.hint,
  });
}

const nameOf = (e: Editor) => `${e.firstName} ${e.lastName}`.trim() || e.email;

export function createCodeService(deps: {
  db: Db;
  content: ContentVersion;
  feed?: ChangeFeed;
  /** This instance's live assets: a deploy answers once they are read (the next email here has them). */
  live?: { current(): Promise<unknown> };
  repo?: string;
  now?: () => number;
}): CodeService {
  const { db, content, feed } = deps;
  const now = deps.now ?? Date.now;
  const repository = createRepository(db, deps.repo ?? SITE_REPO);
  const repo = repository.repo;

  async function settingsOf(editor: Editor, d: DbOrTx = db): Promise<EditorSettings & { currentBranch: string | null }> {
    const [row] = await d.select().from(codeEditorSettings).where(eq(codeEditorSettings.userId, editor.id));
    if (!row) return { ...EDITOR_DEFAULTS, currentBranch: null };
    return {
      theme: row.theme as EditorSettings['theme'],
      fontFamily: row.fontFamily as EditorSettings['fontFamily'],
      fontSize: row.fontSize as EditorSettings['fontSize'],
      tabSize: row.tabSize as EditorSettings['tabSize'],
      lineWrapping: row.lineWrapping,
      defaultBranch: row.defaultBranch,
      environment: row.environment as EditorSettings['environment'],
      buildCommand: row.buildCommand,
      gitAuth: row.gitAuth as EditorSettings['gitAuth'],
      encoding: row.encoding,
      currentBranch: row.currentBranch,
    };
  }

  // Branch heads and each user's checked-out branch, read from the database once and kept until the
  // change feed says they moved (a commit, a revert, a new branch, a switch, saved settings — on any
  // instance; this instance's own publish empties them before the answer is sent). Reading the
  // history or a file then costs no query. What must be exact — a commit's parent — is read again
  // under the lock, inside the writing transaction.
  let heads: Promise<Map<string, string>> | null = null;
  const choices = new Map<string, Promise<{ current: string | null; fallback: string }>>();
  feed?.subscribe(REPO_TOPIC, (data) => {
    const { repo: moved, userId } = (data ?? {}) as { repo?: string; userId?: string };
    if (moved !== repo) return;
    heads = null;
    if (userId) choices.delete(userId);
  });
  const moved = (userId?: string) => (feed ? feed.publish(REPO_TOPIC, { repo, userId }) : Promise.resolve());

  function branchHeads(): Promise<Map<string, string>> {
    if (heads) return heads;
    const loading = repository.branches().then((list) => new Map(list.map((b) => [b.name, b.oid])));
    heads = loading;
    loading.catch(() => {
      if (heads === loading) heads = null;
    });
    return loading;
  }

  function choiceOf(editor: Editor): Promise<{ current: string | null; fallback: string }> {
    let hit = choices.get(editor.id);
    if (!hit) {
      const loading = settingsOf(editor).then((st) => ({ current: st.currentBranch, fallback: st.defaultBranch }));
      choices.set(editor.id, (hit = loading));
      loading.catch(() => {
        if (choices.get(editor.id) === loading) choices.delete(editor.id);
      });
    }
    return hit;
  }

  /** The branch the user has checked out, and its head: their choice, else their default, else main. */
  async function checkedOut(editor: Editor): Promise<{ branch: string; head: string }> {
    const [all, choice] = await Promise.all([branchHeads(), choiceOf(editor)]);
    for (const branch of [choice.current, choice.fallback, EDITOR_DEFAULTS.defaultBranch]) {
      const head = branch ? all.get(branch) : undefined;
      if (branch && head) return { branch, head };
    }
    throw new AppError('repository_missing', 'unavailable', 'The assets repository has not been created yet.', {
      hint: 'Restart the server: a start creates it.',
    });
  }

  async function headSnapshot(head: string, d: DbOrTx = db): Promise<Snapshot> {
    return repository.snapshot((await repository.readCommit(head, d)).tree, d);
  }

  type WorkingRow = { path: string; content: string | null; baseOid: string | null };
  async function working(editor: Editor, branch: string, d: DbOrTx = db): Promise<WorkingRow[]> {
    return d
      .select({ path: codeWorkingFiles.path, content: codeWorkingFiles.content, baseOid: codeWorkingFiles.baseOid })
      .from(codeWorkingFiles)
      .where(and(eq(codeWorkingFiles.repo, repo), eq(codeWorkingFiles.userId, editor.id), eq(codeWorkingFiles.branch, branch)))
      .orderBy(codeWorkingFiles.path);
  }

  async function countChanges(editor: Editor, branch: string, d: DbOrTx = db): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      d,
      sql`select count(*)::int as n from code_working_files where repo = ${repo} and user_id = ${editor.id} and branch = ${branch}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async function deploymentList(limit: number): Promise<Deployment[]> {
    const rows = await queryRows<{ id: number; commit_oid: string; branch: string | null; who: string | null; deployed_at: string | Date }>(
      db,
      sql`select d.id, d.commit_oid, d.branch, d.deployed_at,
                 nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '') as who
          from code_deployments d left join profiles p on p.id = d.deployed_by
          where d.repo = ${repo} order by d.id desc limit ${limit}`,
    );
    return rows.map((r) => ({ id: r.id, commit: r.commit_oid, branch: r.branch, deployedBy: r.who, deployedAt: new Date(r.deployed_at).toISOString() }));
  }

  async function branchList(): Promise<BranchInfo[]> {
    const [list, live] = await Promise.all([repository.branches(), liveCommit(db, repo)]);
    const out: BranchInfo[] = [];
    for (const b of list) {
      const s = await repository.summary(b.oid);
      out.push({ name: b.name, head: b.oid, message: s.message.split('\n')[0] as string, date: s.date, live: b.oid === live });
    }
    return out;
  }

  async function state(editor: Editor): Promise<CodeState> {
    const { branch, head } = await checkedOut(editor);
    const [snap, edits, branches, deployments, settings] = await Promise.all([
      headSnapshot(head),
      working(editor, branch),
      branchList(),
      deploymentList(1),
      settingsOf(editor),
    ]);
    const changed = new Set(edits.map((e) => e.path));
    const { currentBranch: _current, ...plain } = settings;
    return {
      branch,
      head,
      files: [...snap.keys()].sort().map((path) => ({ path, changed: changed.has(path) })),
      branches,
      live: deployments[0] ?? null,
      settings: plain,
      changes: edits.length,
    };
  }

  /** A commit by this user on their branch, from a snapshot edit, under the lock; answers its id. */
  async function commitOn(tx: DbOrTx, branch: string, parent: string, snap: Snapshot, message: string, editor: Editor): Promise<string> {
    const tree = await repository.writeSnapshot(tx, snap);
    const oid = await repository.writeCommit(tx, { tree, parents: [parent], message, author: { name: nameOf(editor), email: editor.email }, at: now() });
    await repository.setHead(tx, branch, oid);
    return oid;
  }

  /**
   * The deploy's checks, on what a commit, a revert, a branch or a deploy would put at a branch's head
   * or live: any problem and the request is refused, naming each file, line and reason. So every
   * commit a branch moves to can be deployed (`main` always can).
   */
  async function checked(snap: Snapshot, d: DbOrTx, refusal: { code: string; verb: string; hint: string }): Promise<void> {
    const files = new Map<string, string>();
    for (const [path, blob] of snap) files.set(path, await repository.text(blob, d));
    const { problems } = compileAssets(files);
    if (problems.length) throw checkFailed(problems, refusal);
  }

  const nothingToCommit = () =>
    new AppError('nothing_to_commit', 'conflict', 'There are no changes to commit.', { hint: 'Edit a file first: its changes show in View Changes.' });

  return {
    repository,
    state,

    async openFile(editor, path) {
      const { branch, head } = await checkedOut(editor);
      const blob = (await headSnapshot(head)).get(path);
      if (!blob) throw notFound('File');
      const [edit] = (await working(editor, branch)).filter((w) => w.path === path);
      if (edit) return { path, content: edit.content ?? '', changed: true };
      return { path, content: await repository.text(blob), changed: false };
    },

    async saveFile(editor, input) {
      const { branch, head } = await checkedOut(editor);
      const blob = (await headSnapshot(head)).get(input.path);
      if (!blob) throw notFound('File');
      const committed = await repository.text(blob);
      const where = and(
        eq(codeWorkingFiles.repo, repo),
        eq(codeWorkingFiles.userId, editor.id),
        eq(codeWorkingFiles.branch, branch),
        eq(codeWorkingFiles.path, input.path),
      );
      if (input.content === committed) {
        await db.delete(codeWorkingFiles).where(where);
      } else {
        // The edit remembers the blob it started from (its first save), so a commit can see that the
        // branch moved under it.
        await db
          .insert(codeWorkingFiles)
          .values({ repo, userId: editor.id, branch, path: input.path, content: input.content, baseOid: blob })
          .onConflictDoUpdate({
            target: [codeWorkingFiles.repo, codeWorkingFiles.userId, codeWorkingFiles.branch, codeWorkingFiles.path],
            set: { content: input.content, updatedAt: new Date(now()) },
          });
      }
      return { changed: input.content !== committed, changes: await countChanges(editor, branch) };
    },

    async discardFile(editor, path) {
      const { branch } = await checkedOut(editor);
      await db
        .delete(codeWorkingFiles)
        .where(
          and(eq(codeWorkingFiles.repo, repo), eq(codeWorkingFiles.userId, editor.id), eq(codeWorkingFiles.branch, branch), eq(codeWorkingFiles.path, path)),
        );
      return { changes: await countChanges(editor, branch) };
    },

    async changes(editor) {
      const { branch, head } = await checkedOut(editor);
      const snap = await headSnapshot(head);
      const out: FileDiff[] = [];
      for (const w of await working(editor, branch)) {
        const blob = snap.get(w.path);
        const before = blob ? await repository.text(blob) : '';
        const status = !blob ? 'added' : w.content === null ? 'deleted' : 'modified';
        out.push({ path: w.path, status, hunks: repository.hunksOf(before, w.content ?? '') });
      }
      return out;
    },

    async commit(editor, input, actor) {
      const { branch } = await checkedOut(editor);
      const oid = await db.transaction(async (tx) => {
        await repository.lock(tx);
        // Read under the lock: a commit that waited for another lands on top of it.
        const parent = await repository.head(branch, tx);
        if (!parent) throw notFound('Branch');
        const snap = new Map(await headSnapshot(parent, tx));
        const edits = await working(editor, branch, tx);
        if (edits.length === 0) throw nothingToCommit();
        const moved = edits.filter((e) => (snap.get(e.path) ?? null) !== e.baseOid);
        if (moved.length) {
          throw new AppError('edit_conflict', 'conflict', `${moved.map((m) => m.path).join(', ')} changed on ${branch} since you started editing.`, {
            details: moved.map((m) => ({ path: m.path, message: 'Changed on the branch since your edit began.' })),
            hint: 'Copy your text, discard the edit, open the file again and make your change on top of the new version.',
          });
        }
        const before = new Map(snap);
        for (const e of edits) {
          if (e.content === null) snap.delete(e.path);
          else snap.set(e.path, await repository.writeBlob(tx, e.content));
        }
        const changed = repository.changes(before, snap);
        if (changed.length === 0) throw nothingToCommit();
        await checked(snap, tx, {
          code: 'commit_check_failed',
          verb: 'Not committed',
          hint: 'Fix the files named in details and commit again. Nothing was committed; your edits are kept.',
        });
        const oid = await commitOn(tx, branch, parent, snap, input.message, editor);
        await tx
          .delete(codeWorkingFiles)
          .where(and(eq(codeWorkingFiles.repo, repo), eq(codeWorkingFiles.userId, editor.id), eq(codeWorkingFiles.branch, branch)));
        await recordAudit(tx, actor, {
          action: 'CODE_COMMIT',
          tableName: 'code_repository',
          recordId: oid,
          oldValues: { branch, head: parent },
          newValues: { branch, head: oid, message: input.message, files: changed.map((c) => c.path) },
        });
        return oid;
      });
      await moved();
      return repository.summary(oid);
    },

    async history(editor, from) {
      const start = from ?? (await checkedOut(editor)).head;
      if (from && !(await isCommit(repository, from))) throw notFound('Commit');
      return repository.history(start, HISTORY_PAGE_SIZE);
    },

    async commitDiff(oid) {
      if (!(await isCommit(repository, oid))) throw notFound('Commit');
      const [commit, files] = await Promise.all([repository.summary(oid), repository.commitDiff(oid)]);
      return { commit, files };
    },

    async revert(editor, oid, actor) {
      if (!(await isCommit(repository, oid))) throw notFound('Commit');
      const { branch } = await checkedOut(editor);
      const created = await db.transaction(async (tx) => {
        await repository.lock(tx);
        const target = await repository.readCommit(oid, tx);
        const parentOid = target.parents[0];
        if (!parentOid) throw new AppError('cannot_revert_root', 'conflict', 'The first commit cannot be reverted: nothing would be left.');
        const head = await repository.head(branch, tx);
        if (!head) throw notFound('Branch');
        const before = await repository.snapshot((await repository.readCommit(parentOid, tx)).tree, tx);
        const after = await repository.snapshot(target.tree, tx);
        const current = await headSnapshot(head, tx);
        const undo = repository.changes(before, after);
        // Only what still reads as the commit left it can be put back; a file changed since is a conflict.
        const conflicts = undo.filter((c) => (current.get(c.path) ?? null) !== c.newOid);
        if (conflicts.length) {
          throw new AppError(
            'revert_conflict',
            'conflict',
            `${conflicts.map((c) => c.path).join(', ')} changed after commit ${shortId(oid)}: it cannot be reverted cleanly.`,
            {
              details: conflicts.map((c) => ({ path: c.path, message: 'Changed by a later commit.' })),
              hint: 'Revert the later commits first, or edit the file by hand.',
            },
          );
        }
        const snap = new Map(current);
        for (const c of undo) {
          if (c.oldOid === null) snap.delete(c.path);
          else snap.set(c.path, c.oldOid);
        }
        if (repository.changes(current, snap).length === 0) throw nothingToCommit();
        await checked(snap, tx, {
          code: 'revert_check_failed',
          verb: 'Not reverted',
          hint: `Reverting ${shortId(oid)} would bring back files that cannot be deployed. Edit the files by hand instead. Nothing was committed.`,
        });
        const subject = target.message.split('\n')[0] as string;
        const newOid = await commitOn(tx, branch, head, snap, `Revert "${subject}"\n\nThis reverts commit ${oid}.`, editor);
        await recordAudit(tx, actor, {
          action: 'CODE_REVERT',
          tableName: 'code_repository',
          recordId: newOid,
          oldValues: { branch, head },
          newValues: { branch, head: newOid, reverted: oid, files: undo.map((c) => c.path) },
        });
        return newOid;
      });
      await moved();
      return repository.summary(created);
    },

    branches: () => branchList(),

    async createBranch(editor, input, actor) {
      const { head: from } = await checkedOut(editor);
      const base = input.from ?? from;
      if (!(await isCommit(repository, base))) throw notFound('Commit');
      await db.transaction(async (tx) => {
        await repository.lock(tx);
        if (await repository.head(input.name, tx)) {
          throw new AppError('branch_exists', 'conflict', `There is a branch called ${input.name} already.`, {
            details: [{ path: 'name', message: 'Taken: choose another name.' }],
          });
        }
        // git refuses a branch that would be a directory of another (a/b next to a): so do we.
        const clash = (await repository.branches(tx)).find((b) => b.name.startsWith(`${input.name}/`) || input.name.startsWith(`${b.name}/`));
        if (clash)
          throw new AppError('branch_exists', 'conflict', `${input.name} clashes with the branch ${clash.name}.`, {
            details: [{ path: 'name', message: `Clashes with ${clash.name}.` }],
          });
        // A branch starting at another commit than a head starts deployable, as every commit made here.
        if (base !== from) {
          await checked(await headSnapshot(base, tx), tx, {
            code: 'branch_check_failed',
            verb: 'No branch created',
            hint: `Commit ${shortId(base)} fails the deploy checks: start the branch from a commit that passes them.`,
          });
        }
        await repository.setHead(tx, input.name, base);
        await tx
          .insert(codeEditorSettings)
          .values({ userId: editor.id, currentBranch: input.name })
          .onConflictDoUpdate({ target: codeEditorSettings.userId, set: { currentBranch: input.name, updatedAt: new Date(now()) } });
        await recordAudit(tx, actor, {
          action: 'CODE_BRANCH',
          tableName: 'code_repository',
          recordId: input.name,
          newValues: { branch: input.name, head: base },
        });
      });
      await moved(editor.id);
      return state(editor);
    },

    async switchBranch(editor, name) {
      if (!(await repository.head(name))) throw notFound('Branch');
      await db
        .insert(codeEditorSettings)
        .values({ userId: editor.id, currentBranch: name })
        .onConflictDoUpdate({ target: codeEditorSettings.userId, set: { currentBranch: name, updatedAt: new Date(now()) } });
      await moved(editor.id);
      return state(editor);
    },

    async deploy(editor, input, actor) {
      requireStepUp(editor, now());
      const target = input.commit ?? (await repository.head(input.branch as string));
      if (!target || !(await isCommit(repository, target))) throw notFound(input.commit ? 'Commit' : 'Branch');
      // The checks run on exactly the files the live site will then compile.
      const { problems } = compileAssets(await repository.files(target));
      if (problems.length) {
        throw checkFailed(problems, {
          code: 'deploy_check_failed',
          verb: 'Not deployed',
          hint: 'Fix the files named in details, commit, and deploy again. The live site is unchanged.',
        });
      }
      const id = await db.transaction(async (tx) => {
        await repository.lock(tx);
        const previous = await queryRows<{ commit_oid: string }>(
          tx,
          sql`select commit_oid from code_deployments where repo = ${repo} order by id desc limit 1`,
        );
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into code_deployments (repo, commit_oid, branch, deployed_by) values (${repo}, ${target}, ${input.branch ?? null}, ${editor.id}) returning id`,
        );
        await recordAudit(tx, actor, {
          action: 'CODE_DEPLOY',
          tableName: 'code_deployments',
          recordId: row?.id ?? null,
          oldValues: { commit: previous[0]?.commit_oid ?? null },
          newValues: { commit: target, branch: input.branch ?? null },
        });
        return row?.id as number;
      });
      // Every instance (this one first) reads the new pointer before serving under the new version.
      await content.changed('site-assets');
      await deps.live?.current();
      const [deployed] = (await deploymentList(5)).filter((d) => d.id === id);
      return deployed as Deployment;
    },

    deployments: () => deploymentList(20),

    async settings(editor) {
      const { currentBranch: _current, ...plain } = await settingsOf(editor);
      return plain;
    },

    async saveSettings(editor, input) {
      await db
        .insert(codeEditorSettings)
        .values({ userId: editor.id, ...input })
        .onConflictDoUpdate({ target: codeEditorSettings.userId, set: { ...input, updatedAt: new Date(now()) } });
      await moved(editor.id);
      const { currentBranch: _current, ...plain } = await settingsOf(editor);
      return plain;
    },
  };
}
