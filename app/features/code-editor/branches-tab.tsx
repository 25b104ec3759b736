// Branches: every branch with its last commit, which one is checked out (per user) and which one the
// live site serves; Create Branch (from the checked-out branch, then checked out) and Switch.
import { useState } from 'react';
import { BRANCH_MAX, type BranchInfo, type CodeState, shortId } from '@shared/code-editor-constants';
import { buttonClass } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';
import { toast } from '~/lib/toast-store';
import { branchNameProblem } from '@shared/branch-name';
import { codeApi, messageFor } from './api';

export function BranchesTab({ branches, current, onState }: { branches: BranchInfo[]; current: string; onState: (s: CodeState) => void }) {
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    // The server's own rule (git's, and the names git reserves), said before the request.
    const problem = branchNameProblem(name.trim());
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const s = await codeApi<CodeState>('POST', '/branches', { name });
      onState(s);
      setCreating(false);
      setName('');
      toast({ title: 'Branch created', description: `You are now on ${s.branch}.` });
    } catch (err) {
      setError(messageFor(err, 'name'));
    } finally {
      setBusy(false);
    }
  }

  async function switchTo(branch: string) {
    try {
      onState(await codeApi<CodeState>('PUT', '/branch', { name: branch }));
      toast({ title: 'Switched branch', description: `You are now on ${branch}.` });
    } catch (err) {
      toast({ title: 'Could not switch', description: messageFor(err), variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700">
          You are on <strong className="font-mono">{current}</strong>. Uncommitted edits stay with the branch they were made on.
        </p>
        {creating ? null : (
          <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
            Create Branch
          </button>
        )}
      </div>
      {creating ? (
        <form onSubmit={(e) => void create(e)} className="flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4" noValidate>
          <label className="block min-w-64 flex-1 text-sm font-medium">
            Branch name
            <input
              className={inputClass}
              value={name}
              maxLength={BRANCH_MAX}
              onChange={(e) => setName(e.target.value)}
              placeholder="feature/autumn-colours"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'branch-error' : 'branch-hint'}
              autoFocus
            />
            <span id="branch-hint" className="mt-1 block text-xs font-normal text-stone-600">
              Starts at the last commit of {current}.
            </span>
            {error ? (
              <span id="branch-error" role="alert" className="mt-1 block text-sm font-normal text-red-800">
                {error}
              </span>
            ) : null}
          </label>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Creating…' : 'Create and switch'}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => (setCreating(false), setError(null))}>
            Cancel
          </button>
        </form>
      ) : null}
      <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label="Branches">
        {branches.map((b) => (
          <li key={b.name} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="branch" data-branch={b.name}>
            <div className="min-w-0">
              <p className="font-mono font-medium">
                {b.name}
                {b.name === current ? <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 font-sans text-xs">Current</span> : null}
                {b.live ? <span className="ml-2 rounded-full bg-forest px-2 py-0.5 font-sans text-xs text-white">Live</span> : null}
              </p>
              <p className="mt-1 truncate text-sm text-stone-600">
                <code>{shortId(b.head)}</code> {b.message}
              </p>
            </div>
            {b.name === current ? null : (
              <button type="button" className={buttonClass.secondary} onClick={() => void switchTo(b.name)}>
                Switch
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
