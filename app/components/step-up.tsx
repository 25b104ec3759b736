// The browser's side of step-up (server/auth/step-up.ts). A sensitive action refused with the code
// `step_up_required` opens a dialog asking for the password (and, with two-factor, the code); once
// the server confirms, the same submission is sent again. Pages use `useStepUpFetcher` in place of
// `useFetcher` for the forms whose actions need it, and render its `dialog`.
import { useEffect, useId, useRef, useState } from 'react';
import { type FetcherWithComponents, type SubmitOptions, useFetcher } from 'react-router';
import { Field } from '~/components/forms/fields';
import { buttonClass } from '~/components/admin-ui/list';

export const STEP_UP_REQUIRED = 'step_up_required';

type Submission = { target: FormData; options: SubmitOptions };

/**
 * `useFetcher` whose submissions survive a step-up: `submit` (or `onSubmit` on a plain `<form>`)
 * remembers what was sent; when the answer is `step_up_required`, `dialog` asks for the password and
 * then sends it again. `fetcher.data` is the answer of the last completed try.
 */
export function useStepUpFetcher<T = unknown>(key?: string) {
  const fetcher = useFetcher<T>(key ? { key } : undefined);
  const last = useRef<Submission | null>(null);
  const [asking, setAsking] = useState(false);
  const code = (fetcher.data as { code?: string } | undefined)?.code;

  useEffect(() => {
    if (fetcher.state === 'idle' && code === STEP_UP_REQUIRED && last.current) setAsking(true);
  }, [fetcher.state, fetcher.data, code]);

  const submit = (target: FormData, options: SubmitOptions = { method: 'post' }) => {
    last.current = { target, options };
    void fetcher.submit(target, options);
  };
  /** For `<form onSubmit={onSubmit} method="post">`: submits through the fetcher with the form's data. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    submit(data, { method: 'post', action: form.getAttribute('action') ?? undefined });
  };

  const dialog = asking ? (
    <StepUpDialog
      onConfirmed={() => {
        setAsking(false);
        if (last.current) void fetcher.submit(last.current.target, last.current.options);
      }}
      onCancel={() => setAsking(false)}
    />
  ) : null;
  /** True while the dialog is open: the refusal is being handled, the page need not show it. */
  const steppingUp = asking || (fetcher.state === 'idle' && code === STEP_UP_REQUIRED);
  return { fetcher: fetcher as FetcherWithComponents<T>, submit, onSubmit, dialog, steppingUp };
}

/** The password (and code) dialog: POST /api/auth/step-up, then `onConfirmed`. */
export function StepUpDialog({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [needCode, setNeedCode] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Rendered inside a page's own form, the submit must not reach that form's handler too.
    event.stopPropagation();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setErrors({});
    try {
      const res = await fetch('/api/auth/step-up', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ password: String(form.get('password') ?? ''), ...(form.get('code') ? { code: String(form.get('code')) } : {}) }),
      });
      if (res.ok) {
        // Read to its end: a response left unread stays open in the browser (Chromium 156 never
        // finishes it), and whatever waits for the page's network to go quiet waits for ever.
        await res.json().catch(() => null);
        onConfirmed();
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      const message = body?.error?.message ?? 'Could not confirm. Try again.';
      if (body?.error?.code === 'wrong_code') {
        setNeedCode(true);
        setErrors({ code: message });
      } else if (body?.error?.code === 'wrong_password') setErrors({ password: message });
      else setErrors({ form: message });
    } catch {
      setErrors({ form: 'Could not reach the server. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 shadow-xl backdrop:bg-ink/50"
    >
      {/* POST, never the default GET: whatever happens to the script, the password stays out of the address. */}
      <form onSubmit={confirm} method="post" className="space-y-4" noValidate>
        <h2 id={`${id}-title`} className="font-serif text-xl">
          Confirm it’s you
        </h2>
        <p className="text-sm text-stone-700">This change needs your password{needCode ? ' and the code from your authenticator app' : ''}.</p>
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {errors.form}
          </p>
        ) : null}
        <Field label="Password" name="password" error={errors.password}>
          {(p) => <input {...p} type="password" autoComplete="current-password" required autoFocus />}
        </Field>
        {needCode ? (
          <Field label="Authentication code" name="code" error={errors.code} hint="Six digits, or a recovery code.">
            {(p) => <input {...p} inputMode="numeric" autoComplete="one-time-code" autoFocus />}
          </Field>
        ) : null}
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Confirming…' : 'Confirm'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
