// A value for a page action as the staff editors send it: JSON text in the one form field `_json`
// (pages take forms only), as multipart so it is not percent-encoded.
import type { SubmitOptions } from 'react-router';
import { JSON_FORM_FIELD } from '@shared/form-constants';

export function jsonForm(value: Record<string, unknown>): FormData {
  const form = new FormData();
  form.set(JSON_FORM_FIELD, JSON.stringify(value));
  return form;
}

export const JSON_SUBMIT: SubmitOptions = { method: 'post', encType: 'multipart/form-data' };
