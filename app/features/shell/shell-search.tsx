// The top bar's search with suggestions as you type (the partner shell's 'Search products...'): an
// ARIA combobox — the input owns a listbox of suggestions, Arrow keys move through them
// (aria-activedescendant), Enter opens the chosen one or, with none chosen, submits the search to
// its results page; Escape closes the list. Suggestions come from `suggest` (a JSON API), debounced
// and cancelled when the text moves on; the form works without script (a GET to `action`).
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';

export interface SearchSuggestion {
  key: string;
  label: string;
  /** A second line: the category, the price. */
  hint?: string;
  href: string;
}

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

export function SuggestSearch({
  action,
  placeholder,
  label,
  suggest,
}: {
  action: string;
  placeholder: string;
  /** What the box searches, for screen readers ("Search products"). */
  label: string;
  suggest: (q: string, signal: AbortSignal) => Promise<SearchSuggestion[]>;
}) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const current = pathname === action ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  const [shownFor, setShownFor] = useState(current);
  // Back and forward show the search of the page they land on.
  if (current !== shownFor) {
    setShownFor(current);
    setValue(current);
  }
  const [options, setOptions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const suggestRef = useRef(suggest);
  useEffect(() => {
    suggestRef.current = suggest;
  });
  const typed = useRef(false);

  useEffect(() => {
    const q = value.trim();
    if (!typed.current || q.length < MIN_CHARS) {
      setOptions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestRef.current(q, controller.signal).then(
        (found) => {
          setOptions(found);
          setActive(-1);
          setOpen(true);
          setStatus(
            found.length ? `${found.length} ${found.length === 1 ? 'suggestion' : 'suggestions'}; use the arrow keys to choose.` : 'No matching products.',
          );
        },
        () => {
          // Cancelled (the text moved on) or offline: the search itself still works on Enter.
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: SearchSuggestion) => {
    close();
    typed.current = false;
    void navigate(option.href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself: past the last suggestion the text is yours again.
      setActive((i) => {
        const next = i + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (e.key === 'Enter') {
      const chosen = open && active >= 0 ? options[active] : undefined;
      if (chosen) {
        e.preventDefault();
        choose(chosen);
      } else {
        close();
        typed.current = false;
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        close();
      }
    }
  };

  const expanded = open && options.length > 0;
  return (
    <Form method="get" action={action} role="search" className="relative order-last w-full lg:order-none lg:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        maxLength={120}
        className="w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
        onChange={(e) => {
          typed.current = true;
          setValue(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => {
          if (options.length) setOpen(true);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label}: suggestions`}
        hidden={!expanded}
        className="absolute right-0 left-0 z-30 mt-1 max-h-80 overflow-auto rounded-md border border-stone-200 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((o, i) => (
          <li
            key={o.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-stone-100' : 'hover:bg-stone-50'}`}
            // Keeps the focus in the input (a blur would close the list before the click lands).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(o)}
          >
            <span className="block font-medium">{o.label}</span>
            {o.hint ? <span className="block text-xs text-stone-600">{o.hint}</span> : null}
          </li>
        ))}
      </ul>
      {open && options.length === 0 ? (
        <p className="absolute right-0 left-0 z-30 mt-1 rounded-md border border-stone-200 bg-white px-3 py-2 text-sm text-stone-600 shadow-lg">
          No matching products.
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </Form>
  );
}
