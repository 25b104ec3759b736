// The frame of the staff and partner shells: on a desktop (lg and up) the sidebar sits beside the
// page; below that it is a drawer that the top bar's Menu button opens over the page (a 256 px
// sidebar left a phone's content ~130 px). The drawer closes when a page is chosen, on Escape, on
// a tap on the backdrop and on its close button; while it is open it is a modal dialog: focus moves
// into it and stays there, the page behind is inert, and focus returns to the Menu button.
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

interface Drawer {
  open: boolean;
  show(): void;
  hide(returnFocus: boolean): void;
}

const DrawerContext = createContext<Drawer | null>(null);

const DESKTOP = '(min-width: 64rem)';
const FOCUSABLE = 'a[href], button:not([disabled]), summary, input:not([disabled]), select, textarea';
const MENU_BUTTON = 'shell-menu-button';

export function ShellFrame({ sidebar, children }: { sidebar: React.ReactNode; children: React.ReactNode }) {
  const location = useLocation();
  // The drawer is open on the location where it was opened: any navigation (a chosen link, back,
  // a redirect) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  // Focus goes back to the Menu button once the page behind is no longer inert (after the commit).
  const restoreFocus = useRef(false);
  const hide = (returnFocus: boolean) => {
    restoreFocus.current = returnFocus;
    setOpenAt(null);
  };
  useEffect(() => {
    if (open || !restoreFocus.current) return;
    restoreFocus.current = false;
    document.getElementById(MENU_BUTTON)?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      restoreFocus.current = true;
      setOpenAt(null);
    };
    // Widened to a desktop, the sidebar is in place again and nothing may stay inert.
    const desktop = window.matchMedia(DESKTOP);
    const onWide = () => {
      if (desktop.matches) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onWide);
    };
  }, [open]);

  const drawer: Drawer = { open, show: () => setOpenAt(location.key), hide };
  return (
    <DrawerContext value={drawer}>
      <div className="flex min-h-screen">
        {sidebar}
        {open ? <div className="fixed inset-0 z-40 bg-ink/50 lg:hidden" aria-hidden="true" onClick={() => hide(true)} data-testid="shell-backdrop" /> : null}
        <div className="flex min-w-0 flex-1 flex-col" inert={open}>
          {children}
        </div>
      </div>
    </DrawerContext>
  );
}

/** The sidebar's box: a column beside the page on a desktop, the drawer below it. */
export function ShellSidebar({ label, children }: { label: string; children: React.ReactNode }) {
  const drawer = useContext(DrawerContext);
  const open = drawer?.open ?? false;
  const ref = useRef<HTMLElement>(null);

  // Focus moves into the drawer when it opens: the first link, after the close button.
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('nav a[href]')?.focus();
  }, [open]);

  // Focus stays inside while it is open (Tab from the last item goes back to the first).
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    if (!open || e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  // A tap on the page already shown navigates nowhere, so the click itself closes the drawer.
  const onClick = (e: React.MouseEvent) => {
    if (open && (e.target as Element).closest('a')) drawer?.hide(false);
  };

  return (
    <aside
      ref={ref}
      id="shell-sidebar"
      aria-label={label}
      role={open ? 'dialog' : undefined}
      aria-modal={open ? true : undefined}
      onKeyDown={onKeyDown}
      onClick={onClick}
      // It slides in visible at once (so focus can move in), and on closing stays visible until it
      // has slid out: only the closing transition includes visibility.
      className={`flex w-64 shrink-0 flex-col bg-forest text-stone-100 max-lg:fixed max-lg:inset-y-0 max-lg:left-0 max-lg:z-50 max-lg:overflow-y-auto max-lg:shadow-xl motion-reduce:transition-none ${open ? 'max-lg:transition-[translate]' : 'max-lg:invisible max-lg:-translate-x-full max-lg:transition-[translate,visibility]'}`}
    >
      <div className="flex items-center justify-between px-6 py-5">
        <p className="font-serif text-2xl tracking-widest text-brass-light">FROLIC</p>
        <button type="button" onClick={() => drawer?.hide(true)} className="rounded-md p-1 text-stone-200 hover:bg-white/10 lg:hidden" aria-label="Close menu">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      {children}
    </aside>
  );
}

/** The top bar's Menu button, shown below the desktop breakpoint. */
export function ShellMenuButton() {
  const drawer = useContext(DrawerContext);
  if (!drawer) return null;
  return (
    <button
      id={MENU_BUTTON}
      type="button"
      onClick={() => (drawer.open ? drawer.hide(true) : drawer.show())}
      aria-expanded={drawer.open}
      aria-controls="shell-sidebar"
      className="flex items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100 lg:hidden"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
      Menu
    </button>
  );
}
