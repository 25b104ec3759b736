import { useEffect, useSyncExternalStore } from 'react';
import { dismissToast, getServerToasts, getToasts, subscribeToasts, toast } from '~/lib/toast-store';

interface FlashToast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** Shows the toasts; a toast flashed by the server (through a redirect) is shown once on arrival. */
export function Toaster({ flash }: { flash: FlashToast | null }) {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  return (
    // On a phone the toasts span the width with equal margins (a full-width box pinned to the right
    // edge would hang off the left); from sm up, a fixed-width column in the bottom right corner.
    <div
      aria-live="polite"
      role="region"
      aria-label="Notifications"
      className="fixed inset-x-4 bottom-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-full sm:max-w-sm"
    >
      {items.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={`rounded-lg border p-4 shadow-lg ${t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-stone-200 bg-white text-ink'}`}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="font-semibold">{t.title}</p>
              {t.description ? <p className="mt-1 text-sm opacity-90">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismissToast(t.id)}
              className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
