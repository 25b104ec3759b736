// What the Database Management route hands its screen, and what its action answers — one shape per
// intent, and one for a refusal (the service's code, message, details and hint, as the API says them).
import type { FieldErrors } from '@shared/form-constants';
import type { SavedQuery, SqlHistoryEntry, SqlRunResult, SqlStatus, TablePage, TableSummary } from '@shared/schemas/database';

export interface DatabaseScreenData {
  tables: TableSummary[];
  /** The selected table's page (the first table unless the address names one); null without tables. */
  page: TablePage | null;
  /** The address's cursor could not be read: the first page is shown instead. */
  cursorRefused: boolean;
  /** The first SAVED_SHOWN saved queries by name (a hand-made flood must not make the page megabytes). */
  saved: SavedQuery[];
  savedTotal: number;
  history: SqlHistoryEntry[];
  status: SqlStatus;
}

/** Saved queries the screen lists at most. */
export const SAVED_SHOWN = 200;

export type DatabaseIntent = 'run' | 'count' | 'save' | 'rename' | 'delete';

export type DatabaseActionData =
  | { intent: 'run'; ok: true; result: SqlRunResult; code?: undefined }
  | { intent: 'count'; ok: true; name: string; count: number; code?: undefined }
  | { intent: 'save' | 'rename' | 'delete'; ok: true; toast: { title: string; description?: string }; code?: undefined }
  | {
      intent: DatabaseIntent | null;
      ok: false;
      /** The service's code: sql_error, sql_refused, sql_confirm, step_up_required, validation_failed … */
      code: string;
      message: string;
      details?: unknown;
      hint?: string;
      errors: FieldErrors;
    };

/** What a write's confirmation lists (the details of `sql_confirm`). */
export interface WritesToConfirm {
  tables: string[];
  statements: { text: string; command: string; kind: 'read' | 'write'; tables: string[] }[];
}
