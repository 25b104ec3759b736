// Authentication's public entry: sign-in and its tokens, the session store (who is signed in and
// what a change to them concerns), the lockout, and the live topics sessions listen on.
export { type AuthService, createAuthService, SESSION_REVOKED_TOPIC } from './service';
export { concerns, createSessionStore, type CurrentUser, type SessionStore, USER_CHANGED_TOPIC, type UserChanged } from './sessions';
export { ACCOUNT_WIDE, createLockout, type NewLock, storedSubjectSql, subjectOf } from './lockout';
export { createOneTimeTokens } from './one-time-tokens';
