// "Better with JavaScript": the same zod schema the server uses checks the form before it is sent,
// so field errors show at once; the server still validates everything.
import { useState } from 'react';
import type { z } from 'zod';
import { FORM_STARTED_FIELD, fieldErrors, type FieldErrors, HONEYPOT_FIELD } from '@shared/schemas/inquiries';

export function useClientValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  // New errors from the server replace what the browser found.
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(null);
  }
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].filter(([k]) => k !== HONEYPOT_FIELD && k !== FORM_STARTED_FIELD).map(([k, v]) => [k, String(v)]),
    );
    const result = schema.safeParse(values);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrors(result.error);
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
