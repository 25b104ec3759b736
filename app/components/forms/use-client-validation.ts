// "Better with JavaScript": the same zod schema the server uses checks the form before it is sent,
// so field errors show at once; the server still validates everything. The schema (and the
// validation library) load when the visitor first touches the form, not with the page.
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@shared/field-errors';
import { FORM_STARTED_FIELD, type FieldErrors, HONEYPOT_FIELD } from '@shared/form-constants';

type SchemaName = 'contactForm' | 'businessInquiryForm';

export function useClientValidation(name: SchemaName, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  const loaded = useRef<{ schema: z.ZodType } | null>(null);
  // New errors from the server replace what the browser found.
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(null);
  }
  function onFocus() {
    if (loaded.current) return;
    void import('@shared/schemas/inquiries').then((m) => {
      loaded.current = { schema: m[name] };
    });
  }
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // Not loaded yet (a very fast submit): the server answers with the same errors.
    if (!loaded.current) return;
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].filter(([k]) => k !== HONEYPOT_FIELD && k !== FORM_STARTED_FIELD).map(([k, v]) => [k, String(v)]),
    );
    const result = loaded.current.schema.safeParse(values);
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
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, onFocus };
}
