// The Navigation tab's editor: one menu at a time (header, footer, legal). Links are added, removed
// and edited in place; reordered by keyboard (Move up / Move down buttons) or by dragging a row onto
// another (native drag and drop); one level of nesting (Indent makes a link a child of the one above,
// Outdent takes it back out). A link goes to a page (published pages only), a route of the site or an
// external http(s) address. Save sends the whole menu with the version it was read at; the server
// checks every link and answers with the offending rows, or a version conflict.
import { useState } from 'react';
import { Form, href } from 'react-router';
import {
  NAV_LABEL_MAX,
  NAV_LINK_KIND_LABELS,
  NAV_LINK_KINDS,
  type NavEditorItem,
  type NavEditorMenu,
  type NavLinkKind,
  type NavPageOption,
} from '@shared/navigation-constants';
import { EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';

interface Row {
  key: number;
  label: string;
  kind: NavLinkKind;
  target: string;
  pageId: number | null;
  problem: NavEditorItem['problem'];
  children: Row[];
}

let nextKey = 1;
const toRows = (items: NavEditorItem[]): Row[] =>
  items.map((i) => ({
    key: nextKey++,
    label: i.label,
    kind: i.kind,
    target: i.target,
    pageId: i.pageId,
    problem: i.problem ?? null,
    children: toRows(i.children),
  }));

const fromRows = (rows: Row[]): unknown[] =>
  rows.map((r) => ({
    label: r.label,
    kind: r.kind,
    target: r.kind === 'page' ? '' : r.target,
    pageId: r.kind === 'page' ? r.pageId : null,
    children: fromRows(r.children),
  }));

/** Where a row is: its parent (null: top level) and index among its siblings. */
function locate(rows: Row[], key: number): { parent: Row | null; index: number } | null {
  const top = rows.findIndex((r) => r.key === key);
  if (top >= 0) return { parent: null, index: top };
  for (const r of rows) {
    const i = r.children.findIndex((c) => c.key === key);
    if (i >= 0) return { parent: r, index: i };
  }
  return null;
}

/** A deep copy to change (the editor's state is never mutated in place). */
const clone = (rows: Row[]): Row[] => rows.map((r) => ({ ...r, children: r.children.map((c) => ({ ...c, children: [] })) }));

function siblingsOf(rows: Row[], parent: Row | null): Row[] {
  return parent ? rows.find((r) => r.key === parent.key)!.children : rows;
}

function move(rows: Row[], key: number, by: -1 | 1): Row[] {
  const next = clone(rows);
  const at = locate(next, key);
  if (!at) return rows;
  const list = siblingsOf(next, at.parent);
  const to = at.index + by;
  if (to < 0 || to >= list.length) return rows;
  [list[at.index], list[to]] = [list[to]!, list[at.index]!];
  return next;
}

function indent(rows: Row[], key: number): Row[] {
  const next = clone(rows);
  const at = locate(next, key);
  if (!at || at.parent || at.index === 0 || next[at.index]!.children.length) return rows;
  const [row] = next.splice(at.index, 1);
  next[at.index - 1]!.children.push(row!);
  return next;
}

function outdent(rows: Row[], key: number): Row[] {
  const next = clone(rows);
  const at = locate(next, key);
  if (!at?.parent) return rows;
  const parentIndex = next.findIndex((r) => r.key === at.parent!.key);
  const [row] = next[parentIndex]!.children.splice(at.index, 1);
  next.splice(parentIndex + 1, 0, row!);
  return next;
}

function remove(rows: Row[], key: number): Row[] {
  const next = clone(rows);
  const at = locate(next, key);
  if (!at) return rows;
  siblingsOf(next, at.parent).splice(at.index, 1);
  return next;
}

/** Dragging `key` onto `target` puts it just before `target`, at `target`'s level (a link with children stays top level). */
function dropBefore(rows: Row[], key: number, target: number | 'end'): Row[] {
  if (key === target) return rows;
  const dragged = locate(rows, key);
  if (!dragged) return rows;
  const row = siblingsOf(rows, dragged.parent)[dragged.index]!;
  if (target !== 'end') {
    const where = locate(rows, target);
    if (!where || (where.parent && (row.children.length || where.parent.key === key))) return rows;
  }
  const next = remove(rows, key);
  if (target === 'end') return [...next, row];
  const where = locate(next, target)!;
  siblingsOf(next, where.parent).splice(where.index, 0, row);
  return next;
}

function update(rows: Row[], key: number, patch: Partial<Row>): Row[] {
  const next = clone(rows);
  const at = locate(next, key);
  if (!at) return rows;
  const list = siblingsOf(next, at.parent);
  list[at.index] = { ...list[at.index]!, ...patch, children: list[at.index]!.children };
  return next;
}

const PROBLEM_TEXT = {
  page_deleted: 'The page this link went to was deleted: the public menu leaves it out. Choose another page or remove the link.',
  page_unpublished: 'This page is not published: the public menu leaves the link out until it is.',
} as const;

export function MenuEditor({ menu, pages, routes }: { menu: NavEditorMenu; pages: NavPageOption[]; routes: string[] }) {
  const [rows, setRows] = useState(() => toRows(menu.items));
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | 'end' | null>(null);
  const editor = useJsonEditor();

  const save = () => editor.submit({ intent: 'nav-save', menu: menu.menu, version: menu.version, items: fromRows(rows) });
  const add = () => setRows([...rows, { key: nextKey++, label: '', kind: 'route', target: '/', pageId: null, problem: null, children: [] }]);

  const onDrop = (target: number | 'end') => (e: React.DragEvent) => {
    e.preventDefault();
    if (dragging !== null) setRows(dropBefore(rows, dragging, target));
    setDragging(null);
    setOver(null);
  };

  const renderRow = (row: Row, path: string, at: { parent: Row | null; index: number; count: number }) => {
    const name = row.label || 'new link';
    const err = (f: string) => editor.errors[`${path}.${f}`];
    const error = err('label') ?? err('target') ?? err('pageId') ?? err('kind');
    const id = `nav-${row.key}`;
    return (
      <li
        key={row.key}
        data-testid="nav-row"
        data-label={row.label}
        draggable
        onDragStart={(e) => {
          e.stopPropagation();
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', String(row.key));
          setDragging(row.key);
        }}
        onDragEnd={() => {
          setDragging(null);
          setOver(null);
        }}
        onDragOver={(e) => {
          if (dragging === null) return;
          e.preventDefault();
          e.stopPropagation();
          setOver(row.key);
        }}
        onDrop={(e) => {
          e.stopPropagation();
          onDrop(row.key)(e);
        }}
        className={`rounded-md border bg-white p-3 ${over === row.key && dragging !== row.key ? 'border-t-4 border-t-brass' : 'border-stone-300'} ${dragging === row.key ? 'opacity-50' : ''}`}
      >
        <div className="flex flex-wrap items-end gap-3">
          <span aria-hidden="true" className="cursor-grab self-center text-stone-500" title="Drag to reorder">
            ⠿
          </span>
          <label className="text-sm">
            <span className="block font-medium">Label</span>
            <input
              id={`${id}-label`}
              value={row.label}
              maxLength={NAV_LABEL_MAX}
              onChange={(e) => setRows(update(rows, row.key, { label: e.target.value }))}
              className="mt-1 w-44 rounded-md border border-stone-300 px-2 py-1"
              aria-invalid={err('label') ? true : undefined}
            />
          </label>
          <label className="text-sm">
            <span className="block font-medium">Links to</span>
            <select
              value={row.kind}
              onChange={(e) => setRows(update(rows, row.key, { kind: e.target.value as NavLinkKind, problem: null }))}
              className="mt-1 rounded-md border border-stone-300 px-2 py-1"
            >
              {NAV_LINK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {NAV_LINK_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          {row.kind === 'page' ? (
            <label className="text-sm">
              <span className="block font-medium">Page</span>
              <select
                value={row.pageId ?? ''}
                onChange={(e) => setRows(update(rows, row.key, { pageId: e.target.value ? Number(e.target.value) : null, problem: null }))}
                className="mt-1 w-56 rounded-md border border-stone-300 px-2 py-1"
                aria-invalid={err('pageId') ? true : undefined}
              >
                <option value="">Choose a page…</option>
                {pages.map((p) => (
                  <option key={p.id} value={p.id} disabled={!p.published && p.id !== row.pageId}>
                    {p.title} (/{p.slug}){p.published ? '' : ' — not published'}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="text-sm">
              <span className="block font-medium">{row.kind === 'route' ? 'Path' : 'Address'}</span>
              <input
                value={row.target}
                onChange={(e) => setRows(update(rows, row.key, { target: e.target.value }))}
                placeholder={row.kind === 'route' ? href('/products') : 'https://'}
                list={row.kind === 'route' ? 'nav-routes' : undefined}
                className="mt-1 w-56 rounded-md border border-stone-300 px-2 py-1 font-mono text-sm"
                aria-invalid={err('target') ? true : undefined}
              />
            </label>
          )}
          <span className="flex flex-wrap gap-1">
            <button
              type="button"
              className={buttonClass.secondary}
              aria-label={`Move ${name} up`}
              disabled={at.index === 0}
              onClick={() => setRows(move(rows, row.key, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              aria-label={`Move ${name} down`}
              disabled={at.index === at.count - 1}
              onClick={() => setRows(move(rows, row.key, 1))}
            >
              ↓
            </button>
            {at.parent ? (
              <button type="button" className={buttonClass.secondary} aria-label={`Outdent ${name}`} onClick={() => setRows(outdent(rows, row.key))}>
                Outdent
              </button>
            ) : (
              <button
                type="button"
                className={buttonClass.secondary}
                aria-label={`Indent ${name}`}
                disabled={at.index === 0 || row.children.length > 0}
                onClick={() => setRows(indent(rows, row.key))}
              >
                Indent
              </button>
            )}
            <button type="button" className={buttonClass.danger} aria-label={`Remove ${name}`} onClick={() => setRows(remove(rows, row.key))}>
              Remove
            </button>
          </span>
        </div>
        {row.problem ? (
          <p className="mt-2 text-sm text-amber-800" data-testid="nav-problem">
            ⚠ {PROBLEM_TEXT[row.problem]}
          </p>
        ) : null}
        {error ? (
          <p className="mt-2 text-sm text-red-800" role="alert">
            {error}
          </p>
        ) : null}
        {row.children.length ? (
          <ul className="mt-3 space-y-2 border-l-2 border-stone-200 pl-6" aria-label={`Links under ${name}`}>
            {row.children.map((c, j) => renderRow(c, `${path}.children.${j}`, { parent: row, index: j, count: row.children.length }))}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <div data-testid={`menu-editor-${menu.menu}`}>
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      {menu.stored ? null : <p className="mb-3 text-sm text-stone-700">This menu is not stored yet: the site shows these built-in links. Saving stores it.</p>}
      <datalist id="nav-routes">
        {routes.map((r) => (
          <option key={r} value={`/${r}`} />
        ))}
      </datalist>
      {rows.length ? (
        <ul className="space-y-2" aria-label={`${menu.label} links`}>
          {rows.map((r, i) => renderRow(r, `items.${i}`, { parent: null, index: i, count: rows.length }))}
        </ul>
      ) : (
        <p className="text-stone-700">No links in this menu. Add one below.</p>
      )}
      <div
        onDragOver={(e) => {
          if (dragging === null) return;
          e.preventDefault();
          setOver('end');
        }}
        onDrop={onDrop('end')}
        className={`mt-2 rounded-md border-2 border-dashed p-2 text-center text-xs text-stone-500 ${over === 'end' ? 'border-brass' : 'border-stone-200'}`}
      >
        Drop here to move a link to the end
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={add}>
          Add link
        </button>
        <button type="button" className={buttonClass.primary} onClick={save} disabled={editor.busy}>
          {editor.busy ? 'Saving…' : 'Save Menu'}
        </button>
      </div>
    </div>
  );
}

/** Before any menu is stored: Start Building Navigation stores today's menus and opens the editor. */
export function StartBuilding({ menus }: { menus: NavEditorMenu[] }) {
  return (
    <>
      <p className="mt-2 text-stone-700">The header and footer show the site’s built-in links today:</p>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        {menus.map((m) => (
          <div key={m.menu}>
            <h3 className="font-medium">{m.label}</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {m.items.map((l, i) => (
                <li key={i}>
                  {l.label} <span className="font-mono text-xs text-stone-600">{l.target}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="nav-seed" />
        <button type="submit" className={buttonClass.primary}>
          Start Building Navigation
        </button>
      </Form>
    </>
  );
}
