// The round chat button on public pages; the panel's code loads only when it is opened.
import { lazy, Suspense, useState } from 'react';

const ChatPanel = lazy(() => import('./chat-panel'));

export function ChatLauncher({ supportEmail }: { supportEmail: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="chat-slot">
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setOpen(false)} supportEmail={supportEmail} />
        </Suspense>
      ) : null}
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-label={open ? 'Close support chat' : 'Open support chat'}
        className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-forest text-white shadow-lg hover:bg-ink"
        data-testid="chat-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
      </button>
    </div>
  );
}
