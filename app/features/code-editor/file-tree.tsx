// The repository's files as a tree (spec §3 file tree node: name, path, type, expanded, children),
// with a search that filters by path and keeps the folders of what it finds open.
import { useMemo, useState } from 'react';
import type { TreeFile } from '@shared/code-editor-constants';
import { inputClass } from '~/components/forms/fields';

interface TreeNode {
  name: string;
  path: string;
  type: 'file' | 'directory';
  changed: boolean;
  children: TreeNode[];
}

function build(files: TreeFile[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', type: 'directory', changed: false, children: [] };
  for (const f of files) {
    const parts = f.path.split('/');
    let dir = root;
    parts.slice(0, -1).forEach((part, i) => {
      const path = parts.slice(0, i + 1).join('/');
      let next = dir.children.find((c) => c.type === 'directory' && c.name === part);
      if (!next) dir.children.push((next = { name: part, path, type: 'directory', changed: false, children: [] }));
      next.changed ||= f.changed;
      dir = next;
    });
    dir.children.push({ name: parts.at(-1) as string, path: f.path, type: 'file', changed: f.changed, children: [] });
  }
  const sort = (nodes: TreeNode[]): TreeNode[] =>
    nodes
      .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1))
      .map((n) => ({ ...n, children: sort(n.children) }));
  return sort(root.children);
}

export function FileTree({ files, selected, onSelect }: { files: TreeFile[]; selected: string | null; onSelect: (path: string) => void }) {
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const q = query.trim().toLowerCase();
  const shown = useMemo(() => build(q ? files.filter((f) => f.path.toLowerCase().includes(q)) : files), [files, q]);

  const toggle = (path: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const render = (nodes: TreeNode[], depth: number): React.ReactNode =>
    nodes.map((n) => {
      const pad = { paddingLeft: `${0.5 + depth * 0.9}rem` };
      if (n.type === 'directory') {
        const expanded = q !== '' || !collapsed.has(n.path);
        return (
          <li key={n.path} role="treeitem" aria-expanded={expanded} aria-selected={false}>
            <button
              type="button"
              className="flex w-full items-center gap-1 rounded px-2 py-1 text-left text-sm font-medium hover:bg-stone-100"
              style={pad}
              onClick={() => toggle(n.path)}
            >
              <span aria-hidden="true" className="w-3 text-stone-500">
                {expanded ? '▾' : '▸'}
              </span>
              {n.name}/
            </button>
            {expanded ? <ul role="group">{render(n.children, depth + 1)}</ul> : null}
          </li>
        );
      }
      const active = n.path === selected;
      return (
        <li key={n.path} role="treeitem" aria-selected={active}>
          <button
            type="button"
            className={`flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left font-mono text-sm ${active ? 'bg-forest text-white' : 'hover:bg-stone-100'}`}
            style={pad}
            onClick={() => onSelect(n.path)}
            data-path={n.path}
          >
            <span className="truncate">{n.name}</span>
            {n.changed ? (
              <span className={`text-xs font-semibold ${active ? 'text-white' : 'text-brass'}`} title="Uncommitted changes">
                M<span className="sr-only"> (changed)</span>
              </span>
            ) : null}
          </button>
        </li>
      );
    });

  return (
    <div>
      <label className="block text-sm font-medium">
        Search files
        <input type="search" className={inputClass} value={query} onChange={(e) => setQuery(e.target.value)} placeholder="theme, emails…" />
      </label>
      {shown.length ? (
        <ul role="tree" aria-label="Repository files" className="mt-3 space-y-0.5">
          {render(shown, 0)}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-stone-600">No file matches “{query}”.</p>
      )}
    </div>
  );
}
