// The Editor tab: the file tree with search, the editor (CodeMirror, fetched on this route only),
// the theme select and View Changes — the user's edits against the branch's last commit. Every edit is
// saved as this user's uncommitted change a moment after typing stops (and before a commit).
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { EDITOR_THEME_LABELS, EDITOR_THEMES, type EditorSettings, type EditorTheme, type FileDiff, type TreeFile } from '@shared/code-editor-constants';
import { buttonClass } from '~/components/admin-ui/list';
import { toast } from '~/lib/toast-store';
import { codeApi, filePath, messageFor } from './api';
import { DiffView } from './diff-view';
import { FileTree } from './file-tree';

const CodeMirrorEditor = lazy(() => import('./code-mirror'));

const SAVE_AFTER_MS = 400;
const noSubscription = () => () => undefined;

export interface EditorTabProps {
  branch: string;
  files: TreeFile[];
  settings: EditorSettings;
  onTheme: (theme: EditorTheme) => void;
  /** A save (or a discard) changed whether a file differs from the last commit. */
  onSaved: (path: string, changed: boolean, changes: number) => void;
  /** Set by this tab: saves what is still waiting (the screen calls it before a commit). */
  flushRef: React.RefObject<(() => Promise<void>) | null>;
}

export function EditorTab({ branch, files, settings, onTheme, onSaved, flushRef }: EditorTabProps) {
  const [selected, setSelected] = useState<string | null>(files.find((f) => f.path.endsWith('.css'))?.path ?? files[0]?.path ?? null);
  const [doc, setDoc] = useState<{ path: string; content: string; version: number } | null>(null);
  // False on the server and while hydrating, true after: the editor is a browser-only chunk.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [changes, setChanges] = useState<FileDiff[] | null>(null);
  const pending = useRef<{ path: string; content: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef<Promise<void>>(Promise.resolve());

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) {
      saving.current = saving.current.then(async () => {
        try {
          const r = await codeApi<{ changed: boolean; changes: number }>('PUT', '/file', next);
          onSaved(next.path, r.changed, r.changes);
        } catch (err) {
          toast({ title: 'Not saved', description: messageFor(err), variant: 'destructive' });
        }
      });
    }
    await saving.current;
  }, [onSaved]);

  useEffect(() => {
    flushRef.current = flush;
  }, [flush, flushRef]);

  // Open the selected file of this branch (after saving what was typed in the previous one).
  useEffect(() => {
    if (!selected) return;
    let live = true;
    void (async () => {
      await flush();
      try {
        const file = await codeApi<{ path: string; content: string }>('GET', filePath(selected));
        if (live) setDoc((d) => ({ path: file.path, content: file.content, version: (d?.version ?? 0) + 1 }));
      } catch (err) {
        if (live) toast({ title: 'Could not open the file', description: messageFor(err), variant: 'destructive' });
      }
    })();
    return () => {
      live = false;
    };
  }, [selected, branch, flush]);

  const onChange = useCallback(
    (content: string) => {
      if (!doc) return;
      pending.current = { path: doc.path, content };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [doc, flush],
  );

  async function viewChanges() {
    await flush();
    try {
      setChanges((await codeApi<{ files: FileDiff[] }>('GET', '/changes')).files);
    } catch (err) {
      toast({ title: 'Could not load the changes', description: messageFor(err), variant: 'destructive' });
    }
  }

  async function discard() {
    if (!doc) return;
    pending.current = null;
    await flush();
    try {
      const r = await codeApi<{ changes: number }>('DELETE', filePath(doc.path));
      onSaved(doc.path, false, r.changes);
      const file = await codeApi<{ path: string; content: string }>('GET', filePath(doc.path));
      setDoc((d) => ({ path: file.path, content: file.content, version: (d?.version ?? 0) + 1 }));
    } catch (err) {
      toast({ title: 'Could not discard', description: messageFor(err), variant: 'destructive' });
    }
  }

  const current = files.find((f) => f.path === doc?.path);
  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
      <aside className="rounded-xl border border-stone-200 bg-white p-3">
        <FileTree files={files} selected={selected} onSelect={(p) => (setChanges(null), setSelected(p))} />
      </aside>
      <section className="min-w-0 rounded-xl border border-stone-200 bg-white" aria-label="Editor">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 p-3">
          <p className="font-mono text-sm" data-testid="open-file">
            {changes ? 'Your changes' : (doc?.path ?? 'No file open')}
            {!changes && current?.changed ? <span className="ml-2 font-sans text-xs text-brass">modified</span> : null}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm">
              Theme
              <select
                className="rounded-md border border-stone-400 bg-white px-2 py-1"
                value={settings.theme}
                onChange={(e) => onTheme(e.target.value as EditorTheme)}
              >
                {EDITOR_THEMES.map((t) => (
                  <option key={t} value={t}>
                    {EDITOR_THEME_LABELS[t]}
                  </option>
                ))}
              </select>
            </label>
            {changes ? (
              <button type="button" className={buttonClass.secondary} onClick={() => setChanges(null)}>
                Back to the editor
              </button>
            ) : (
              <>
                {current?.changed ? (
                  <button type="button" className={buttonClass.secondary} onClick={() => void discard()}>
                    Discard changes
                  </button>
                ) : null}
                <button type="button" className={buttonClass.secondary} onClick={() => void viewChanges()}>
                  View Changes
                </button>
              </>
            )}
          </div>
        </div>
        <div className="p-3">
          {changes ? (
            <DiffView files={changes} empty="No uncommitted changes on this branch." />
          ) : doc ? (
            mounted ? (
              <Suspense fallback={<Plain text={doc.content} />}>
                <div className="overflow-hidden rounded-md border border-stone-300">
                  <CodeMirrorEditor key={`${branch}:${doc.path}:${doc.version}`} path={doc.path} value={doc.content} settings={settings} onChange={onChange} />
                </div>
              </Suspense>
            ) : (
              <Plain text={doc.content} />
            )
          ) : (
            <p className="text-sm text-stone-600">Choose a file.</p>
          )}
        </div>
      </section>
    </div>
  );
}

/** The file's text while the editor loads. */
function Plain({ text }: { text: string }) {
  // A scrolling box a keyboard can reach (on a phone a long line scrolls inside it).
  return (
    <pre
      role="region"
      aria-label="The file's text"
      tabIndex={0}
      className="min-h-[24rem] overflow-auto rounded-md border border-stone-300 bg-stone-50 p-3 font-mono text-sm"
    >
      {text}
    </pre>
  );
}
