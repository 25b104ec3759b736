// Form fields with a label, an inline error wired to aria-describedby, and the anti-bot fields.
import { useId } from 'react';
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from '@shared/form-constants';

export const inputClass =
  'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-ink focus:border-brass focus:ring-2 focus:ring-brass-light focus:outline-none aria-[invalid=true]:border-red-700';

interface FieldProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  children: (props: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => React.ReactNode;
}

export function Field({ label, name, error, hint, optional, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {optional ? <span className="font-normal text-stone-600"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: inputClass })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Hidden from people (and from assistive technology); bots fill it in. */
export function BotFields({ startedAt }: { startedAt: number }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={FORM_STARTED_FIELD} value={startedAt} />
    </>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-medium text-red-900">
      {message}
    </p>
  );
}
