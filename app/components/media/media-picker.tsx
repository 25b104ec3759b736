// The media picker every staff editor uses: shows the chosen file, opens the library (a modal
// dialog) to choose another or to upload a new one. Staff routes only; it talks to /api/admin/media.
import { useId, useRef, useState } from 'react';
import type { MediaKind, PickedMedia } from '@shared/media';
import { MediaLibraryPanel } from './media-library-panel';
import { toPicked } from './media-api';

export interface MediaPickerProps {
  label: string;
  kind: MediaKind;
  value: PickedMedia | null;
  onChange: (value: PickedMedia | null) => void;
  error?: string;
  /** Field name for tests and error anchors. */
  name?: string;
}

const buttonClass = 'inline-flex items-center rounded-md border border-stone-400 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-stone-50';

export function MediaPicker({ label, kind, value, onChange, error, name }: MediaPickerProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const pick = (media: PickedMedia) => {
    onChange(toPicked(media));
    close();
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <p id={`${id}-label`} className="block text-sm font-medium">
        {label}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <Current value={value} />
        <button type="button" className={buttonClass} onClick={show}>
          Choose {label}
        </button>
        {value ? (
          <button type="button" className={buttonClass} onClick={() => onChange(null)}>
            Remove {label}
          </button>
        ) : null}
      </div>
      {name ? <input type="hidden" name={name} value={value?.id ?? ''} /> : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-dialog`}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(56rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl backdrop:bg-ink/50"
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-3">
          <h2 id={`${id}-dialog`} className="font-serif text-xl">
            Media library
          </h2>
          <button type="button" className={buttonClass} onClick={close}>
            Close
          </button>
        </div>
        {/* Mounted only while open: the library loads when someone wants it. */}
        {open ? <MediaLibraryPanel kind={kind} selectedId={value?.id ?? null} onPick={pick} /> : null}
      </dialog>
    </div>
  );
}

function Current({ value }: { value: PickedMedia | null }) {
  if (!value) return <p className="text-sm text-stone-600">No file chosen</p>;
  if (value.kind === 'image' && value.thumbUrl) {
    return (
      <figure className="flex items-center gap-2">
        <img src={value.thumbUrl} alt={value.altText || value.originalName} className="h-16 w-16 rounded-md border border-stone-200 object-cover" />
        <figcaption className="text-sm text-stone-700">{value.originalName}</figcaption>
      </figure>
    );
  }
  return (
    <a href={value.url} target="_blank" rel="noreferrer" className="text-sm font-medium underline">
      {value.originalName}
    </a>
  );
}
