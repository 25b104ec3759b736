// Where an organisation's licence stands on a given day: valid, expiring (within the first warning's
// days) or expired — what the staff list, the organisation's page and the daily check agree on.
import { LICENCE_WARNING_DAYS } from './partners';

export type LicenceState = 'valid' | 'expiring' | 'expired';

const DAY_MS = 86_400_000;

/** Whole days from `today` to the licence's last valid day (both YYYY-MM-DD): 0 on that day, negative after. */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The calendar date `days` after `today` (YYYY-MM-DD). */
export function addDays(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function licenceState(expiresOn: string, today: string): { state: LicenceState; days: number } {
  const days = daysUntil(expiresOn, today);
  return { state: days < 0 ? 'expired' : days <= LICENCE_WARNING_DAYS[0] ? 'expiring' : 'valid', days };
}

/**
 * The warning a licence is due on `today`: 30 or 7 (days before, the stage of LICENCE_WARNING_DAYS it
 * has reached) or 0 (expired); null while more than 30 days remain. The daily job sends each stage once.
 */
export function licenceWarningStage(expiresOn: string, today: string): number | null {
  const days = daysUntil(expiresOn, today);
  if (days < 0) return 0;
  let stage: number | null = null;
  for (const d of LICENCE_WARNING_DAYS) if (days <= d) stage = d;
  return stage;
}
