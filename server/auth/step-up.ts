// Step-up: sensitive actions (role and permission changes, deleting a user, security settings, the
// SQL editor's writes, the code editor's deploys) need a fresh password check — and the code, with
// two-factor — on top of the session. Confirming (AuthService.confirmStepUp, POST
// /api/auth/step-up) marks the session elevated for STEP_UP_MS; a service asks `requireStepUp`
// before it acts. The browser's side is app/components/step-up.tsx: a refusal with the code
// `step_up_required` opens the dialog, and the action is sent again once confirmed.
import { AppError } from '../core/errors';

/** How long one confirmation holds. */
export const STEP_UP_MS = 10 * 60_000;
/** Wrong passwords or codes allowed in STEP_UP_FAILURE_WINDOW_MS before the check refuses for a while. */
export const STEP_UP_MAX_FAILURES = 5;
export const STEP_UP_FAILURE_WINDOW_MS = 15 * 60_000;

export const STEP_UP_REQUIRED = 'step_up_required';

/** Throws `step_up_required` (forbidden) unless the session was confirmed within STEP_UP_MS. */
export function requireStepUp(user: { elevatedUntil: number | null }, now: number): void {
  if (user.elevatedUntil === null || user.elevatedUntil <= now) {
    throw new AppError(STEP_UP_REQUIRED, 'forbidden', 'Confirm your password to continue.', {
      hint: 'POST /api/auth/step-up with your password (and code, with two-factor), then try again.',
    });
  }
}
