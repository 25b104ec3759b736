// A modal dialog on the native <dialog> (focus kept inside, Escape closes, the page behind inert),
// titled for assistive technology: the people screens' dialogs, the SQL editor's write confirmation.
import { useEffect, useId, useRef } from 'react';

export function Modal({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: React.ReactNode; wide?: boolean }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100vh-2rem)] ${wide ? 'w-[min(44rem,calc(100vw-2rem))]' : 'w-[min(32rem,calc(100vw-2rem))]'} overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-ink/50`}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={`${id}-title`} className="font-serif text-2xl">
          {title}
        </h2>
        <button type="button" onClick={onClose} className="rounded-md px-2 text-2xl leading-none text-stone-600 hover:text-ink" aria-label="Close">
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
