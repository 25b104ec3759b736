// A 24-hour time field: `<input type="time">` follows the operating system's locale and shows
// AM/PM to many staff, while the store's hours are 24-hour times. A text field with HH:MM, a
// numeric keyboard on phones, and a tidy-up on leaving it ("9" → "09:00", "1830" → "18:30");
// the shared schema still decides what is valid.
import { inputClass } from '~/components/forms/fields';

export const TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]';

/** What people type for a time, written as HH:MM; anything unclear is left as typed (for the schema to refuse). */
export function normalizeTime(text: string): string {
  const t = text.trim();
  const m = /^(\d{1,2})(?:[:.h ]?(\d{2}))?$/.exec(t);
  if (!m) return t;
  const hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  // "930" splits as 9 and 30 (two digits of minutes); an hour or minute out of range stays as typed.
  if (hours > 23 || minutes > 59) return t;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

interface TimeInputProps {
  label: string;
  value: string;
  disabled?: boolean;
  invalid?: boolean;
  onChange: (value: string) => void;
}

export function TimeInput({ label, value, disabled, invalid, onChange }: TimeInputProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      pattern={TIME_PATTERN}
      maxLength={5}
      placeholder="HH:MM"
      aria-label={label}
      value={value}
      disabled={disabled}
      aria-invalid={invalid ? true : undefined}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const tidy = normalizeTime(e.target.value);
        if (tidy !== e.target.value) onChange(tidy);
      }}
      className={`${inputClass.replace('w-full', 'w-24')} mt-0 tabular-nums`}
    />
  );
}
