// How the people screens talk to their route's action: every intent (create, edit, delete, reset …)
// travels as JSON in one form field through a fetcher that survives a step-up (a role change, a
// delete, two-factor off and creating a master admin ask for the password, then send again). The
// answer's toast is shown here; `ok` tells a dialog it may close.
import { useEffect, useRef } from 'react';
import { JSON_FORM_FIELD } from '@shared/form-constants';
import { useStepUpFetcher } from '~/components/step-up';
import type { ActionResult } from '~/lib/action-result';
import { toast } from '~/lib/toast-store';

/** What the people action answers: a refusal (ActionResult), or `ok` with a toast and, for a link handed over, the link. */
export type PeopleActionData =
  | (ActionResult & { ok?: undefined; link?: undefined })
  | { ok: true; toast: { title: string; description?: string }; link?: string | null; errors?: undefined };

export function usePeopleAction(onDone?: (data: Extract<PeopleActionData, { ok: true }>) => void) {
  const { fetcher, submit, dialog, steppingUp } = useStepUpFetcher<PeopleActionData>();
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const data = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !data) return;
    if (data.ok) {
      toast(data.toast);
      done.current?.(data);
    } else if (data.toast) toast(data.toast);
  }, [fetcher.state, data]);
  const refused = data && !data.ok && !steppingUp ? data : undefined;
  return {
    send(value: Record<string, unknown>) {
      const form = new FormData();
      form.set(JSON_FORM_FIELD, JSON.stringify(value));
      submit(form, { method: 'post', encType: 'multipart/form-data' });
    },
    busy: fetcher.state !== 'idle',
    errors: refused?.errors ?? {},
    formError: refused?.formError,
    code: refused?.code,
    hint: refused?.hint,
    /** The step-up dialog when the server asked for it: render it. */
    stepUp: dialog,
  };
}
