// How the screen talks to its route: each intent of the action travels as JSON in the one form field
// pages take (`_json`, as the staff editors send theirs), so the route's revalidation — and a button
// showing "Counting…" — can read what was sent; the table, its page and the tab live in the address.
import { JSON_FORM_FIELD } from '@shared/form-constants';
import type { DatabaseIntent } from './types';

export const SUBMIT = { method: 'post', encType: 'multipart/form-data' } as const;

export function databaseForm(intent: DatabaseIntent, value: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  form.set(JSON_FORM_FIELD, JSON.stringify({ ...value, intent }));
  return form;
}

/** What a submission carries (the JSON object), or null. */
export function sentValue(form: FormData | undefined): Record<string, unknown> | null {
  const json = form?.get(JSON_FORM_FIELD);
  if (typeof json !== 'string') return null;
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The intent a submission carries, or null. */
export function intentOf(form: FormData | undefined): string | null {
  const intent = sentValue(form)?.intent;
  return typeof intent === 'string' ? intent : null;
}
