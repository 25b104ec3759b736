// The Code Editor screen (spec §2): tabs Editor, Commit History, Branches and Settings; Commit
// Changes (a message is required: spec §5, §8) and Deploy to Production (after the step-up; the
// deploying state lasts at least spec §9's 3 s; a refused deploy lists what is wrong).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  COMMIT_FAILED,
  COMMIT_MESSAGE_MAX,
  type CodeState,
  type CommitSummary,
  DEPLOY_MIN_MS,
  DEPLOY_SUCCESS,
  type DeployProblem,
  type EditorSettings,
  type EditorTheme,
  shortId,
} from '@shared/code-editor-constants';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { StepUpDialog, STEP_UP_REQUIRED } from '~/components/step-up';
import { inputClass } from '~/components/forms/fields';
import { toast } from '~/lib/toast-store';
import { CodeApiError, codeApi, messageFor } from './api';
import { CheckProblems, checkProblemsOf } from './check-problems';
import { BranchesTab } from './branches-tab';
import { EditorTab } from './editor-tab';
import { HistoryTab } from './history-tab';
import { SettingsTab } from './settings-tab';

const TABS = [
  ['editor', 'Editor'],
  ['history', 'Commit History'],
  ['branches', 'Branches'],
  ['settings', 'Settings'],
] as const;
type Tab = (typeof TABS)[number][0];
type DeployTarget = { branch: string } | { commit: string };

