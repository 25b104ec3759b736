// Create New Role: a name, staff or partner (which decides the area it opens and the switches it can
// hold), a description and its permissions — saved after a fresh password check.
import { useEffect, useId, useRef, useState } from 'react';
import { DISABLED_REASON, PERMISSION_GOVERNS, PERMISSIONS, type Permission, permissionsForArea, type RoleArea } from '@shared/policy';
import type { ActionResult } from '~/lib/action-result';
import { EditorAlert } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { useStepUpFetcher } from '~/components/step-up';
import { jsonForm, JSON_SUBMIT } from './json-form';
import { Switch } from '~/components/ui/switch';

const KINDS: { value: RoleArea; label: string; says: string }[] = [
  { value: 'staff', label: 'Staff role', says: 'Opens the admin area; its permissions reach every record.' },
  { value: 'partner', label: 'Partner role', says: "Opens the partner portal; its permissions reach the holder's organisation." },
];

export function CreateRoleButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass.primary} onClick={() => setOpen(true)}>
        Create New Role
      </button>
      {open ? <CreateRoleDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CreateRoleDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const { fetcher, submit, dialog, steppingUp } = useStepUpFetcher<ActionResult>();
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');
  const [area, setArea] = useState<RoleArea>('staff');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const result = steppingUp ? undefined : fetcher.data;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const choose = (next: RoleArea) => {
    setArea(next);
    // A switch the other kind cannot hold goes.
    setPermissions((list) => list.filter((p) => permissionsForArea(next).includes(p)));
  };
  const create = (e: React.FormEvent) => {
    e.preventDefault();
    submit(jsonForm({ intent: 'create', label, area, description, permissions }), JSON_SUBMIT);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={onClose}
      className="m-auto max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-ink/50"
    >
      <form onSubmit={create} noValidate className="space-y-4">
        <h2 id={`${id}-title`} className="font-serif text-2xl">
          Create New Role
        </h2>
        <EditorAlert formError={result?.formError} code={result?.code} hint={result?.hint} />
        <Field label="Role name" name="label" error={result?.errors?.label} hint="As people will read it, e.g. Warehouse lead.">
          {(p) => <input {...p} value={label} onChange={(e) => setLabel(e.target.value)} maxLength={40} required autoFocus />}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium">Kind</legend>
          {result?.errors?.area ? <p className="text-sm font-medium text-red-800">{result.errors.area}</p> : null}
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {KINDS.map((k) => (
              <label key={k.value} className="flex cursor-pointer gap-2 rounded-md border border-stone-300 p-3 has-[:checked]:border-forest">
                <input type="radio" name="area" value={k.value} checked={area === k.value} onChange={() => choose(k.value)} className="mt-1" />
                <span>
                  <span className="block text-sm font-medium">{k.label}</span>
                  <span className="block text-sm text-stone-600">{k.says}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Description" name="description" optional error={result?.errors?.description}>
          {(p) => <textarea {...p} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={300} />}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium">Permissions</legend>
          {result?.errors?.permissions ? <p className="text-sm font-medium text-red-800">{result.errors.permissions}</p> : null}
          <div className="divide-y divide-stone-200">
            {permissionsForArea(area).map((p) => (
              <Switch
                key={p}
                label={PERMISSIONS[p]}
                description={PERMISSION_GOVERNS[p]}
                checked={permissions.includes(p)}
                disabledReason={DISABLED_REASON[p]}
                onChange={(on) => setPermissions((list) => (on ? [...list, p].sort() : list.filter((x) => x !== p)))}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Creating…' : 'Create Role'}
          </button>
        </div>
      </form>
      {dialog}
    </dialog>
  );
}
