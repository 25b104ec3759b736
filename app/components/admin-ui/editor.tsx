// The parts of every staff editor: a JSON submission through a fetcher (so nested fields such as
// ingredients or price grids travel as they are), field errors keyed by path, the conflict banner
// for optimistic concurrency, a delete button that asks first, and the links and buttons around the form.
import { useState } from 'react';
import { Form, Link, useFetcher, useNavigation } from 'react-router';
import { JSON_FORM_FIELD } from '@shared/form-constants';
import type { ActionResult } from '~/lib/action-result';
import { buttonClass } from './list';

/**
 * Submits `value` as JSON to the route's action; returns the action's field errors and message.
 * Pages take forms only (server/http/page-forms.ts), so the JSON travels as text in one field of a
 * multipart form (no percent-encoding growth); `readBody` reads it back.
 */
export function useJsonEditor() {
  const fetcher = useFetcher<ActionResult>();
  const submit = (value: Record<string, unknown>, action?: string) =>
    void fetcher.submit({ [JSON_FORM_FIELD]: JSON.stringify(value) }, { method: 'post', encType: 'multipart/form-data', action });
  const result = fetcher.data;
  return {
    submit,
    busy: fetcher.state !== 'idle',
    errors: result?.errors ?? {},
    formError: result?.formError,
    code: result?.code,
    hint: result?.hint,
  };
}

/** The message above the form: a conflict says what to do about it. */
export function EditorAlert({ formError, code, hint }: { formError?: string; code?: string; hint?: string }) {
  if (!formError) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900" data-testid="editor-alert" data-code={code}>
      <p className="font-medium">{formError}</p>
      {hint ? <p className="mt-1 text-sm">{hint}</p> : null}
      {code === 'version_conflict' ? (
        <p className="mt-2 text-sm">
          <a href="" className="font-medium underline">
            Reload the latest version
          </a>{' '}
          (your unsaved changes on this page will be lost).
        </p>
      ) : null}
    </div>
  );
}

/** A plain form post with `intent=delete` (or another intent) that asks before it goes. */
export function ConfirmButton({
  intent,
  label,
  question,
  fields = {},
  variant = 'danger',
}: {
  intent: string;
  label: string;
  question: string;
  fields?: Record<string, string | number>;
  variant?: keyof typeof buttonClass;
}) {
  const [asking, setAsking] = useState(false);
  const navigation = useNavigation();
  if (!asking) {
    return (
      <button type="button" className={buttonClass[variant]} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <Form method="post" className="inline-flex flex-wrap items-center gap-2 rounded-md border border-stone-300 bg-white p-2" role="group" aria-label={question}>
      <span className="text-sm">{question}</span>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={buttonClass[variant]} disabled={navigation.state !== 'idle'}>
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" className={buttonClass.secondary} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </Form>
  );
}

/** The way back to the list above an editor's title. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="mb-2 text-sm">
      <Link to={to} className="text-brass underline">
        ← {label}
      </Link>
    </p>
  );
}

export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <button type="submit" className={buttonClass.primary} disabled={busy}>
      {busy ? 'Saving…' : 'Save'}
    </button>
  );
}

/** Save, and Cancel back to the list (leaving the unsaved changes). */
export function EditorActions({ busy, cancelTo }: { busy: boolean; cancelTo: string }) {
  return (
    <div className="flex gap-3">
      <SaveButton busy={busy} />
      <Link to={cancelTo} className={buttonClass.secondary}>
        Cancel
      </Link>
    </div>
  );
}
