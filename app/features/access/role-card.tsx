// One card of Roles & Permissions: the role's switches, each saying what it governs (Code Editing
// disabled with its reason); Edit Role makes them switchable, and Save sends them — after a fresh
// password check — for every role the card covers. A custom role can be deleted while nobody holds it.
import { useState } from 'react';
import { DISABLED_REASON, PERMISSION_GOVERNS, PERMISSIONS, type Permission, permissionsForArea } from '@shared/policy';
import type { RoleCard as Card } from '@shared/roles';
import type { ActionResult } from '~/lib/action-result';
import { EditorAlert } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { useStepUpFetcher } from '~/components/step-up';
import { jsonForm, JSON_SUBMIT } from './json-form';
import { Switch } from '~/components/ui/switch';
import { plural } from '@shared/plural';

const AREA_SAYS = {
  staff: 'Staff role: opens the admin area; its permissions reach every record.',
  partner: "Partner role: opens the partner portal; its permissions reach the holder's organisation.",
} as const;

export function RoleCard({ card }: { card: Card }) {
  const { fetcher, submit, dialog, steppingUp } = useStepUpFetcher<ActionResult>();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [permissions, setPermissions] = useState<Permission[]>(card.permissions);
  const [label, setLabel] = useState(card.label);
  const [description, setDescription] = useState(card.description);
  const busy = fetcher.state !== 'idle';
  const result = steppingUp ? undefined : fetcher.data;
  const headingId = `role-${card.name}`;

  const toggle = (p: Permission, on: boolean) => setPermissions((list) => (on ? [...list, p].sort() : list.filter((x) => x !== p)));
  const cancel = () => {
    setEditing(false);
    setPermissions(card.permissions);
    setLabel(card.label);
    setDescription(card.description);
  };
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    submit(jsonForm({ intent: 'update', name: card.name, ...(card.isSystem ? {} : { label }), description, permissions, version: card.version }), JSON_SUBMIT);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm" data-testid={`role-card-${card.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-serif text-xl">
            {card.label}
            {card.isSystem ? null : <span className="ml-2 rounded bg-stone-200 px-2 py-0.5 align-middle text-xs font-medium text-stone-800">Custom</span>}
          </h2>
          {card.covers.length ? (
            <p className="text-sm text-stone-700">Shared by {card.covers.join(', ')}: one set of switches for every partner role.</p>
          ) : null}
          <p className="text-sm text-stone-600">
            {AREA_SAYS[card.area]} Held by {plural(card.users, 'person', 'people')}.
          </p>
          {card.description && !editing ? <p className="mt-1 text-sm">{card.description}</p> : null}
        </div>
        {card.locked ? null : editing ? null : (
          <div className="flex gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => setEditing(true)}>
              Edit Role
            </button>
            {card.isSystem ? null : (
              <button type="button" className={buttonClass.danger} onClick={() => setConfirmDelete(true)}>
                Delete Role
              </button>
            )}
          </div>
        )}
      </div>

      {card.locked ? (
        <p className="mt-3 rounded-md bg-stone-100 p-3 text-sm text-stone-800">
          The master admin holds every permission and alone opens the master-admin screens, whatever these switches say. It is not edited here.
        </p>
      ) : null}

      {confirmDelete ? (
        <div
          role="group"
          aria-label={`Delete ${card.label}?`}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-red-700 bg-red-50 p-3"
        >
          <span className="text-sm">Delete the role “{card.label}”? This cannot be undone.</span>
          <button
            type="button"
            className={buttonClass.danger}
            disabled={busy}
            onClick={() => submit(jsonForm({ intent: 'delete', name: card.name, version: card.version }), JSON_SUBMIT)}
          >
            Yes, delete role
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => setConfirmDelete(false)}>
            Cancel
          </button>
        </div>
      ) : null}

      <form onSubmit={save} noValidate aria-label={`Edit ${card.label}`} className="mt-3">
        <EditorAlert formError={result?.formError} code={result?.code} hint={result?.hint} />
        {editing ? (
          <div className="mb-3 space-y-3">
            {card.isSystem ? null : (
              <Field label="Role name" name="label" error={result?.errors?.label}>
                {(p) => <input {...p} value={label} onChange={(e) => setLabel(e.target.value)} maxLength={40} required />}
              </Field>
            )}
            <Field label="Description" name="description" optional error={result?.errors?.description}>
              {(p) => <textarea {...p} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={300} />}
            </Field>
          </div>
        ) : null}
        {result?.errors?.permissions ? <p className="text-sm font-medium text-red-800">{result.errors.permissions}</p> : null}
        <div className="divide-y divide-stone-200">
          {permissionsForArea(card.area).map((p) => {
            const partly = card.partly[p];
            return (
              <Switch
                key={p}
                label={PERMISSIONS[p]}
                description={PERMISSION_GOVERNS[p]}
                checked={permissions.includes(p)}
                disabledReason={DISABLED_REASON[p]}
                readOnly={!editing}
                note={partly ? `Today on for ${partly.join(', ')} only; saving gives every partner role the same.` : undefined}
                onChange={editing ? (on) => toggle(p, on) : undefined}
              />
            );
          })}
        </div>
        {editing ? (
          <div className="mt-4 flex gap-3">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? 'Saving…' : 'Save Changes'}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={cancel}>
              Cancel
            </button>
          </div>
        ) : null}
      </form>
      {dialog}
    </section>
  );
}
