// Commit History: the checked-out branch's commits, newest first (spec §3: a 7-character id, the
// message, the author, the date, the files changed), each with View Diff and Revert (a new commit
// undoing it), and Deploy this version (a rollback: the live site serves that commit).
import { useEffect, useState } from 'react';
import { type CommitSummary, type DeployProblem, type FileDiff, type HistoryPage, shortId } from '@shared/code-editor-constants';
import { buttonClass } from '~/components/admin-ui/list';
import { toast } from '~/lib/toast-store';
import { codeApi, messageFor } from './api';
import { checkProblemsOf } from './check-problems';
import { DiffView } from './diff-view';

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

export function HistoryTab({
  head,
  live,
  onReverted,
  onRevertRefused,
  onDeployCommit,
  deploying,
}: {
  head: string;
  live: string | null;
  onReverted: () => void;
  /** The revert would bring back files that do not deploy: the screen lists them. */
  onRevertRefused: (problems: DeployProblem[]) => void;
  onDeployCommit: (commit: string) => void;
  deploying: boolean;
}) {
  const [commits, setCommits] = useState<CommitSummary[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [open, setOpen] = useState<{ id: string; files: FileDiff[] } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    codeApi<HistoryPage>('GET', '/history')
      .then((page) => {
        if (!live) return;
        setCommits(page.commits);
        setNext(page.next);
      })
      .catch((err: unknown) => toast({ title: 'Could not load the history', description: messageFor(err), variant: 'destructive' }));
    return () => {
      live = false;
    };
  }, [head]);

  async function more() {
    if (!next) return;
    const page = await codeApi<HistoryPage>('GET', `/history?from=${next}`);
    setCommits((c) => [...(c ?? []), ...page.commits]);
    setNext(page.next);
  }

  async function viewDiff(id: string) {
    if (open?.id === id) return setOpen(null);
    try {
      setOpen({ id, files: (await codeApi<{ files: FileDiff[] }>('GET', `/commits/${id}`)).files });
    } catch (err) {
      toast({ title: 'Could not load the diff', description: messageFor(err), variant: 'destructive' });
    }
  }

  async function revert(c: CommitSummary) {
    setBusy(c.id);
    try {
      const { commit } = await codeApi<{ commit: CommitSummary }>('POST', `/commits/${c.id}/revert`);
      toast({ title: 'Commit reverted', description: `${shortId(commit.id)} undoes ${shortId(c.id)}. Deploy to publish it.` });
      onReverted();
    } catch (err) {
      toast({ title: 'Revert Failed', description: messageFor(err), variant: 'destructive' });
      const problems = checkProblemsOf(err);
      if (problems) onRevertRefused(problems);
    } finally {
      setBusy(null);
    }
  }

  if (!commits) return <p className="text-sm text-stone-600">Loading the history…</p>;
  return (
    <div>
      <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label="Commits">
        {commits.map((c) => (
          <li key={c.id} className="p-4" data-testid="commit" data-commit={c.id}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium">
                  <code className="mr-2 rounded bg-stone-100 px-1.5 py-0.5 text-sm" title={c.id}>
                    {shortId(c.id)}
                  </code>
                  <span data-testid="commit-message">{c.message.split('\n')[0]}</span>
                  {c.id === live ? <span className="ml-2 rounded-full bg-forest px-2 py-0.5 text-xs text-white">Live</span> : null}
                </p>
                <p className="mt-1 text-sm text-stone-600">
                  {c.author} · {when(c.date)} · {c.changes} {c.changes === 1 ? 'file' : 'files'} changed
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.secondary} aria-expanded={open?.id === c.id} onClick={() => void viewDiff(c.id)}>
                  View Diff
                </button>
                {c.parent ? (
                  <button type="button" className={buttonClass.secondary} disabled={busy !== null} onClick={() => void revert(c)}>
                    {busy === c.id ? 'Reverting…' : 'Revert'}
                  </button>
                ) : null}
                {c.id !== live ? (
                  <button type="button" className={buttonClass.secondary} disabled={deploying} onClick={() => onDeployCommit(c.id)}>
                    Deploy this version
                  </button>
                ) : null}
              </div>
            </div>
            {open?.id === c.id ? (
              <div className="mt-3">
                <DiffView files={open.files} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {next ? (
        <button type="button" className={`${buttonClass.secondary} mt-4`} onClick={() => void more()}>
          Older commits
        </button>
      ) : null}
    </div>
  );
}
