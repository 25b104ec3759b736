// Change-feed topics of accounts, shared by the services that publish and the ones that listen.
/** `{ userId }`: sessions of this user ended (sign-out, password change, suspension). */
export const SESSION_REVOKED_TOPIC = 'session_revoked';
