// What counts as a security event in the audit log (the Master Admin Panel's recent events, the
// Audit Logs screen's quick filter): these actions wherever they happen, and any change to the
// tables that decide who may do what.
export const SECURITY_ACTIONS = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_OUT',
  'LOCKOUT',
  'UNLOCK',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  'PASSWORD_RESET_FORCED',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'TWO_FACTOR_FAILED',
  'STEP_UP',
  'STEP_UP_FAILED',
  'STATUS_CHANGE',
  'SESSIONS_REVOKED',
  'SETTINGS_UPDATE',
  'INVITATION_SENT',
  'INVITATION_RESENT',
  'INVITATION_REVOKED',
  'REDACT',
  'EMAIL_RESENT',
] as const;

export const SECURITY_TABLES = ['users', 'user_roles', 'roles', 'role_permissions', 'security_settings'] as const;

/** Routine successes: in the audit log, but left out of the panel's recent events (they would crowd out the rest). */
export const ROUTINE_ACTIONS = ['SIGN_IN', 'SIGN_IN_PASSWORD_OK', 'SIGN_OUT', 'STEP_UP'] as const;
