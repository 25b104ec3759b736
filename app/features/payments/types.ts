// What the Payments page's actions answer when they do not redirect (app/lib/action-result.ts's shape, with the intent).
import type { FieldErrors } from '@shared/form-constants';

export interface PaymentFormResult {
  errors: FieldErrors;
  formError?: string;
  code?: string;
  hint?: string;
  values?: Record<string, string>;
  intent?: string;
}
