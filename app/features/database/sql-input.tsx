// The query box: a real <textarea> (its label, the keyboard, undo, spell-check off, the browser's own
// selection) over a <pre> that shows the same text coloured. The textarea's text is transparent, its
// caret is not; both scroll together and neither wraps, so every character sits on its twin.
// Ctrl+Enter (⌘+Enter) runs the query. No editor library: a whole editor's chunk only for colours.
import { useMemo, useRef } from 'react';
import { SQL_MAX_LENGTH } from '@shared/database-constants';
import { type TokenKind, tokenizeSql } from './sql-highlight';

const COLOURS: Record<TokenKind, string | undefined> = {
  keyword: 'font-semibold text-forest',
  string: 'text-red-800',
  number: 'text-blue-800',
  comment: 'italic text-stone-500',
  identifier: 'text-brass',
  parameter: 'text-purple-800',
  operator: 'text-stone-600',
  text: undefined,
};

const BOX = 'm-0 whitespace-pre px-3 py-2 font-mono text-sm leading-6 [tab-size:4]';

export function SqlInput({
  id,
  value,
  onChange,
  onRun,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
  describedBy?: string;
}) {
  const shown = useRef<HTMLPreElement>(null);
  const tokens = useMemo(() => tokenizeSql(value), [value]);
  return (
    <div className="relative overflow-hidden rounded-md border border-stone-400 bg-white focus-within:border-brass focus-within:ring-2 focus-within:ring-brass-light">
      <pre ref={shown} aria-hidden="true" className={`${BOX} pointer-events-none absolute inset-0 overflow-hidden text-ink`}>
        {tokens.map((t, i) =>
          COLOURS[t.kind] ? (
            <span key={i} className={COLOURS[t.kind]}>
              {t.text}
            </span>
          ) : (
            t.text
          ),
        )}
        {/* A last empty line has a height only with something on it. */}
        {'\n '}
      </pre>
      <textarea
        id={id}
        name="sql"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onScroll={(e) => {
          if (shown.current) {
            shown.current.scrollTop = e.currentTarget.scrollTop;
            shown.current.scrollLeft = e.currentTarget.scrollLeft;
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onRun();
          }
        }}
        aria-describedby={describedBy}
        maxLength={SQL_MAX_LENGTH}
        rows={10}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        data-gramm="false"
        className={`${BOX} relative block min-h-40 w-full resize-y overflow-auto bg-transparent text-transparent caret-ink selection:bg-brass-light/50 focus:outline-none`}
      />
    </div>
  );
}
