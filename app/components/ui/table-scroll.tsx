// The one way a table meets a narrow screen (issue 40): it scrolls sideways inside its own box, never
// the page, with its first column — the row's name, and usually its link — kept in view (the
// `table-scroll` rules in app.css). The box is a labelled region that takes focus, so a keyboard can
// scroll it too (axe: scrollable-region-focusable).
import type { ReactNode } from 'react';

export function TableScroll({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`table-scroll ${className}`}>
      {children}
    </div>
  );
}
