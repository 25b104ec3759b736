// A labelled on/off switch (role="switch"), with what it governs — or why it is disabled — read out
// with it. Used by the role cards, the Access Control form and the SQL editor's "Allow writes".
import { useId } from 'react';

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange?: (on: boolean) => void;
  /** What the switch governs (shown under its name). */
  description?: string;
  /** Shown instead of a working switch: why it cannot be changed. */
  disabledReason?: string;
  /** Read only (a card not being edited): shown as it is, not a control. */
  readOnly?: boolean;
  /** An extra line (e.g. "On for Importer only"). */
  note?: string;
}

export function Switch({ label, checked, onChange, description, disabledReason, readOnly, note }: SwitchProps) {
  const id = useId();
  const disabled = !!disabledReason || readOnly || !onChange;
  const described = [description ? `${id}-what` : null, disabledReason ? `${id}-why` : null, note ? `${id}-note` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-medium">
          {label}
        </span>
        {description ? (
          <span id={`${id}-what`} className="block text-sm text-stone-600">
            {description}
          </span>
        ) : null}
        {disabledReason ? (
          <span id={`${id}-why`} className="block text-sm text-amber-900">
            {disabledReason}
          </span>
        ) : null}
        {note ? (
          <span id={`${id}-note`} className="block text-sm text-amber-900">
            {note}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={described}
        disabled={disabled}
        onClick={() => onChange?.(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-2 focus-visible:ring-brass focus-visible:ring-offset-2 focus-visible:outline-none ${
          checked ? 'bg-forest' : 'bg-stone-400'
        } ${disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'}`}
      >
        <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`} />
      </button>
    </div>
  );
}
