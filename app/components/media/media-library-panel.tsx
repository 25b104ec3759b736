// Inside the picker's dialog: upload a new file (it becomes the choice at once), or search the
// library and select an entry.
import { useEffect, useId, useState } from 'react';
import type { MediaKind, PickedMedia } from '@shared/media';
import { acceptFor, listMedia, type MediaLibraryItem, uploadMedia } from './media-api';

const PAGE_SIZE = 24;
const buttonClass =
  'inline-flex items-center rounded-md border border-stone-400 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-stone-50 disabled:opacity-60';
const inputClass = 'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 font-normal';

interface Props {
  kind: MediaKind;
  selectedId: string | null;
  onPick: (media: PickedMedia) => void;
}

export function MediaLibraryPanel({ kind, selectedId, onPick }: Props) {
  return (
    <div className="max-h-[75vh] space-y-5 overflow-y-auto px-5 py-4">
      <UploadField kind={kind} onUploaded={onPick} />
      <Library kind={kind} selectedId={selectedId} onPick={onPick} />
    </div>
  );
}

/** Exported for the Media Library page: the same upload, with progress and the API's refusal. */
export function UploadField({
  kind,
  onUploaded,
  onStart,
  label = 'Upload new file',
}: {
  kind?: MediaKind;
  onUploaded: (media: MediaLibraryItem) => void;
  onStart?: () => void;
  label?: string;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setProgress(0);
    onStart?.();
    try {
      const media = await uploadMedia(file, { kind, onProgress: setProgress });
      onUploaded(media);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
      input.value = '';
    }
  }

  const hint =
    kind === 'document'
      ? 'PDF, up to 25 MB.'
      : kind === 'image'
        ? 'JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.'
        : 'Images up to 10 MB (JPEG, PNG, WebP, GIF, AVIF) or PDFs up to 25 MB.';
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept={kind ? acceptFor(kind) : `${acceptFor('image')},${acceptFor('document')}`}
        aria-describedby={`${id}-hint`}
        disabled={progress !== null}
        onChange={(e) => void send(e.currentTarget)}
        className="mt-1 block text-sm file:mr-3 file:rounded-md file:border file:border-stone-400 file:bg-white file:px-3 file:py-1.5"
      />
      {progress !== null ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm">
          Uploading…
          <progress value={progress} max={1} aria-label="Upload progress" className="h-2 w-40" />
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 rounded-md border border-red-700 bg-red-50 p-2 text-sm font-medium text-red-900">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Library({ kind, selectedId, onPick }: Props) {
  const searchId = useId();
  const [q, setQ] = useState('');
  const [items, setItems] = useState<MediaLibraryItem[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // A new search starts again at page 1; typing waits a moment before asking.
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        listMedia({ kind, q: q.trim(), page, pageSize: PAGE_SIZE }, abort.signal)
          .then((result) => {
            setItems((before) => (page === 1 ? result.items : [...before, ...result.items]));
            setTotal(result.total);
            setError(null);
          })
          .catch((err: unknown) => {
            if (!abort.signal.aborted) setError(err instanceof Error ? err.message : 'The library could not be loaded.');
          })
          .finally(() => {
            if (!abort.signal.aborted) setLoading(false);
          });
      },
      page === 1 && q ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [kind, q, page]);

  return (
    <section aria-labelledby={`${searchId}-heading`}>
      <h3 id={`${searchId}-heading`} className="text-sm font-medium">
        {kind === 'image' ? 'Images in the library' : 'Documents in the library'}
      </h3>
      <div role="search" className="mt-2">
        <label htmlFor={searchId} className="block text-sm font-medium">
          Search media
        </label>
        <input
          id={searchId}
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
          className={inputClass}
        />
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {loading ? 'Loading…' : `${total} ${total === 1 ? 'file' : 'files'}`}
      </p>
      {!loading && items.length === 0 && !error ? (
        <p className="mt-3 text-sm text-stone-600">{q ? 'Nothing matches your search.' : 'The library is empty: upload a file above.'}</p>
      ) : null}
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {items.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              aria-label={`Select ${m.originalName}`}
              aria-current={m.id === selectedId ? 'true' : undefined}
              onClick={() => onPick(m)}
              className="flex w-full flex-col items-stretch gap-1 rounded-lg border border-stone-200 p-2 text-left hover:border-forest aria-[current=true]:border-forest aria-[current=true]:ring-2 aria-[current=true]:ring-forest"
            >
              {m.thumbUrl ? (
                <img src={m.thumbUrl} alt="" loading="lazy" className="aspect-square w-full rounded object-cover" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex aspect-square w-full items-center justify-center rounded bg-stone-100 text-2xl font-semibold text-stone-500"
                >
                  PDF
                </span>
              )}
              <span className="truncate text-xs text-stone-700">{m.originalName}</span>
            </button>
          </li>
        ))}
      </ul>
      {items.length < total ? (
        <button type="button" className={`${buttonClass} mt-3`} disabled={loading} onClick={() => setPage((p) => p + 1)}>
          More
        </button>
      ) : null}
    </section>
  );
}