export function CodeEditorScreen({ initial }: { initial: CodeState }) {
  const id = useId();
  const [state, setState] = useState(initial);
  const [tab, setTab] = useState<Tab>('editor');
  const [committing, setCommitting] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [stepUpFor, setStepUpFor] = useState<DeployTarget | null>(null);
  // What the deploy checks refused (a deploy, a revert), with each file, line and reason.
  const [refused, setRefused] = useState<{ heading: string; problems: DeployProblem[] } | null>(null);
  const flushRef = useRef<(() => Promise<void>) | null>(null);

  const refresh = useCallback(async () => {
    try {
      setState(await codeApi<CodeState>('GET', ''));
    } catch (err) {
      toast({ title: 'Could not refresh', description: messageFor(err), variant: 'destructive' });
    }
  }, []);

  const onSaved = useCallback((path: string, changed: boolean, changes: number) => {
    setState((s) => ({ ...s, changes, files: s.files.map((f) => (f.path === path ? { ...f, changed } : f)) }));
  }, []);

  async function saveSettings(patch: Partial<EditorSettings>) {
    setState((s) => ({ ...s, settings: { ...s.settings, ...patch } }));
    try {
      await codeApi('PUT', '/settings', patch);
    } catch (err) {
      toast({ title: 'Settings not saved', description: messageFor(err), variant: 'destructive' });
    }
  }

  async function deploy(target: DeployTarget) {
    setDeploying(true);
    setRefused(null);
    const started = Date.now();
    const atLeast = () => new Promise((r) => setTimeout(r, Math.max(0, DEPLOY_MIN_MS - (Date.now() - started))));
    try {
      await codeApi('POST', '/deploy', target);
      await atLeast();
      toast(DEPLOY_SUCCESS);
      await refresh();
    } catch (err) {
      if (err instanceof CodeApiError && err.code === STEP_UP_REQUIRED) {
        setStepUpFor(target);
        return;
      }
      await atLeast();
      toast({ title: 'Deployment Failed', description: messageFor(err), variant: 'destructive' });
      const problems = checkProblemsOf(err);
      if (problems) setRefused({ heading: 'The deploy was stopped; the live site is unchanged.', problems });
    } finally {
      setDeploying(false);
    }
  }

  const live = state.live;
  return (
    <main id="main">
      <PageHeader
        title="Code Editor"
        description="The site’s assets — theme, email templates, announcement bar, robots.txt — in a git repository. Commit, then deploy: every server uses the new files at once."
      >
        <button type="button" className={buttonClass.secondary} onClick={() => setCommitting(true)} data-testid="commit-changes">
          Commit Changes{state.changes ? ` (${state.changes})` : ''}
        </button>
        <button type="button" className={buttonClass.primary} disabled={deploying} aria-busy={deploying} onClick={() => void deploy({ branch: state.branch })}>
          {deploying ? (
            <>
              <span className="mr-2 inline-block h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden="true" />
              Deploying…
            </>
          ) : (
            'Deploy to Production'
          )}
        </button>
      </PageHeader>

      <p className="-mt-3 mb-4 text-sm text-stone-700" data-testid="repo-status">
        Branch <strong className="font-mono">{state.branch}</strong> at <code>{shortId(state.head)}</code>
        {live ? (
          <>
            {' '}
            · Live: <code>{shortId(live.commit)}</code>
            {live.branch ? ` (${live.branch})` : ''}, deployed {live.deployedBy ? `by ${live.deployedBy} ` : ''}
            {live.deployedAt.slice(0, 16).replace('T', ' ')} UTC
          </>
        ) : null}
        {state.changes ? ` · ${state.changes} uncommitted ${state.changes === 1 ? 'change' : 'changes'} (a deploy publishes commits only)` : ''}
      </p>

      {refused ? <CheckProblems heading={refused.heading} problems={refused.problems} /> : null}

      <div role="tablist" aria-label="Code Editor" className="mb-4 flex flex-wrap gap-1 border-b border-stone-300">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-${key}-panel`}
            className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${tab === key ? 'border-stone-300 border-b-cream bg-cream' : 'border-transparent text-stone-600 hover:text-ink'}`}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${id}-editor-panel`} aria-labelledby={`${id}-editor`} hidden={tab !== 'editor'}>
        <EditorTab
          branch={state.branch}
          files={state.files}
          settings={state.settings}
          onTheme={(theme: EditorTheme) => void saveSettings({ theme })}
          onSaved={onSaved}
          flushRef={flushRef}
        />
      </div>
      {tab === 'history' ? (
        <div role="tabpanel" id={`${id}-history-panel`} aria-labelledby={`${id}-history`}>
          <HistoryTab
            head={state.head}
            live={live?.commit ?? null}
            onReverted={() => (setRefused(null), void refresh())}
            onRevertRefused={(problems) => setRefused({ heading: 'The revert was refused; nothing was committed.', problems })}
            onDeployCommit={(commit) => void deploy({ commit })}
            deploying={deploying}
          />
        </div>
      ) : null}
      {tab === 'branches' ? (
        <div role="tabpanel" id={`${id}-branches-panel`} aria-labelledby={`${id}-branches`}>
          <BranchesTab branches={state.branches} current={state.branch} onState={setState} />
        </div>
      ) : null}
      {tab === 'settings' ? (
        <div role="tabpanel" id={`${id}-settings-panel`} aria-labelledby={`${id}-settings`}>
          <SettingsTab settings={state.settings} branches={state.branches} onSaved={(settings) => setState((s) => ({ ...s, settings }))} />
        </div>
      ) : null}

      {committing ? (
        <CommitDialog
          branch={state.branch}
          flush={() => flushRef.current?.() ?? Promise.resolve()}
          onClose={() => setCommitting(false)}
          onCommitted={(c) => {
            setCommitting(false);
            setRefused(null);
            toast({ title: 'Changes committed', description: `${shortId(c.id)} ${c.message.split('\n')[0]}` });
            void refresh();
          }}
        />
      ) : null}
      {stepUpFor ? (
        <StepUpDialog
          onConfirmed={() => {
            const target = stepUpFor;
            setStepUpFor(null);
            void deploy(target);
          }}
          onCancel={() => setStepUpFor(null)}
        />
      ) : null}
    </main>
  );
}

function CommitDialog({
  branch,
  flush,
  onClose,
  onCommitted,
}: {
  branch: string;
  flush: () => Promise<void>;
  onClose: () => void;
  onCommitted: (c: CommitSummary) => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<DeployProblem[] | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // Spec §5: non-empty after trimming; the server says the same.
    if (message.trim() === '') {
      toast({ ...COMMIT_FAILED, variant: 'destructive' });
      return;
    }
    setBusy(true);
    setProblems(null);
    try {
      await flush();
      const { commit } = await codeApi<{ commit: CommitSummary }>('POST', '/commit', { message });
      setMessage('');
      onCommitted(commit);
    } catch (err) {
      const empty = err instanceof CodeApiError && err.code === 'validation_failed';
      // The files would not deploy: each problem with its file and line, here in the dialog.
      setProblems(checkProblemsOf(err));
      toast(empty ? { ...COMMIT_FAILED, variant: 'destructive' } : { title: COMMIT_FAILED.title, description: messageFor(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-ink/50"
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <h2 id={`${id}-title`} className="font-serif text-xl">
          Commit Changes
        </h2>
        <p className="text-sm text-stone-700">
          Your uncommitted changes on <strong className="font-mono">{branch}</strong> become one commit, with you as its author.
        </p>
        {problems ? (
          <CheckProblems heading="Not committed: these files would not deploy. Your edits are kept; fix them and commit again." problems={problems} />
        ) : null}
        <label className="block text-sm font-medium">
          Commit message
          <textarea className={inputClass} rows={3} maxLength={COMMIT_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} autoFocus />
        </label>
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Committing…' : 'Commit'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
