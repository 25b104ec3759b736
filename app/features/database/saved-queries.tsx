// Saved queries, kept on the server and shared by the master admins: save the editor's text under a
// name, load one into the editor, rename it, delete it (asked twice). Each answer is a toast; the list
// comes back with the route's data.
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { SavedQuery } from '@shared/schemas/database';
import { formatUtc } from '@shared/staff-time';
import { buttonClass } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';
import { toast } from '~/lib/toast-store';
import { databaseForm, SUBMIT, sentValue } from './submit';
import type { DatabaseActionData } from './types';

const small = 'rounded px-2 py-1 text-xs font-medium underline disabled:opacity-60';

export function SavedQueries({ saved, total, text, onLoad }: { saved: SavedQuery[]; total: number; text: string; onLoad: (sql: string) => void }) {
  const id = useId();
  const fetcher = useFetcher<DatabaseActionData>();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const busy = fetcher.state !== 'idle';
  const sent = sentValue(fetcher.formData);
  const d = fetcher.state === 'idle' ? fetcher.data : undefined;
  const nameError = d && !d.ok && d.intent === 'save' ? (d.errors.name ?? d.message) : undefined;
  const renameError = d && !d.ok && d.intent === 'rename' ? (d.errors.name ?? d.message) : undefined;

  // A done answer closes what it was about (taken once per answer while rendering); its toast below.
  const [seen, setSeen] = useState<DatabaseActionData | undefined>(undefined);
  if (d && d !== seen) {
    setSeen(d);
    if (d.ok && d.intent === 'save') setName('');
    if (d.ok && d.intent === 'rename') setRenaming(null);
    if (d.intent === 'delete') setDeleting(null);
  }

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== 'idle' || !data) return;
    if (data.ok && 'toast' in data) toast(data.toast);
    else if (!data.ok && data.intent === 'delete') toast({ title: 'Not deleted', description: data.message, variant: 'destructive' });
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="font-serif text-xl">
        Saved queries
      </h2>
      <form
        className="mt-3"
        aria-label="Save the query"
        onSubmit={(e) => {
          e.preventDefault();
          void fetcher.submit(databaseForm('save', { name, sql: text }), SUBMIT);
        }}
      >
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          Name
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={120}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            className={`${inputClass} min-w-0`}
          />
          <button type="submit" className={`${buttonClass.primary} mt-1 shrink-0`} disabled={busy && sent?.intent === 'save'}>
            Save
          </button>
        </div>
        {nameError ? (
          <p id={`${id}-name-error`} className="mt-1 text-sm font-medium text-red-800">
            {nameError}
          </p>
        ) : (
          <p className="mt-1 text-xs text-stone-600">Saves the editor’s text, for every master admin.</p>
        )}
      </form>
      {saved.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No saved queries yet.</p>
      ) : (
        <ul className="mt-4 max-h-[28rem] divide-y divide-stone-100 overflow-y-auto" aria-label="Saved" data-testid="saved-list">
          {saved.map((q) => (
            <li key={q.id} className="py-2" data-testid="saved-query">
              {renaming?.id === q.id ? (
                <form
                  aria-label={`Rename ${q.name}`}
                  onSubmit={(e) => {
                    e.preventDefault();
                    void fetcher.submit(databaseForm('rename', { id: q.id, name: renaming.name }), SUBMIT);
                  }}
                >
                  <label htmlFor={`${id}-rename-${q.id}`} className="sr-only">
                    New name
                  </label>
                  <input
                    id={`${id}-rename-${q.id}`}
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: q.id, name: e.target.value })}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') setRenaming(null);
                    }}
                    maxLength={120}
                    autoFocus
                    aria-invalid={renameError ? true : undefined}
                    className={inputClass}
                  />
                  {renameError ? <p className="mt-1 text-sm font-medium text-red-800">{renameError}</p> : null}
                  <div className="mt-1 flex gap-2">
                    <button type="submit" className={`${small} text-forest`} disabled={busy}>
                      Save name
                    </button>
                    <button type="button" className={`${small} text-stone-700`} onClick={() => setRenaming(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <button
                    type="button"
                    onClick={() => onLoad(q.sql)}
                    className="block w-full truncate rounded text-left font-medium text-ink hover:underline focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none"
                    aria-label={`Load ${q.name} into the editor`}
                    title={q.sql}
                  >
                    {q.name}
                  </button>
                  <p className="text-xs text-stone-600">
                    {q.createdByName ?? 'Someone no longer here'} · {formatUtc(q.updatedAt)}
                  </p>
                  {deleting === q.id ? (
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs" role="group" aria-label={`Delete ${q.name}?`}>
                      <span className="text-red-900">Delete for everyone?</span>
                      <button
                        type="button"
                        className={`${small} text-red-800`}
                        disabled={busy}
                        onClick={() => void fetcher.submit(databaseForm('delete', { id: q.id }), SUBMIT)}
                      >
                        Delete
                      </button>
                      <button type="button" className={`${small} text-stone-700`} onClick={() => setDeleting(null)}>
                        Keep it
                      </button>
                    </div>
                  ) : (
                    <div className="mt-1 flex gap-2">
                      <button
                        type="button"
                        className={`${small} text-forest`}
                        onClick={() => setRenaming({ id: q.id, name: q.name })}
                        aria-label={`Rename ${q.name}`}
                      >
                        Rename
                      </button>
                      <button type="button" className={`${small} text-red-800`} onClick={() => setDeleting(q.id)} aria-label={`Delete ${q.name}`}>
                        Delete
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {total > saved.length ? (
        <p className="mt-2 text-xs text-stone-600">
          The first {saved.length.toLocaleString('en')} of {total.toLocaleString('en')}, by name.
        </p>
      ) : null}
    </section>
  );
}
